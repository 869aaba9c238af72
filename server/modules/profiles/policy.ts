/**
 * Who may see profiles, and who receives their changes (server/db/policy.ts): a profile
 * (its id is its user's id) goes to its user only. Other users' profiles reach clients
 * only as the names and tiers filled into the rows that mention them.
 */
import { definePolicy } from '../../db/policy';

export const profilePolicy = definePolicy<{ user_id: string }>({
  entity: 'profile',
  audience: [{ user_in: 'user_id' }],
  rows: (db) => db('profiles').select('user_id as id', 'user_id'),
  /** Table: profiles. */
  visible: (q, user) => (user ? q.where('profiles.user_id', user.account_id) : q.whereRaw('false')),
});
