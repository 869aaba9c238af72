/**
 * clearance_queue: the sellers whose chain has documents waiting for ZATCA, one row each.
 * A document inserted pending puts its seller here in the same transaction (trigger
 * invoices_enqueue_clearance), so a document is never committed without its queue row,
 * and the app processes are told at commit on the live channel ({"clearance": true}).
 * The clearance worker (server/modules/invoices/clearance-queue.ts) of any process takes a
 * row when it is due by a lease (claimed_by, claimed_until), so one seller's chain is sent
 * by one process at a time, in order; the row goes once nothing of the seller is pending.
 * - due_at: when to send next (now on a new document or a retry; later, with backoff, after
 *   ZATCA did not answer; attempts counts those in a row);
 * - version: raised by every new request, so a worker that drained the chain deletes the
 *   row only if nothing was asked since it looked.
 */
import type { Knex } from 'knex';
import { LIVE_CHANNEL } from './functions';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('clearance_queue', (t) => {
    t.uuid('seller_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('due_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('version').notNullable().defaultTo(1);
    t.uuid('claimed_by').nullable();
    t.timestamp('claimed_until', { useTz: true }).nullable();
    t.index(['due_at'], 'clearance_queue_due_idx');
  });
  await knex.raw(`
    create function invoices_enqueue_clearance() returns trigger language plpgsql as $$
    begin
      execute format('insert into %1$I.clearance_queue (seller_id) values ($1)
                      on conflict (seller_id) do update set due_at = now(), version = %1$I.clearance_queue.version + 1', tg_table_schema)
        using new.seller_id;
      perform pg_notify('${LIVE_CHANNEL}', json_build_object('s', tg_table_schema, 'clearance', true)::text);
      return null;
    end $$`);
  await knex.raw(`create trigger invoices_enqueue_clearance after insert on invoices
    for each row when (new.status = 'pending') execute function invoices_enqueue_clearance()`);
  // Documents left pending before the queue existed are sent by it too.
  await knex.raw(`insert into clearance_queue (seller_id) select distinct seller_id from invoices where status = 'pending' on conflict do nothing`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists invoices_enqueue_clearance on invoices');
  await knex.raw('drop function if exists invoices_enqueue_clearance()');
  await knex.schema.dropTable('clearance_queue');
}
