/**
 * The price list on the server: a supplier's own products imported from a spreadsheet
 * (the client's side is client/features/price-list/, the rules shared/price-list.ts). It
 * is served under the products resource, /api/products/imports (routes.ts), because an
 * import writes products; there is no /api/price-list.
 *
 * Imports: the browser reads the file and shows the preview, then sends the rows (their
 * cells by field, as read) here. The rows are checked again with the same rules
 * (shared/price-list.ts checkRows) against the supplier's products as they are now, under
 * the supplier's plan-limit lock (so a create or another import cannot slip in between
 * the check and the writes), and applied in the caller's one transaction:
 * - mode "all": one row with a problem refuses the whole file (400 import_invalid, each
 *   problem in details as `line:<n>` with its code); nothing is written;
 * - mode "valid": the rows without problems are applied, the others listed in the report.
 * Rows matching a product (its id, else its SKU) update its price and stock; the others
 * are new products. Every written product goes to the change log like any other write.
 * What undoing takes (the created ids, the updated products' price, stock and
 * availability before) is stored with the import; only the supplier's latest import can
 * be undone, once.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { importInvalid, nothingToUndo, notFound } from '../../../shared/errors';
import { checkRows, rowIssueDetails, summarise, type CheckedRow, type ImportApply, type ImportContext, type ImportReport } from '../../../shared/price-list';
import type { SessionUser } from '../../auth/session-user';
import { assertRole } from '../../auth/guards';
import { recordChanges, writeWithChanges } from '../../db/changes';
import { lockPlanLimit, planLimitColumns } from '../plan-limits/limits';
import { planRoom } from '../../../shared/constants';
import { productPolicy } from './policy';
import { reachSupplier } from '../rfqs/audience';
import { assertNotSuspended } from '../../auth/suspension';

/** Rows per insert: 12 columns each stay well under Postgres's 65,535 bound parameters. */
const INSERT_CHUNK = 1000;

interface UndoRecord {
  created: string[];
  updated: Array<{ id: string; price: number; stock_quantity: number | null; availability_status: string }>;
}

