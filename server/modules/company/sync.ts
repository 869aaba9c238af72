/**
 * What the change feed sends for profiles: the caller's own only, as GET /api/profiles/me
 * presents it, with the user id as its id, and the company's tax profile in it (null
 * before one is saved; tax-profile.ts), so owner and members read it offline. It lives
 * with the company, which builds on profiles: the profile row carries what the company
 * area adds to it, and profiles imports nothing of the company.
 * Other users' profiles reach clients only as the names and tiers filled into the rows
 * that mention them.
 */
import type { LoaderTable } from '../sync/contracts';
import { PROFILE_COLUMNS } from '../profiles/service';
import { profilePolicy } from '../profiles/policy';
import { taxProfilesOf } from './tax-profile';

export const loaders: LoaderTable = {
  profile: async (knex, user, ids) => {
    const rows: Array<{ user_id: string }> = await profilePolicy.visible(knex('profiles').whereIn('user_id', ids), user).select(PROFILE_COLUMNS);
    const taxProfiles = await taxProfilesOf(knex, rows.map((row) => row.user_id));
    return rows.map((row) => ({ id: row.user_id, ...row, tax_profile: taxProfiles.get(row.user_id) ?? null }));
  },
};
