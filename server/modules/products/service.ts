/**
 * Products: a supplier's catalogue. Owns the rules of creating (supplier role, plan limit,
 * idempotent client id), updating and soft-deleting one's own products, and the public
 * reads. Every write records the product in the change log for everyone in the same
 * transaction. Another supplier's product is 404 to a writer, never 403, so ids do not
 * leak what exists.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Language } from '../../../shared/constants';
import type { PaginationQuery } from '../../../shared/schemas/common';
import type { Product, ProductCreate, ProductListQuery, ProductUpdate } from '../../../shared/schemas/product';
import type { SessionUser } from '../../auth/session-user';
import { assertRole } from '../../auth/guards';
import { notFound, validationFailed } from '../../../shared/errors';
import { recordChange, writeWithChanges } from '../../db/changes';
import { idTaken } from '../../db/client-ids';
import type { Page } from '../../db/page';
import { assertLimitState, lockPlanLimit, planLimitColumns, type PlanLimitState } from '../plan-limits/limits';
import { assertCategoryExists, resolveCategoryRef } from '../categories/service';
import { findProduct, listNewest } from './queries';
import { searchProducts } from './search';
import { listSorted } from './sorted';
import { productPolicy } from './policy';
import { reachSupplier } from '../rfqs/audience';
import { assertNotSuspended } from '../../auth/suspension';

/** jsonb goes to the driver as JSON text (PGlite would not serialise an object). */
const jsonb = (v: Record<string, string> | null | undefined) => (v == null ? v : JSON.stringify(v));

export async function getProduct(db: Knex, language: Language, id: string): Promise<Product> {
  const row = await findProduct(db, language, id);
  if (!row) throw notFound('Product');
  return row;
}

/**
 * GET /api/products: by relevance (newest first, or ranked when searching), or in the
 * order `sort` asks for. `nearest` measures from `near`, else from the reader's profile
 * city; with neither it is refused, as it has nothing to measure from. `version`: the
 * catalogue's version if this request has read it already (the catalogue's fast path, whose
 * remembered page had gone stale), so the page cache does not read it again.
 */
export async function listProducts(db: Knex, language: Language, query: ProductListQuery, reader?: SessionUser, version?: number): Promise<Page<Product>> {
  let near: string | null = null;
  if (query.sort === 'nearest') {
    near = query.near ?? (reader ? ((await db('profiles').where({ user_id: reader.account_id }).first('city'))?.city?.trim() || null) : null);
    if (!near) throw validationFailed('Invalid input: near', [{ path: 'near', message: 'sort=nearest needs a city: near, or the signed-in reader\'s profile city' }]);
  }
  const filter: { category_id?: string; supplier_id?: string } = { supplier_id: query.supplier_id };
  if (query.category) {
    filter.category_id = await resolveCategoryRef(db, query.category);
    if (!filter.category_id) return { items: [], total: 0 }; // no such category: nothing in it
  }
  const page = { limit: query.limit, offset: query.offset };
  if (query.sort !== 'relevance') return listSorted(db, language, { search: query.search, sort: query.sort, near }, filter, page, version);
  return query.search ? searchProducts(db, language, query.search, filter, page, version) : listNewest(db, language, filter, page, version);
}

/** GET /api/products/my: the supplier's own live products. */
export async function listMyProducts(db: Knex, user: SessionUser, query: PaginationQuery): Promise<Page<Product>> {
  assertRole(user, 'supplier');
  return listNewest(db, user.language, { supplier_id: user.account_id }, query);
}

/**
 * Creates a product for the calling supplier and answers its id. A client-chosen id
 * already used by this supplier answers that product (created: false) before the plan
 * limit is looked at, so a retried create never fails for the product it made itself.
 * The row is not read back: the sync push does not need it, the REST route reads it.
 */
export async function createProduct(trx: Knex.Transaction, user: SessionUser, input: ProductCreate, now: Date): Promise<ProductCreated> {
  assertNotSuspended(user);
  const [created] = await createProducts(trx, user, [input], now);
  return created;
}

export interface ProductCreated {
  created: boolean;
  id: string;
}

/**
 * Creates several products at once, all or none: what createProduct does for each, in
 * order, with the rows, their changes and the plan's limit in one statement (a push of a
 * supplier's offline stock entry would otherwise pay a statement per product). Throws if
 * any one would be refused; the sync push then applies them one by one, so each refusal
 * is only its own. New products may make the supplier a seller for open market RFQs,
 * which then reach them (rfqs/audience.ts).
 */
