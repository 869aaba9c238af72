/**
 * The scorecard queue's worker: measures each queued company's scorecard again
 * (compute.ts recomputeScorecard, still the one function that writes one), outside the
 * event that moved it. An event marks its company in the queue in its own transaction (the
 * triggers of migration 20261206213000), so a receipt, a dispute, a quote or a close pays
 * one small write instead of a measure of the company's whole record; the figure follows
 * within moments. Any app process drains the queue: right after a commit of its own that
 * may have queued a company (wakeAfterCommit), when the live channel says another process
 * queued one, and on a tick for what was missed (a process that died before its kick, a
 * lease run out, a retry due).
 *
 * - One process at a time per company: a worker claims the company's row (SKIP LOCKED,
 *   then a lease), so two processes never measure one company at once, and one that dies
 *   mid-measure lets another take it when the lease runs out.
 * - Each company in its own transaction, at the app's `now` when it is measured: a measure
 *   that fails rolls back alone and is tried again later with backoff.
 * - Nothing asked is lost: the row goes only if its version is still the one claimed; an
 *   event committed meanwhile raised it, and the company is measured again, after that
 *   event (a measure started before an event committed may not have seen it).
 * - Companies are independent: up to COMPANIES_AT_ONCE are measured side by side.
 *
 * The daily sweep (sweep.ts) stays the safety net for what time alone changes.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { SerialDrain } from '../../serial-drain';
import { outsideAnyRoute } from '../../http/route-shape';
import { recomputeScorecard } from './compute';

/** Far longer than one company's measure takes, even with a long record. */
const LEASE_SECONDS = 120;
const COMPANIES_AT_ONCE = 2;
/** After a measure failed: 10 s, then doubling, at most an hour. */
const BACKOFF_FIRST_SECONDS = 10;
const BACKOFF_MAX_SECONDS = 3600;
const TICK_MS = 30_000;

type Recompute = (trx: Knex.Transaction, companyId: string, now: Date) => Promise<void>;

export class ScorecardWorker {
  /** This worker's name on the rows it claims. */
  private readonly id = crypto.randomUUID();
  private readonly drain = new SerialDrain(
    () =>
      Promise.all(
        Array.from({ length: COMPANIES_AT_ONCE }, async () => {
          while (await this.drainOne());
        }),
      ).then(() => undefined),
    (err) => this.opts.logger.warn({ err }, 'scorecard drain failed'),
  );
  private timer?: NodeJS.Timeout;

  /** `recompute`: recomputeScorecard; tests wrap it to watch what runs at once. */
  constructor(private readonly opts: { knex: Knex; logger: Logger; clock: Clock; recompute?: Recompute }) {}

  /** Drains on a tick too (unref'd: it never keeps the process up). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.kick(), TICK_MS);
    this.timer.unref();
  }

  /** No more drains on the tick; resolves when the one running (if any) is over. */
  stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    return this.drain.current ?? Promise.resolve();
  }

  /**
   * Measures every due company; a call while a drain runs makes it run once more.
   * Resolves when nothing is due (a company held by another process, or waiting out its
   * backoff, is not). Background work whatever kicked it: under no request's route shape.
   */
  kick(): Promise<void> {
    return outsideAnyRoute(() => this.drain.kick());
  }

  /** Claims one due company and measures it; false when none is due. */
  private async drainOne(): Promise<boolean> {
    const { knex, clock } = this.opts;
    const { rows } = (await knex.raw(
      `update scorecard_queue q set claimed_by = ?, claimed_until = now() + make_interval(secs => ?)
        where q.company_id = (select company_id from scorecard_queue
                               where due_at <= now() and (claimed_until is null or claimed_until < now())
                               order by due_at limit 1 for update skip locked)
        returning q.company_id, q.version, q.attempts`,
      [this.id, LEASE_SECONDS],
    )) as { rows: Array<{ company_id: string; version: string; attempts: number }> };
    const claim = rows[0];
    if (!claim) return false;
    const mine = () => knex('scorecard_queue').where({ company_id: claim.company_id, claimed_by: this.id });
    const recompute = this.opts.recompute ?? recomputeScorecard;
    try {
      await knex.transaction((trx) => recompute(trx, claim.company_id, clock.now()));
    } catch (err) {
      this.opts.logger.warn({ err, company: claim.company_id }, 'a scorecard measure failed; it is tried again later');
      const wait = Math.min(BACKOFF_FIRST_SECONDS * 2 ** claim.attempts, BACKOFF_MAX_SECONDS);
      await mine().update({ claimed_by: null, claimed_until: null, attempts: claim.attempts + 1, due_at: knex.raw('now() + make_interval(secs => ?)', [wait]) });
      return true;
    }
    // Gone only if nothing was asked since the claim; otherwise due again at once.
    const deleted = await mine().where({ version: claim.version }).delete();
    if (!deleted) await mine().update({ claimed_by: null, claimed_until: null, attempts: 0, due_at: knex.fn.now() });
    return true;
  }
}
