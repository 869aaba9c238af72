/**
 * The read replica (DATABASE_REPLICA_URL, Postgres only): a second pool that serves reads
 * which may be a little behind, guests' catalogue and the public open data, so they
 * leave the primary to the writes and to what signed-in people read back. Which routes
 * read here and for whom is decided in one place, http/reads.ts.
 *
 * The replica is used only while it is known healthy: a check (the upkeep runs it every
 * CHECK_EVERY_MS) reads its replay lag, and a lag above the bound, a check that fails, or
 * a read the replica could not answer makes reads fall back to the primary until a later
 * check finds it caught up again. Until the first check nothing is known, so it starts
 * falling back.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';

/** How often the server's upkeep checks the replica's lag. */
export const CHECK_EVERY_MS = 5000;

/**
 * How far the replica's replay is behind, in seconds: the age of the last transaction it
 * replayed while it is a standby, 0 when it is not one (a primary standing in for it).
 * While the primary writes nothing this age grows too, so an idle site reads the primary
 * (which then has the time to spare): taken as caught up instead, a standby cut off from
 * its primary would look caught up for ever, and guests would read an old catalogue.
 */
async function replicaLagSeconds(knex: Knex): Promise<number> {
  const { rows } = await knex.raw(
    'select case when pg_is_in_recovery() then coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0) else 0 end as lag',
  );
  return Math.max(0, Number(rows[0]?.lag ?? 0));
}

export interface ReplicaOptions {
  /** the replica's pool and how to close it */
  db: { knex: Knex; close(): Promise<void> };
  /** a lag above this many milliseconds makes reads fall back to the primary */
  maxLagMs: number;
  logger?: Logger;
  /** reads the lag (tests give one that answers what they need) */
  readLag?: (knex: Knex) => Promise<number>;
}

export class ReadReplica {
  readonly knex: Knex;
  /** the lag the last check that answered read, in seconds */
  lagSeconds = 0;
  /** undefined until the first check */
  private falling: boolean | undefined;

  constructor(private readonly opts: ReplicaOptions) {
    this.knex = opts.db.knex;
  }

  /** Whether reads that could go to the replica go to the primary now. */
  get fallingBack(): boolean {
    return this.falling !== false;
  }

  /** Reads the lag and decides whether the replica serves; never throws (a failure is a decision too). */
  async check(): Promise<void> {
    try {
      this.lagSeconds = await (this.opts.readLag ?? replicaLagSeconds)(this.knex);
      const tooFar = this.lagSeconds * 1000 > this.opts.maxLagMs;
      this.fallBack(tooFar, tooFar ? `the replica is ${this.lagSeconds.toFixed(1)} s behind (bound ${this.opts.maxLagMs} ms)` : 'the replica is caught up');
    } catch (err) {
      this.fallBack(true, 'the replica does not answer', err);
    }
  }

  /** A read on the replica failed as a database that is not there: the primary serves until the next check that answers. */
  failed(err: unknown): void {
    this.fallBack(true, 'a read on the replica failed', err);
  }

  close(): Promise<void> {
    return this.opts.db.close();
  }

  /** Logged only when the decision changes, not at every check. */
  private fallBack(falling: boolean, why: string, err?: unknown): void {
    if (falling !== this.falling) this.opts.logger?.[falling ? 'warn' : 'info']({ err, lagSeconds: this.lagSeconds }, `${why}: reads ${falling ? 'fall back to the primary' : 'use the replica'}`);
    this.falling = falling;
  }
}
