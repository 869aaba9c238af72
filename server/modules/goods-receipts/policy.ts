/**
 * Who may see goods receipts and who receives their changes (server/db/policy.ts): the
 * order's buyer, who records them, and its seller, who is to see each one at once.
 */
import { definePolicy } from '../../db/policy';

export const goodsReceiptPolicy = definePolicy<{ buyer_id: string; seller_id: string }>({
  entity: 'goods_receipt',
  audience: [{ user_in: 'buyer_id' }, { user_in: 'seller_id' }],
  rows: (db) => db('goods_receipts as gr').join('purchase_orders as po', 'po.id', 'gr.purchase_order_id').select('gr.id', 'po.buyer_id', 'po.seller_id'),
  /** Its order's buyer and seller. Aliases: gr (goods_receipts), po (its purchase order). */
  visible: (q, user) => (user ? q.where((w) => w.where('po.buyer_id', user.account_id).orWhere('po.seller_id', user.account_id)) : q.whereRaw('false')),
});
