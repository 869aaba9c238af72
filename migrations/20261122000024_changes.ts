/**
 * changes: the change log the sync pull reads (DESIGN section 10). Every write to a synced
 * table appends here in the same transaction. audience says who may receive the change:
 * everyone ('all', audience null), one role (audience = role name) or one user (audience
 * = user id). txid records the writing transaction, so a reader can serve only changes
 * older than its snapshot's xmin and never skip one that commits late.
 */
import type { Knex } from 'knex';
import { timestamps } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('changes', (t) => {
    t.bigIncrements('seq'); // the primary key, so also the index the pull scans
    t.text('entity').notNullable();
    t.text('entity_id').notNullable();
    t.text('op').notNullable().checkIn(['upsert', 'delete']);
    t.text('audience_type').notNullable().checkIn(['all', 'role', 'user']);
    t.text('audience').nullable();
    t.specificType('txid', 'xid8').notNullable().defaultTo(knex.raw('pg_current_xact_id()'));
    timestamps(knex, t); // the log is append-only: no updated_at trigger
    t.check(`(audience_type = 'all') = (audience is null)`, {}, 'changes_audience_check');
  });
  await knex.raw('create index changes_audience_seq_idx on changes (audience_type, audience, seq)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('changes');
}
