/**
 * Stock on products: a supplier's own code (sku), and a low-stock mark.
 * - sku is unique among a supplier's live products (a partial unique index: a deleted
 *   product frees its code, another supplier may use the same one); a price list import
 *   matches its rows to products by it.
 * - stock_quantity (already there) is "tracked" when not null. A tracked product's
 *   availability follows it (products_stock_availability in migrations/functions.ts).
 * - low_stock_threshold: at or below it, the supplier's table marks the product.
 */
import type { Knex } from 'knex';
import { PRODUCTS_STOCK_AVAILABILITY } from './functions';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.text('sku').nullable();
    t.decimal('low_stock_threshold', 14, 1).nullable().checkBetween([0, 9_999_999_999_999.9]);
  });
  await knex.raw(`alter table products add constraint products_sku_check check (sku is null or (length(sku) between 1 and 64 and sku = btrim(sku)))`);
  await knex.raw('create unique index products_supplier_sku_idx on products (supplier_id, sku) where deleted_at is null and sku is not null');
  await knex.raw(PRODUCTS_STOCK_AVAILABILITY);
  await knex.raw(`create trigger products_stock_availability before insert or update of stock_quantity, availability_status on products
    for each row execute function products_stock_availability()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger products_stock_availability on products');
  await knex.raw('drop function products_stock_availability()');
  await knex.raw('drop index products_supplier_sku_idx');
  await knex.schema.alterTable('products', (t) => {
    t.dropChecks(['products_sku_check']);
    t.dropColumn('sku');
    t.dropColumn('low_stock_threshold');
  });
}
