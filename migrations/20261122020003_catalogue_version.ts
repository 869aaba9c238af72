/**
 * catalogue_state.version: a number that changes whenever anything a catalogue search or
 * count depends on changes (a product written in any way, a user deleted), so the server
 * may keep ranked search results and totals until it moves (server/modules/products/
 * catalogue-cache.ts). Statement triggers bump it in the writing transaction, so the new
 * number becomes visible exactly when the write does; a direct SQL write (a seed, a test,
 * an operator) moves it as surely as a service.
 *
 * The trigger first takes the change log's transaction lock (7410001, CHANGE_LOG_LOCK in
 * server/db/changes.ts), which every service writing products takes anyway before
 * commit: taking the two locks always in that order keeps writers from deadlocking.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('catalogue_state', (t) => {
    t.integer('id').primary();
    t.bigInteger('version').notNullable().defaultTo(0);
    t.check('id = 1', {}, 'catalogue_state_single_row');
  });
  await knex('catalogue_state').insert({ id: 1, version: 0 });
  await knex.raw(`
    create function bump_catalogue_version() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(7410001);
      update catalogue_state set version = version + 1 where id = 1;
      return null;
    end $$`);
  await knex.raw(`create trigger products_catalogue_version after insert or update or delete or truncate on products
                    for each statement execute function bump_catalogue_version()`);
  await knex.raw(`create trigger users_catalogue_version after update of deleted_at or delete on users
                    for each statement execute function bump_catalogue_version()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists users_catalogue_version on users');
  await knex.raw('drop trigger if exists products_catalogue_version on products');
  await knex.raw('drop function if exists bump_catalogue_version()');
  await knex.schema.dropTable('catalogue_state');
}
