/**
 * An admin removing a product or a project. Both are soft deletes: the
 * row stays for the change feed's tombstone, every list, lookup and join hides it, and
 * every client holding it gets a delete. A project's bids go with it (sealed: only their
 * bidders and the owner held them).
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { notFound } from '../../../shared/errors';
import { recordChange, recordChanges } from '../../db/changes';
import { assertAdmin } from './lists';
import { bidPolicy, ownerSeesBid, projectPolicy } from '../projects/policy';
import { productPolicy } from '../products/policy';
import { recordAudit } from '../audit/record';

export async function removeProduct(trx: Knex.Transaction, admin: SessionUser, id: string): Promise<void> {
  assertAdmin(admin);
  const product = await trx('products').where({ id }).whereNull('deleted_at').forUpdate().first('id', 'supplier_id');
  if (!product) throw notFound('Product');
  await trx('products').where({ id }).update({ deleted_at: trx.fn.now() });
  await recordAudit(trx, { actor: admin, company_id: product.supplier_id, action: 'admin.product_remove', record_type: 'product', record_id: id, changes: { removed: [false, true] } });
  await recordChange(trx, 'product', id, productPolicy.audiences({}), 'delete');
}

export async function removeProject(trx: Knex.Transaction, admin: SessionUser, id: string): Promise<void> {
  assertAdmin(admin);
  const project = await trx('projects').where({ id }).whereNull('deleted_at').forUpdate().first('id', 'government_id', 'opened_at', 'envelopes', 'financial_opened_at');
  if (!project) throw notFound('Project');
  const bids: Array<{ id: string; contractor_id: string; status: string; technical_pass: boolean | null }> = await trx('bids')
    .where({ project_id: id })
    .select('id', 'contractor_id', 'status', 'technical_pass');
  await trx('projects').where({ id }).update({ deleted_at: trx.fn.now() });
  await recordAudit(trx, { actor: admin, company_id: project.government_id, action: 'admin.project_remove', record_type: 'project', record_id: id, changes: { removed: [false, true], bids_removed: [0, bids.length] } });
  await recordChanges(trx, [
    { entity: 'project', id, op: 'delete', audiences: projectPolicy.audiences({ government_id: project.government_id }) },
    ...bids.map((b) => ({
      entity: 'bid' as const,
      id: b.id,
      op: 'delete' as const,
      // A sealed (or failed) bid was never sent to the owner: its delete goes to its bidder only.
      audiences: bidPolicy.audiences({ contractor_id: b.contractor_id, government_id: project.government_id, opened: ownerSeesBid(project, b) }),
    })),
  ]);
}
