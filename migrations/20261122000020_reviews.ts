/**
 * reviews: 1 to 5 stars and optional text on a product or a user, one per reviewer and
 * target (a second review replaces the first). target_id points at products or users
 * depending on target_type, so it has no foreign key; the service checks it exists.
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reviews', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('reviewer_id').notNullable().references('id').inTable('users');
    t.text('target_type').notNullable().checkIn(['product', 'user']);
    t.uuid('target_id').notNullable();
    t.integer('rating').notNullable().checkBetween([1, 5]);
    t.text('text').nullable();
    timestamps(knex, t);
    t.unique(['reviewer_id', 'target_type', 'target_id'], { indexName: 'reviews_reviewer_target_unique' });
    t.index(['target_type', 'target_id'], 'reviews_target_idx');
  });
  await touchUpdatedAt(knex, 'reviews');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('reviews');
}
