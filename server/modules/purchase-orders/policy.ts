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

/** Tells the parties' copies of the purchase order a transport request moves, if it moves one, that the order changed. */
export async function recordOrderChangeOfRequest(trx: Knex.Transaction, transportRequestId: string): Promise<void> {
  const po = await trx('transport_requests as tr')
    .join('purchase_orders as po', 'po.id', 'tr.purchase_order_id')
    .where('tr.id', transportRequestId)
    .first('po.id', 'po.buyer_id', 'po.seller_id');
  if (po) await recordChanges(trx, [{ entity: 'purchase_order', id: po.id, audiences: purchaseOrderPolicy.audiences(po) }]);
}
