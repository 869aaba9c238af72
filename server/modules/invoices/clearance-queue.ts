/**
 * The clearance queue's worker: sends each queued seller's pending documents to ZATCA
 * (clearance.ts clearDocument), outside any request. A document inserted pending queues
 * its seller in the same transaction (migration 20261201000100); any app process drains
 * the queue when the live channel says work waits, when a request of its own queued some,
 * and once a minute for what is due again.
 *
 * - A seller's chain goes in ICV order, one document at a time: ZATCA takes a unit's chain
 *   in order, so the worker stops at the first document ZATCA did not answer (unreachable,
 *   a timeout, a 5xx) and tries the seller again later with backoff; the documents after
 *   it are not sent meanwhile. A refusal is an answer: that document is rejected and the
 *   next one is sent.
 * - One process at a time per seller: a worker claims the seller's row (SKIP LOCKED, then
 *   a lease it renews before each document), so two processes never send one chain at
 *   once, and a process that dies mid-chain lets another take it when the lease runs out.
 *   The lease is longer than one call to ZATCA can take (zatca-api.ts DOCUMENT_TIMEOUT_MS).
 * - Sellers are independent: a process sends up to SELLERS_AT_ONCE chains side by side, so
 *   one seller's large document or silent ZATCA does not hold the others back.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Clock } from '../../clock';
import type { Language } from '../../../shared/constants';
import { DOCUMENT_TIMEOUT_MS } from '../e-invoicing/zatca-api';
import { SerialDrain } from '../../serial-drain';
import { outsideAnyRoute } from '../../http/route-shape';
import { clearDocument, type InvoiceDeps } from './clearance';

const LEASE_SECONDS = DOCUMENT_TIMEOUT_MS / 1000 + 60;
const SELLERS_AT_ONCE = 4;
/** After ZATCA did not answer: 30 s, then doubling, at most an hour. */
const BACKOFF_FIRST_SECONDS = 30;
const BACKOFF_MAX_SECONDS = 3600;
const TICK_MS = 60_000;


export class ClearanceWorker {
  /** This worker's name on the rows it claims. */
  private readonly id = crypto.randomUUID();
  private readonly drain = new SerialDrain(
    () =>
      Promise.all(
        Array.from({ length: SELLERS_AT_ONCE }, async () => {
          while (await this.drainOne());
        }),
      ).then(() => undefined),
    (err) => this.opts.logger.warn({ err }, 'clearance drain failed'),
  );
  private timer?: NodeJS.Timeout;

  constructor(private readonly opts: { knex: Knex; config: Config; logger: Logger; clock: Clock }) {}

  /** Drains once a minute too (unref'd: it never keeps the process up). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.kick(), TICK_MS);
    this.timer.unref();
  }

  /** No more drains on the timer; resolves when the one running (if any) is over. */
  stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    return this.drain.current ?? Promise.resolve();
  }

  /**
   * Sends what is due; a call while a drain runs makes it run once more. Resolves when
   * nothing is due (a seller waiting out its backoff, or held by another process, is not).
   * The drain is background work, whatever kicked it: it runs under no request's route
   * shape, also when the kick comes from a request's after-commit step or from a live
   * signal whose listening connection was opened inside some request.
   */
  kick(): Promise<void> {
    return outsideAnyRoute(() => this.drain.kick());
  }

  /** Claims one due seller and sends its chain; false when none is due. */
  private async drainOne(): Promise<boolean> {
    const { knex } = this.opts;
    const { rows } = (await knex.raw(
      `update clearance_queue q set claimed_by = ?, claimed_until = now() + make_interval(secs => ?)
        where q.seller_id = (select seller_id from clearance_queue
                              where due_at <= now() and (claimed_until is null or claimed_until < now())
                              order by due_at limit 1 for update skip locked)
        returning q.seller_id, q.version, q.attempts`,
      [this.id, LEASE_SECONDS],
    )) as { rows: Array<{ seller_id: string; version: string; attempts: number }> };
    const claim = rows[0];
    if (!claim) return false;
    const mine = () => knex('clearance_queue').where({ seller_id: claim.seller_id, claimed_by: this.id });
    let outcome: 'done' | 'unanswered' | 'lost';
    try {
      outcome = await this.sendChain(claim.seller_id, mine);
    } catch (err) {
      this.opts.logger.warn({ err, seller: claim.seller_id }, 'clearance of a seller failed; it is tried again later');
      outcome = 'unanswered';
    }
    if (outcome === 'done') {
      // Gone only if nothing was queued since the claim; otherwise due again at once.
      const deleted = await mine().where({ version: claim.version }).delete();
      if (!deleted) await mine().update({ claimed_by: null, claimed_until: null, attempts: 0, due_at: knex.fn.now() });
    } else if (outcome === 'unanswered') {
      const wait = Math.min(BACKOFF_FIRST_SECONDS * 2 ** claim.attempts, BACKOFF_MAX_SECONDS);
      await mine().update({ claimed_by: null, claimed_until: null, attempts: claim.attempts + 1, due_at: knex.raw('now() + make_interval(secs => ?)', [wait]) });
    }
    return true;
  }

  /** The seller's pending documents in ICV order until none is left or one gets no answer. */
  private async sendChain(sellerId: string, mine: () => Knex.QueryBuilder): Promise<'done' | 'unanswered' | 'lost'> {
    const { knex, config, logger, clock } = this.opts;
    const deps: InvoiceDeps = { config, logger };
    const language = await sellerLanguage(knex, sellerId);
    for (;;) {
      // The lease again before each call: a worker whose lease ran out has lost the chain to another.
      const renewed = await mine().update({ claimed_until: knex.raw('now() + make_interval(secs => ?)', [LEASE_SECONDS]) });
      if (!renewed) return 'lost';
      const next = await knex('invoices').where({ seller_id: sellerId, status: 'pending' }).orderBy('icv').first('id');
      if (!next) return 'done';
      if ((await clearDocument(knex, deps, next.id, clock.now(), language)) === 'unanswered') return 'unanswered';
    }
  }
}

/** ZATCA writes its messages in Arabic or English: the seller's (its account's) language. */
async function sellerLanguage(knex: Knex, sellerId: string): Promise<Language> {
  const row = await knex('profiles').where({ user_id: sellerId }).first('language');
  return (row?.language as Language | undefined) ?? 'ar';
}

/**
 * The seller's pending documents sent now rather than after their backoff (the seller asked
 * again, or the hourly sweep): the seller queued and due, and this process's worker woken.
 * The documents themselves were queued as they were chained.
 */
export async function requestClearance(knex: Knex, deps: InvoiceDeps, sellerId: string): Promise<void> {
  await knex.raw(
    `insert into clearance_queue (seller_id) select ? where exists (select 1 from invoices where seller_id = ? and status = 'pending')
     on conflict (seller_id) do update set due_at = now(), version = clearance_queue.version + 1`,
    [sellerId, sellerId],
  );
  wakeClearance(deps);
}

/** Wakes this process's worker for documents a request just queued (the other processes hear the commit on the live channel). */
export function wakeClearance(deps: InvoiceDeps): void {
  void deps.clearance?.kick();
}
