/**
 * Who may see purchase orders and who receives their changes (server/db/policy.ts): the
 * buyer and the seller, nobody else.
 */
import type { Knex } from 'knex';
import { recordChanges } from '../../db/changes';
import { definePolicy } from '../../db/policy';

export const purchaseOrderPolicy = definePolicy<{ buyer_id: string; seller_id: string }>({
  entity: 'purchase_order',
  audience: [{ user_in: 'buyer_id' }, { user_in: 'seller_id' }],
  rows: (db) => db('purchase_orders').select('id', 'buyer_id', 'seller_id'),
  /** Its buyer and its seller. Alias: po (purchase_orders). */
  visible: (q, user) => (user ? q.where((w) => w.where('po.buyer_id', user.account_id).orWhere('po.seller_id', user.account_id)) : q.whereRaw('false')),
});

/**
 * Locks the purchase order a transport request moves, if it moves one, and tells its
 * parties' copies that it changed. Called before a delivery is recorded: the buyer's cancel
 * locks the order too, so a cancel and a delivery at one instant are decided one after the
 * other, never both.
 */
export async function lockOrderOfRequest(trx: Knex.Transaction, transportRequestId: string): Promise<void> {
  const po = await trx('purchase_orders as po')
    .whereIn('po.id', trx('transport_requests').where({ id: transportRequestId }).whereNotNull('purchase_order_id').select('purchase_order_id'))
    .forUpdate()
    .first('po.id', 'po.buyer_id', 'po.seller_id');
  if (po) await recordChanges(trx, [{ entity: 'purchase_order', id: po.id, audiences: purchaseOrderPolicy.audiences(po) }]);
}
