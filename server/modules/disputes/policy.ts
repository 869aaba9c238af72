/**
 * Who may see disputes and who receives their changes (server/db/policy.ts): the order's
 * buyer, who opens them, and its seller, who answers them.
 */
import { definePolicy } from '../../db/policy';

export const disputePolicy = definePolicy<{ buyer_id: string; seller_id: string }>({
  entity: 'dispute',
  audience: [{ user_in: 'buyer_id' }, { user_in: 'seller_id' }],
  rows: (db) => db('disputes').select('id', 'buyer_id', 'seller_id'),
  /** Its buyer and seller. Alias: d (disputes). */
  visible: (q, user) => (user ? q.where((w) => w.where('d.buyer_id', user.account_id).orWhere('d.seller_id', user.account_id)) : q.whereRaw('false')),
});
