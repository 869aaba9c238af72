/**
 * What the change feed sends for profiles: the caller's own only, as GET /api/profiles/me
 * presents it, with the user id as its id. Other users' profiles reach clients only as
 * the names and tiers filled into the rows that mention them.
 */
import type { LoaderTable } from '../sync/contracts';
import { PROFILE_COLUMNS } from './service';

export const loaders: LoaderTable = {
  profile: async (knex, user, ids) => {
    if (!ids.includes(user.id)) return [];
    const row = await knex('profiles').where({ user_id: user.id }).first(PROFILE_COLUMNS);
    return row ? [{ id: row.user_id, ...row }] : [];
  },
};
