/**
 * The queues the database holds, read at each scrape: how much waits and since when, on
 * the database's own clock (the rows' created_at were written by it; a test clock moves
 * deadlines, not the age of a row).
 *
 * - push: messages waiting to be pushed (push_queue; modules/push/send.ts drains it);
 * - zatca_clearance: documents signed and waiting for ZATCA (invoices pending, of the
 *   sellers in clearance_queue; modules/invoices/clearance-queue.ts sends them), found
 *   through the queue's few sellers and the invoices' seller index, not a scan;
 * - zatca_sellers_backing_off: sellers whose chain ZATCA did not answer, waiting out their
 *   backoff (a count only: their documents' age is zatca_clearance's);
 * - data_export: people's data exports not ready yet, waiting for a worker or being built
 *   (account_exports preparing; modules/data-export/worker.ts builds them), found through
 *   the partial index of preparing jobs, not a scan;
 * - scorecards: companies whose scorecard waits to be measured again after an event
 *   (scorecard_queue; modules/scorecards/queue.ts measures them), its age that of the
 *   longest overdue one (a company backing off after a failed measure is not due yet).
 *
 * Card webhooks are handled inside their request and reminders by a sweep (upkeep
 * metrics): neither leaves a queue in the database to measure.
 */
import type { Knex } from 'knex';

export interface QueueReading {
  queue: string;
  depth: number;
  /** null where the queue has no age of its own */
  oldestAgeSeconds: number | null;
}

const QUEUES_SQL = `
  select 'push' as queue, count(*)::int as depth,
         coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
    from push_queue
  union all
  select 'zatca_clearance', count(*)::int, coalesce(extract(epoch from now() - min(i.created_at)), 0)::float8
    from clearance_queue q join invoices i on i.seller_id = q.seller_id and i.status = 'pending'
  union all
  select 'zatca_sellers_backing_off', count(*)::int, null::float8
    from clearance_queue where attempts > 0
  union all
  select 'data_export', count(*)::int, coalesce(extract(epoch from now() - min(created_at)), 0)::float8
    from account_exports where status = 'preparing'
  union all
  select 'scorecards', count(*)::int, coalesce(extract(epoch from now() - min(due_at) filter (where due_at <= now())), 0)::float8
    from scorecard_queue`;

export async function collectQueues(knex: Knex): Promise<QueueReading[]> {
  const { rows } = (await knex.raw(QUEUES_SQL)) as { rows: Array<{ queue: string; depth: number; age: number | null }> };
  return rows.map((r) => ({ queue: r.queue, depth: Number(r.depth), oldestAgeSeconds: r.age === null ? null : Math.max(0, Number(r.age)) }));
}