export async function createProducts(trx: Knex.Transaction, user: SessionUser, inputs: ProductCreate[], now: Date): Promise<ProductCreated[]> {
  assertNotSuspended(user);
  assertRole(user, 'supplier');
  // One create per supplier at a time (the plan limit's lock): a retried create racing its
  // first attempt then finds the first one's row instead of colliding with it.
  await lockPlanLimit(trx, user.account_id, 'products');
  for (const categoryId of new Set(inputs.map((input) => input.category_id))) await assertCategoryExists(trx, categoryId);
  const rows = inputs.map(({ id, specifications, ...fields }) => ({
    ...fields,
    id: id ?? crypto.randomUUID(),
    specifications: jsonb(specifications),
    supplier_id: user.account_id,
  }));
  // The count is of the rows before these; an id used twice is inserted once.
  const inserted = await writeWithChanges<{ id: string } & PlanLimitState>(
    trx,
    trx('products').insert(rows).onConflict('id').ignore().returning('id'),
    'product',
    productPolicy.audiences({}),
    { columns: planLimitColumns(trx, user.account_id, 'products', now) },
  );
  const fresh = new Set(inserted.map((row) => row.id));
  await assertReplayable(trx, user, rows.filter((row) => !fresh.has(row.id)).map((row) => row.id));
  // Over the limit, the caller's savepoint or transaction undoes the inserts.
  if (inserted.length) assertLimitState(inserted[0], 'products', inserted.length);
  if (inserted.length) await reachSupplier(trx, user.account_id, now);
  const seen = new Set<string>();
  return rows.map(({ id }) => {
    const created = fresh.has(id) && !seen.has(id);
    seen.add(id);
    return { created, id };
  });
}

/** Earlier creates with these ids made the products: fine unless an id is someone else's or its product is gone. */
async function assertReplayable(trx: Knex.Transaction, user: SessionUser, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const existing = new Map(
    (await trx('products').whereIn('id', [...new Set(ids)]).select('id', 'supplier_id', 'deleted_at')).map((row) => [row.id as string, row]),
  );
  for (const id of ids) {
    const row = existing.get(id);
    if (row?.supplier_id !== user.account_id) throw idTaken();
    // Deleted since: the create happened, the product is gone, as after any delete.
    if (row.deleted_at) throw notFound('Product');
  }
}

/** Locks the caller's own live product, or 404 (another supplier's is not theirs to see). */
async function lockOwnProduct(trx: Knex.Transaction, user: SessionUser, id: string): Promise<void> {
  assertRole(user, 'supplier');
  const row = await trx('products').where({ id, supplier_id: user.account_id }).whereNull('deleted_at').forUpdate().first('id');
  if (!row) throw notFound('Product');
}

/**
 * PATCH /api/products/:id: price, stock, availability and the other fields of the form.
 * The caller's own live product only (404 otherwise); the row and its change are written
 * in one statement (a supplier's offline stock edits arrive in a push, one per product).
 * Not read back: the REST route reads it, the sync push does not need it. A new category
 * may make the supplier a seller for open market RFQs, which then reach them.
 */
export async function updateProduct(trx: Knex.Transaction, user: SessionUser, id: string, patch: ProductUpdate, now: Date): Promise<void> {
  assertNotSuspended(user);
  assertRole(user, 'supplier');
  if (patch.category_id !== undefined) {
    await lockOwnProduct(trx, user, id); // a product that is not theirs is 404 before the category is looked at
    await assertCategoryExists(trx, patch.category_id);
  }
  const { specifications, ...fields } = patch;
  const changes: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  if (specifications !== undefined) changes.specifications = jsonb(specifications);
  const [updated] = await writeWithChanges(
    trx,
    trx('products').where({ id, supplier_id: user.account_id }).whereNull('deleted_at').update(changes).returning('id'),
    'product',
    productPolicy.audiences({}),
  );
  if (!updated) throw notFound('Product');
  if (patch.category_id) await reachSupplier(trx, user.account_id, now);
}

/** DELETE /api/products/:id: a soft delete, sent to every client as a delete. */
/**
 * What a product's deletion takes with it outside this area, in the same transaction: its
 * photos (photos/service.ts deleteProductPhotos; their files are swept after the commit).
 * Photos build on products, so the composition root hands it in (server/registry/).
 */
export type OnProductDeleted = (trx: Knex.Transaction, productId: string) => Promise<void>;

export async function deleteProduct(trx: Knex.Transaction, user: SessionUser, id: string, onDeleted: OnProductDeleted): Promise<void> {
  await lockOwnProduct(trx, user, id);
  await trx('products').where({ id }).update({ deleted_at: trx.fn.now() });
  await onDeleted(trx, id);
  await recordChange(trx, 'product', id, productPolicy.audiences({}), 'delete');
}
