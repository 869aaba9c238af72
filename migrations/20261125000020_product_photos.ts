/**
 * product_photos: a product's photos, in position order (0 is the cover). The id is the
 * client's (the photo's uuid, carried by its upload), so a retried or resumed upload makes
 * one photo exactly once. hash is the hex SHA-256 of the photo's largest derived WebP and
 * names its files in storage (`{hash}-{160|480|1200}.webp`): the same picture on two
 * products is stored once. bytes counts the derived files against the supplier's storage
 * quota (supplier_id kept on the row so that sum is one index range).
 *
 * media_deletions: hashes whose files may be orphaned by a photo's removal. Written in the
 * removing transaction (so a rolled back removal leaves none); a sweep deletes the files of
 * the hashes no photo uses any more, after the commit (server/modules/photos/media-sweep.ts).
 *
 * subscription_plans.max_storage_bytes: the photo storage each plan allows a supplier.
 *
 * A photo is shown with its product in every catalogue page, so its writes move the
 * catalogue's version at commit like the product's own (bump_catalogue_version_once).
 */
import type { Knex } from 'knex';

const QUOTAS: Array<[string, number]> = [
  ['free', 100 * 1024 * 1024],
  ['basic', 1024 * 1024 * 1024],
  ['premium', 10 * 1024 * 1024 * 1024],
  ['enterprise', 50 * 1024 * 1024 * 1024],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('product_photos', (t) => {
    t.uuid('id').primary();
    t.uuid('product_id').notNullable().references('id').inTable('products');
    t.uuid('supplier_id').notNullable().references('id').inTable('users');
    t.integer('position').notNullable().checkBetween([0, 1000]);
    t.text('hash').notNullable().checkRegex('^[0-9a-f]{64}$');
    t.integer('width').notNullable().checkPositive();
    t.integer('height').notNullable().checkPositive();
    t.bigInteger('bytes').notNullable().checkPositive();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index product_photos_product_idx on product_photos (product_id, position)');
  await knex.raw('create index product_photos_supplier_idx on product_photos (supplier_id)');
  await knex.raw('create index product_photos_hash_idx on product_photos (hash)');
  await knex.raw(
    `create constraint trigger product_photos_catalogue_at_commit after insert or update or delete on product_photos
       deferrable initially deferred for each row execute function bump_catalogue_version_once()`,
  );

  await knex.schema.createTable('media_deletions', (t) => {
    t.text('hash').primary();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.alterTable('subscription_plans', (t) => {
    t.bigInteger('max_storage_bytes').notNullable().defaultTo(QUOTAS[0][1]);
  });
  for (const [id, bytes] of QUOTAS) await knex('subscription_plans').where({ id }).update({ max_storage_bytes: bytes });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('subscription_plans', (t) => t.dropColumn('max_storage_bytes'));
  await knex.schema.dropTable('media_deletions');
  await knex.schema.dropTable('product_photos');
}
