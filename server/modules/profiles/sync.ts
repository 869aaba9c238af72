/**
 * What the change feed sends for profiles: the caller's own only, as GET /api/profiles/me
 * presents it, with the user id as its id. Other users' profiles reach clients only as
 * the names and tiers filled into the rows that mention them.
 */
import type { LoaderTable } from '../sync/contracts';
import { PROFILE_COLUMNS } from './service';
import { profilePolicy } from './policy';

export const loaders: LoaderTable = {
  profile: async (knex, user, ids) => {
    const rows = await profilePolicy.visible(knex('profiles').whereIn('user_id', ids), user).select(PROFILE_COLUMNS);
    return rows.map((row: { user_id: string }) => ({ id: row.user_id, ...row }));
  },
};
