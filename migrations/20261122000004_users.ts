/**
 * users: one row per person who signed in (or was seeded). Identity comes from the sign-in
 * provider (provider, provider_subject); email is unique whatever its case. Soft-deleted,
 * and a deleted user keeps its email and subject, so deleting is also a ban.
 */
import type { Knex } from 'knex';
import { softDelete, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('email').notNullable();
    t.text('name').nullable();
    t.text('provider').nullable();
    t.text('provider_subject').nullable();
    t.boolean('is_admin').notNullable().defaultTo(false);
    timestamps(knex, t);
    softDelete(t);
    t.unique(['provider', 'provider_subject'], { indexName: 'users_provider_subject_unique' });
    t.check('(provider is null) = (provider_subject is null)', {}, 'users_provider_pair_check');
  });
  await knex.raw('create unique index users_email_lower_unique on users (lower(email))');
  // The few deleted users: every catalogue read leaves out deleted suppliers' products
  // with an anti-join on them, which would otherwise read the whole table.
  await knex.raw('create index users_deleted_idx on users (id) where deleted_at is not null');
  await touchUpdatedAt(knex, 'users');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
