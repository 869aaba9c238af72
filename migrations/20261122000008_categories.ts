/**
 * categories: product categories with their names in the three languages. The rows
 * themselves are reference data (20261122000009).
 */
import type { Knex } from 'knex';
import { softDelete, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('categories', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('slug').notNullable().unique({ indexName: 'categories_slug_unique' });
    t.text('name_ar').notNullable();
    t.text('name_en').notNullable();
    t.text('name_zh').notNullable();
    t.integer('sort').notNullable().defaultTo(0);
    timestamps(knex, t);
    softDelete(t);
  });
  await touchUpdatedAt(knex, 'categories');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('categories');
}
