/**
 * A party's display name in SQL, the rule of shared/party-name.ts (company name, else
 * the account holder's name, a blank one counting as none) for the queries that select
 * it beside their rows, so every list, card and notification names a party alike.
 */
import type { Knex } from 'knex';

/**
 * The SQL expression of the name of the user aliased `user` whose profile is aliased
 * `profile` (a left join: a user without a profile goes by their own name). `orEmail`
 * falls back to the account's email, for a sentence that must name someone.
 */
export const partyNameSql = (profile: string, user: string, { orEmail = false } = {}): string =>
  `coalesce(nullif(${profile}.company_name, ''), nullif(${user}.name, '')${orEmail ? `, ${user}.email` : ''})`;

/** The name a notification shows for a user: their party name, else their email (never empty for an account). */
export async function displayName(db: Knex, userId: string): Promise<string> {
  const row = await db('users as u')
    .leftJoin('profiles as p', 'p.user_id', 'u.id')
    .where('u.id', userId)
    .first(db.raw(`${partyNameSql('p', 'u', { orEmail: true })} as name`));
  return row?.name ?? '';
}
