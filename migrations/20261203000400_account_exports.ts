/**
 * account_exports: a person's download of everything Binaa holds about them (GET
 * /api/account/export). A row is a job: made 'preparing' by POST /api/account/export,
 * built by any app process in the background (server/modules/data-export/worker.ts), which
 * claims it with a lease (claimed_until) and moves progress as it goes; 'ready' once its
 * ZIP is in the object store under exports/<id>.zip, 'failed' when building it threw.
 * A process that dies mid-build leaves the lease to run out, and the job is built again
 * from the start by whichever process sweeps next.
 *
 * One job prepares at a time per person (the partial unique index): a second start while
 * one prepares answers that one. A finished job and its file go after expires_at.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_exports', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('preparing').checkIn(['preparing', 'ready', 'failed'], 'account_exports_status_check');
    t.integer('progress').notNullable().defaultTo(0).checkBetween([0, 100], 'account_exports_progress_check');
    t.bigInteger('bytes').nullable();
    t.uuid('claimed_by').nullable();
    t.timestamp('claimed_until', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['user_id', 'created_at'], 'account_exports_user_idx');
  });
  await knex.raw(`create unique index account_exports_preparing_key on account_exports (user_id) where status = 'preparing'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_exports');
}
