/**
 * Who may see sites and who receives their changes (server/db/policy.ts): the company whose
 * sites they are, its owner and every member (a change addressed to the company's account
 * reaches each of them); nobody outside it, who gets 404.
 */
import { definePolicy } from '../../db/policy';

export const sitePolicy = definePolicy<{ company_id: string }>({
  entity: 'site',
  audience: [{ user_in: 'company_id' }],
  rows: (db) => db('sites').select('id', 'company_id'),
  /** Its company's people. Alias: s (sites). */
  visible: (q, user) => (user ? q.where('s.company_id', user.account_id) : q.whereRaw('false')),
});
