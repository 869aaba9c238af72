/**
 * Who may see purchase requests and who receives their changes (server/db/policy.ts): the
 * company that raised them, its owner and every member (a change addressed to the company's
 * account reaches each of them); nobody outside it, who gets 404.
 */
import { definePolicy } from '../../db/policy';

export const purchaseRequestPolicy = definePolicy<{ company_id: string }>({
  entity: 'purchase_request',
  audience: [{ user_in: 'company_id' }],
  rows: (db) => db('purchase_requests').select('id', 'company_id'),
  /** Its company's people. Alias: pr (purchase_requests). */
  visible: (q, user) => (user ? q.where('pr.company_id', user.account_id) : q.whereRaw('false')),
});
