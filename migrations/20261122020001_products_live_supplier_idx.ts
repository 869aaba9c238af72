/**
 * An index that answers the catalogue's X-Total-Count without reading the table. The
 * products table is wide (two stored search columns), so counting live products with a
 * sequential scan costs ~100 ms at 100k rows; counting this partial index with an
 * index-only scan costs a few. It holds supplier_id (to leave out deleted suppliers'
 * products with an anti-join on users) and category_id (the category filter).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'create index products_live_supplier_category_idx on products (supplier_id, category_id) where deleted_at is null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists products_live_supplier_category_idx');
}
