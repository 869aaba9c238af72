/**
 * rate_limits: the counters of rate-limiter-flexible's Postgres store, shared by every app
 * process on one database (server/http/rate-limit.ts). The table is the store's own
 * layout (it would create it at start-up otherwise); `expire` is epoch milliseconds.
 * UNLOGGED: every API request writes a counter, and a logged write waits for its WAL
 * flush (a loaded test run's race tests went from 35 s to time-outs); counters that a
 * crash empties cost nothing but a fresh minute of budget.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create unlogged table rate_limits (
    key varchar(255) primary key,
    points integer not null default 0,
    expire bigint
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
}
