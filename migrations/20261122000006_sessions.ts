/**
 * sessions: the koa-session store, so app servers keep no state.
 * user_id is null for a session that has not signed in yet (OAuth state).
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.text('id').primary();
    t.uuid('user_id').nullable().references('id').inTable('users').onDelete('CASCADE');
    t.jsonb('data').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    timestamps(knex, t);
    t.index(['expires_at'], 'sessions_expires_at_idx');
    t.index(['user_id'], 'sessions_user_id_idx');
  });
  await touchUpdatedAt(knex, 'sessions');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
}
