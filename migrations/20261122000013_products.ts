/**
 * products: the catalogue. Two generated columns serve search without any service
 * keeping them in step: search_text (normalize_search of name and description, for
 * pg_trgm similarity and ILIKE on Arabic without diacritics) and search_vector ('simple'
 * words of the normalised text, every Chinese character its own word (cjk_spaced), plus
 * English stems, for full-text matches such as "pipes" finding "pipe").
 *
 * Indexes for bounded catalogue reads (server/modules/products/search.ts, queries.ts):
 * - the two search indexes run without GIN's pending list (fastupdate off): with it, new
 *   rows wait in an unsorted list every search reads in full until a vacuum merges it,
 *   and the planner, costing that list, turns to a sequential scan after a bulk insert;
 * - products_name_search_idx, the normalised name of live products: the products named
 *   exactly the term are one lookup away, so they rank first even when a search is capped;
 * - products_newest_idx (created_at desc, id desc) of live products: the catalogue's
 *   order, with the id breaking the ties of products created in one transaction (an
 *   import, a seed), so a page is an index walk instead of a sort of the tie;
 * - products_live_supplier_category_idx: a filtered list's count by an index-only scan
 *   (supplier_id to leave out deleted suppliers, category_id for the filter).
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
         to_tsvector('simple'::regconfig, cjk_spaced(normalize_search(${TEXT})))
         || to_tsvector('english'::regconfig, ${TEXT})
       ) stored`,
  );
  await knex.raw('create index products_supplier_created_idx on products (supplier_id, created_at desc)');
  await knex.raw('create index products_category_idx on products (category_id)');
  await knex.raw('create index products_newest_idx on products (created_at desc, id desc) where deleted_at is null');
  await knex.raw('create index products_name_search_idx on products (normalize_search(name)) where deleted_at is null');
  await knex.raw(
    'create index products_live_supplier_category_idx on products (supplier_id, category_id) where deleted_at is null',
  );
  await knex.raw('create index products_search_text_trgm_idx on products using gin (search_text gin_trgm_ops) with (fastupdate = off)');
  await knex.raw('create index products_search_vector_idx on products using gin (search_vector) with (fastupdate = off)');
  await touchUpdatedAt(knex, 'products');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('products');
}
