/**
 * What keeping the change log small needs: the horizon below which deletes were pruned
 * (a cursor older than it must reset), and an index to find an object's change rows per
 * audience (compaction drops superseded ones; the backfill looks for missing ones).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sync_state', (t) => {
    t.integer('id').primary();
    t.bigInteger('pruned_through').notNullable().defaultTo(0);
    t.check('id = 1', {}, 'sync_state_single_row');
  });
  await knex('sync_state').insert({ id: 1, pruned_through: 0 });
  await knex.raw('create index changes_object_idx on changes (entity, entity_id, audience_type, audience, seq)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists changes_object_idx');
  await knex.schema.dropTable('sync_state');
}
