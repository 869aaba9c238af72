/**
 * scorecard_queue: the companies whose scorecard is due to be measured again, one row each.
 * A scorecard is measured from the company's whole record (O(its history)), so it is not
 * measured inside the event that moved it: the event only marks the company here, in its
 * own transaction, by a trigger on the event's table (nothing is added to the event's
 * statements, and no module has to remember it):
 * - a goods receipt recorded (its order's seller);
 * - a dispute opened, or its status moved (answered: accepted or rejected);
 * - a quote inserted (its first sending; a revision keeps its first sending's time);
 * - an order closed, in full or short (its deal is then settled: judged for time and fill).
 * A row rolled back with its event was never asked for. The queue's own trigger tells the
 * app processes at commit on the live channel ({"scorecards": true}), once per transaction
 * (Postgres folds identical notices of one transaction), when a row is new or its version
 * moved, not when a worker claims or releases it.
 * The scorecard worker (server/modules/scorecards/queue.ts) of any process claims a due row
 * by a lease (claimed_by, claimed_until), so one company is measured by one process at a time.
 * - version: raised by every new request, so a worker deletes the row only if nothing was
 *   asked since it claimed it (else the company is measured again);
 * - due_at, attempts: a measure that failed is tried again later, with backoff.
 */
import type { Knex } from 'knex';
import { LIVE_CHANNEL } from './functions';

/**
 * The company `expr` (an expression on the trigger's row) queued. Plain SQL, planned once
 * per connection (an EXECUTE would plan it at every event); each function is bound to the
 * schema it was created in (SET search_path FROM CURRENT), so a session on another search
 * path still queues in the event's own schema.
 */
const enqueue = (expr: string) => `
      insert into scorecard_queue (company_id) values (${expr})
        on conflict (company_id) do update set due_at = now(), version = scorecard_queue.version + 1;`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scorecard_queue', (t) => {
    t.uuid('company_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('due_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('version').notNullable().defaultTo(1);
    t.uuid('claimed_by').nullable();
    t.timestamp('claimed_until', { useTz: true }).nullable();
    t.index(['due_at'], 'scorecard_queue_due_idx');
  });
  await knex.raw(`
    create function scorecard_queue_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${LIVE_CHANNEL}', json_build_object('s', tg_table_schema, 'scorecards', true)::text);
      return null;
    end $$`);
  await knex.raw(`create trigger scorecard_queue_notify after insert on scorecard_queue for each row execute function scorecard_queue_notify()`);
  await knex.raw(`create trigger scorecard_queue_notify_again after update on scorecard_queue
    for each row when (new.version <> old.version) execute function scorecard_queue_notify()`);

  // A receipt names its order; the order names the seller.
  await knex.raw(`
    create function goods_receipts_enqueue_scorecard() returns trigger language plpgsql set search_path from current as $$
    begin
      insert into scorecard_queue (company_id) select po.seller_id from purchase_orders po where po.id = new.purchase_order_id
        on conflict (company_id) do update set due_at = now(), version = scorecard_queue.version + 1;
      return null;
    end $$`);
  await knex.raw(`create trigger goods_receipts_enqueue_scorecard after insert on goods_receipts for each row execute function goods_receipts_enqueue_scorecard()`);
  // Disputes and orders carry their seller, quotes their supplier.
  await knex.raw(`
    create function seller_enqueue_scorecard() returns trigger language plpgsql set search_path from current as $$
    begin
      ${enqueue('new.seller_id')}
      return null;
    end $$`);
  await knex.raw(`create trigger disputes_enqueue_scorecard after insert on disputes for each row execute function seller_enqueue_scorecard()`);
  await knex.raw(`create trigger disputes_enqueue_scorecard_answer after update of status on disputes
    for each row when (new.status is distinct from old.status) execute function seller_enqueue_scorecard()`);
  await knex.raw(`create trigger purchase_orders_enqueue_scorecard after update of status on purchase_orders
    for each row when (new.status = 'closed' and old.status is distinct from 'closed') execute function seller_enqueue_scorecard()`);
  await knex.raw(`
    create function rfq_quotes_enqueue_scorecard() returns trigger language plpgsql set search_path from current as $$
    begin
      ${enqueue('new.supplier_id')}
      return null;
    end $$`);
  await knex.raw(`create trigger rfq_quotes_enqueue_scorecard after insert on rfq_quotes for each row execute function rfq_quotes_enqueue_scorecard()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists rfq_quotes_enqueue_scorecard on rfq_quotes');
  await knex.raw('drop trigger if exists purchase_orders_enqueue_scorecard on purchase_orders');
  await knex.raw('drop trigger if exists disputes_enqueue_scorecard_answer on disputes');
  await knex.raw('drop trigger if exists disputes_enqueue_scorecard on disputes');
  await knex.raw('drop trigger if exists goods_receipts_enqueue_scorecard on goods_receipts');
  await knex.raw('drop function if exists rfq_quotes_enqueue_scorecard()');
  await knex.raw('drop function if exists seller_enqueue_scorecard()');
  await knex.raw('drop function if exists goods_receipts_enqueue_scorecard()');
  await knex.schema.dropTable('scorecard_queue');
  await knex.raw('drop function if exists scorecard_queue_notify()');
}
