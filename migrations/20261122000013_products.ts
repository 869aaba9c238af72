/**
 * products: the catalogue. Two generated columns serve search without any service
 * keeping them in step: search_text (normalize_search of name and description, for
 * pg_trgm similarity and ILIKE on Arabic without diacritics) and search_vector ('simple'
 * words of the normalised text plus English stems, for full-text matches such as
 * "pipes" finding "pipe").
 */
import type { Knex } from 'knex';
import { money, softDelete, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

const TEXT = `name || ' ' || coalesce(description, '')`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('products', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('supplier_id').notNullable().references('id').inTable('users');
    t.uuid('category_id').nullable().references('id').inTable('categories');
    t.text('name').notNullable();
    t.text('description').nullable();
    money(t, 'price').notNullable();
    t.text('unit').notNullable();
    t.integer('min_quantity').notNullable().defaultTo(1).checkBetween([1, 2_000_000_000]);
    t.decimal('stock_quantity', 14, 1).nullable().checkBetween([0, 9_999_999_999_999.9]);
    t.text('image_url').nullable();
    t.jsonb('specifications').nullable();
    t.text('availability_status').notNullable().defaultTo('available').checkIn(['available', 'out_of_stock']);
    t.decimal('average_rating', 3, 2).notNullable().defaultTo(0).checkBetween([0, 5]);
    t.integer('total_reviews').notNullable().defaultTo(0);
    timestamps(knex, t);
    softDelete(t);
    t.check(
      `specifications is null or jsonb_typeof(specifications) = 'object'`,
      {},
      'products_specifications_check',
    );
  });
  await knex.raw(
    `alter table products add column search_text text
       generated always as (normalize_search(${TEXT})) stored`,
  );
  await knex.raw(
    `alter table products add column search_vector tsvector
       generated always as (
         to_tsvector('simple'::regconfig, normalize_search(${TEXT}))
         || to_tsvector('english'::regconfig, ${TEXT})
       ) stored`,
  );
  await knex.raw('create index products_supplier_created_idx on products (supplier_id, created_at desc)');
  await knex.raw('create index products_category_idx on products (category_id)');
  await knex.raw('create index products_created_live_idx on products (created_at desc) where deleted_at is null');
  await knex.raw('create index products_search_text_trgm_idx on products using gin (search_text gin_trgm_ops)');
  await knex.raw('create index products_search_vector_idx on products using gin (search_vector)');
  await touchUpdatedAt(knex, 'products');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('products');
}
