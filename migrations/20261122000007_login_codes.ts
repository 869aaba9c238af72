/**
 * login_codes: one-time codes exchanged for a session (POST /api/sessions {code}). Only a
 * hash is stored, so a leaked table grants nothing; used_at makes a code single-use;
 * browser_hash is the hash of the key the signing-in browser holds in a cookie, so the
 * code is worthless in any other browser (login CSRF).
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_codes', (t) => {
    t.text('code_hash').primary();
    t.text('browser_hash').notNullable();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.index(['expires_at'], 'login_codes_expires_at_idx');
    t.index(['user_id'], 'login_codes_user_id_idx');
  });
  await touchUpdatedAt(knex, 'login_codes');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_codes');
}
