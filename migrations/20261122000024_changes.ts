/**
 * changes: the change log the sync pull reads. Every write to a synced
 * table appends here in the same transaction. audience says who may receive the change:
 * everyone ('all', audience null), one role (audience = role name) or one user (audience
 * = user id). `pos` is the row's place in the feed, given at COMMIT in commit order by a
 * deferred constraint trigger (changes_number_at_commit in migrations/functions.ts), so a
 * cursor never passes a change that commits later; uncommitted rows (pos null) are
 * invisible to the feed. `id` is the order rows were written in, which that trigger keeps.
 *
 * sync_state: the horizon below which deletes were pruned (a cursor older than it must
 * reset). changes_object_idx finds an object's rows per audience (compaction drops
 * superseded ones; the backfill looks for missing ones).
 */
import type { Knex } from 'knex';
import { timestamps } from './helpers';
import { CHANGES_NUMBER_AT_COMMIT, CHANGES_WRITTEN } from './functions';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('changes', (t) => {
    t.bigIncrements('id');
    t.text('entity').notNullable();
    t.text('entity_id').notNullable();
    t.text('op').notNullable().checkIn(['upsert', 'delete']);
    t.text('audience_type').notNullable().checkIn(['all', 'role', 'user']);
    t.text('audience').nullable();
    t.bigInteger('pos').nullable();
    timestamps(knex, t); // the log is append-only: no updated_at trigger
    t.check(`(audience_type = 'all') = (audience is null)`, {}, 'changes_audience_check');
  });
  await knex.raw('create sequence changes_pos_seq');
  await knex.raw('create unique index changes_pos_idx on changes (pos)');
  await knex.raw('create index changes_audience_pos_idx on changes (audience_type, audience, pos)');
  await knex.raw('create index changes_object_idx on changes (entity, entity_id, audience_type, audience, pos)');
  // The rows the commit-time numbering looks for: only uncommitted ones lack a position.
  await knex.raw('create index changes_unnumbered_idx on changes (id) where pos is null');
  await knex.raw(CHANGES_NUMBER_AT_COMMIT);
  await knex.raw(CHANGES_WRITTEN);
  await knex.raw(`
    create constraint trigger changes_number_at_commit after insert on changes
      deferrable initially deferred for each row execute function changes_number_at_commit()`);
  await knex.raw('create trigger changes_written after insert on changes for each statement execute function changes_written()');

  await knex.schema.createTable('sync_state', (t) => {
    t.integer('id').primary();
    t.bigInteger('pruned_pos').notNullable().defaultTo(0);
    t.check('id = 1', {}, 'sync_state_single_row');
  });
  await knex('sync_state').insert({ id: 1, pruned_pos: 0 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sync_state');
  await knex.schema.dropTable('changes');
  await knex.raw('drop sequence if exists changes_pos_seq');
  await knex.raw('drop function if exists changes_number_at_commit()');
  await knex.raw('drop function if exists changes_written()');
}
