/**
 * Who may see purchase orders and who receives their changes (server/db/policy.ts): the
 * buyer and the seller, nobody else.
 */
import { definePolicy } from '../../db/policy';

export const purchaseOrderPolicy = definePolicy<{ buyer_id: string; seller_id: string }>({
  entity: 'purchase_order',
  audience: [{ user_in: 'buyer_id' }, { user_in: 'seller_id' }],
  rows: (db) => db('purchase_orders').select('id', 'buyer_id', 'seller_id'),
  /** Its buyer and its seller. Alias: po (purchase_orders). */
  visible: (q, user) => (user ? q.where((w) => w.where('po.buyer_id', user.account_id).orWhere('po.seller_id', user.account_id)) : q.whereRaw('false')),
});
