/**
 * sync_clients and sync_mutations: exactly-once push. A client's last
 * applied mutation id and the stored result of each mutation commit with the mutation, so
 * a replayed id returns the stored result and changes nothing.
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sync_clients', (t) => {
    t.text('id').primary(); // the client_id the browser chose
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.bigInteger('last_mutation_id').notNullable().defaultTo(0);
    timestamps(knex, t);
    t.index(['user_id'], 'sync_clients_user_id_idx');
  });
  await touchUpdatedAt(knex, 'sync_clients');
  await knex.schema.createTable('sync_mutations', (t) => {
    t.text('client_id').notNullable().references('id').inTable('sync_clients').onDelete('CASCADE');
    t.bigInteger('mutation_id').notNullable();
    t.jsonb('result').notNullable();
    timestamps(knex, t);
    t.primary(['client_id', 'mutation_id'], { constraintName: 'sync_mutations_pkey' });
  });
  await touchUpdatedAt(knex, 'sync_mutations');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sync_mutations');
  await knex.schema.dropTable('sync_clients');
}
