/**
 * Whether a person has closed the role guide, kept on their user row so every device they
 * sign in on knows it (a browser's own flag stayed behind in that browser). The first
 * closing is the one kept: closing it again on another device changes nothing.
 */
import type { Knex } from 'knex';

const iso = (at: Date | string | null | undefined): string | null => (at ? new Date(at).toISOString() : null);

export async function guideSeenAt(knex: Knex, userId: string): Promise<string | null> {
  return iso((await knex('users').where({ id: userId }).first('guide_seen_at'))?.guide_seen_at);
}

export async function markGuideSeen(knex: Knex, userId: string, now: Date): Promise<string> {
  const [row] = await knex('users')
    .where({ id: userId })
    .update({ guide_seen_at: knex.raw('coalesce(guide_seen_at, ?)', [now]) })
    .returning('guide_seen_at');
  return iso(row.guide_seen_at)!;
}
