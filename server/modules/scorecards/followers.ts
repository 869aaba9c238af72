/**
 * What follows a scorecard's recompute in the same transaction: the company's earned tier
 * (modules/tiers), which reads the scorecard just written. Plugged in at the composition
 * root (server/app.ts) rather than imported: the tier's copies reach modules (projects'
 * bids) that read scorecards, so the two areas cannot import each other.
 */
import type { Knex } from 'knex';

type Follower = (trx: Knex.Transaction, companyId: string, now: Date) => Promise<unknown>;

const followers: Follower[] = [];

/** Runs `follower` after every scorecard recompute from now on (once, however often it is added). */
export function followScorecards(follower: Follower): void {
  if (!followers.includes(follower)) followers.push(follower);
}

/** The followers of `companyId`'s recompute, in the order they were added. */
export async function afterScorecard(trx: Knex.Transaction, companyId: string, now: Date): Promise<void> {
  for (const follower of followers) await follower(trx, companyId, now);
}