interface ImportRow {
  id: string;
  file_name: string | null;
  summary: Pick<ImportReport, 'mode' | 'summary' | 'invalid'>;
  created_at: Date | string;
  undone_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

function toReport(row: ImportRow): ImportReport {
  return { id: row.id, created_at: iso(row.created_at) as string, undone_at: iso(row.undone_at), file_name: row.file_name, ...row.summary };
}

/** The supplier's products, categories and plan room, read inside the apply's transaction. */
async function importContext(trx: Knex.Transaction, user: SessionUser, now: Date) {
  // One after the other: a transaction is one connection.
  const products = await trx('products')
    .where({ supplier_id: user.account_id })
    .whereNull('deleted_at')
    .forUpdate()
    .select('id', 'sku', 'price', 'stock_quantity', 'availability_status');
  const categories = await trx('categories').whereNull('deleted_at').select('id', 'slug', 'name_ar', 'name_en', 'name_zh');
  const limit = await trx.raw('select ?', [planLimitColumns(trx, user.account_id, 'products', now)]);
  const { limit_max, limit_used } = limit.rows[0] as { limit_max: number | string; limit_used: number | string };
  const ctx: ImportContext = { products, categories, room: planRoom(Number(limit_max), Number(limit_used)) };
  return { ctx, products: products as Array<UndoRecord['updated'][number]> };
}

/** POST /api/products/imports: checks and applies a price list, answers its report. */
export async function applyImport(trx: Knex.Transaction, user: SessionUser, input: ImportApply, now: Date): Promise<ImportReport> {
  assertNotSuspended(user);
  assertRole(user, 'supplier');
  await lockPlanLimit(trx, user.account_id, 'products');
  const { ctx, products } = await importContext(trx, user, now);
  const rows = checkRows(input.rows, ctx);
  const invalid = rows.filter((r) => r.action === 'invalid');
  if (input.mode === 'all' && invalid.length) {
    throw importInvalid(`${invalid.length} rows have problems; nothing was imported`, rowIssueDetails(invalid));
  }
  const creates = rows.filter((r) => r.action === 'create');
  const updates = rows.filter((r) => r.action === 'update');
  const before = new Map(products.map((p) => [p.id, p]));
  const undo: UndoRecord = {
    created: [],
    updated: updates.map((r) => {
      const p = before.get(r.product_id as string)!;
      return { id: p.id, price: Number(p.price), stock_quantity: p.stock_quantity == null ? null : Number(p.stock_quantity), availability_status: p.availability_status };
    }),
  };
  const audiences = productPolicy.audiences({});
  for (let i = 0; i < creates.length; i += INSERT_CHUNK) {
    const chunk = creates.slice(i, i + INSERT_CHUNK).map(newProduct(user));
    undo.created.push(...chunk.map((p) => p.id));
    await writeWithChanges(trx, trx('products').insert(chunk).returning('id'), 'product', audiences);
  }
  // New products may make the supplier a seller for open market RFQs (rfqs/audience.ts).
  if (creates.length) await reachSupplier(trx, user.account_id, now);
  if (updates.length) {
    const values = updates.map((r) => ({ id: r.product_id, price: r.price, stock: r.stock }));
    const write = trx.raw(
      `update products p set price = coalesce(v.price, p.price), stock_quantity = coalesce(v.stock, p.stock_quantity)
         from jsonb_to_recordset(?::jsonb) as v(id uuid, price numeric, stock numeric)
        where p.id = v.id and p.supplier_id = ? and p.deleted_at is null
        returning p.id`,
      [JSON.stringify(values), user.account_id],
    );
    await writeWithChanges(trx, write as unknown as Knex.QueryBuilder, 'product', audiences);
  }
  const summary = { mode: input.mode, summary: summarise(rows), invalid: invalid.map((r) => ({ line: r.line, issues: r.issues })) };
  const [saved] = await trx('product_imports')
    .insert({ supplier_id: user.account_id, file_name: input.file_name ?? null, summary: JSON.stringify(summary), undo: JSON.stringify(undo) })
    .returning(['id', 'file_name', 'summary', 'created_at', 'undone_at']);
  return toReport(saved);
}

const newProduct = (user: SessionUser) => (r: CheckedRow) => ({
  id: crypto.randomUUID(),
  supplier_id: user.account_id,
  sku: r.sku,
  name: r.name,
  price: r.price,
  unit: r.unit,
  stock_quantity: r.stock,
  category_id: r.category_id,
  description: r.description,
});

/** The supplier's latest import, locked when undoing it. */
function latestImport(db: Knex, user: SessionUser) {
  return db('product_imports').where({ supplier_id: user.account_id }).orderBy('created_at', 'desc').orderBy('id', 'desc').first();
}

/** GET /api/products/imports/last: the report of the supplier's latest import, 404 if none. */
export async function lastImport(db: Knex, user: SessionUser): Promise<ImportReport> {
  assertRole(user, 'supplier');
  const row = await latestImport(db, user);
  if (!row) throw notFound('Import');
  return toReport(row);
}

/**
 * POST /api/products/imports/last/undo: the products the latest import created are
 * removed (soft delete, like a supplier's own delete) and the ones it updated get back
 * their price, stock and availability as they were before it. 409 nothing_to_undo when
 * there is no import or it was undone already.
 */
export async function undoLastImport(trx: Knex.Transaction, user: SessionUser): Promise<ImportReport> {
  assertRole(user, 'supplier');
  await lockPlanLimit(trx, user.account_id, 'products');
  const row = await latestImport(trx, user).forUpdate();
  if (!row || row.undone_at) throw nothingToUndo();
  const undo = row.undo as UndoRecord;
  const audiences = productPolicy.audiences({});
  if (undo.created.length) {
    const removed: Array<{ id: string }> = await trx('products')
      .whereIn('id', undo.created)
      .where({ supplier_id: user.account_id })
      .whereNull('deleted_at')
      .update({ deleted_at: trx.fn.now() })
      .returning('id');
    await recordChanges(trx, removed.map(({ id }) => ({ entity: 'product' as const, id, audiences, op: 'delete' as const })));
  }
  if (undo.updated.length) {
    const write = trx.raw(
      `update products p set price = v.price, stock_quantity = v.stock_quantity, availability_status = v.availability_status
         from jsonb_to_recordset(?::jsonb) as v(id uuid, price numeric, stock_quantity numeric, availability_status text)
        where p.id = v.id and p.supplier_id = ? and p.deleted_at is null
        returning p.id`,
      [JSON.stringify(undo.updated), user.account_id],
    );
    await writeWithChanges(trx, write as unknown as Knex.QueryBuilder, 'product', audiences);
  }
  const [undone] = await trx('product_imports').where({ id: row.id }).update({ undone_at: trx.fn.now() }).returning('*');
  return toReport(undone);
}
