/**
 * order_photos: the photos of an order's goods receipts and disputes (a torn bag, the wrong
 * item). The buyer's device records the receipt or dispute naming each photo's id, then
 * uploads the file under that id over tus (kind=order_photo), queued offline like a
 * delivery's proof. Private like every file of a deal: stored under deal/, served to the
 * order's buyer and seller only, counted against no plan. A photo belongs to one order
 * and the company that uploaded it.
 *
 * unfinished_uploads gains the kind order_photo (its target: the purchase order).
 */
import type { Knex } from 'knex';

const KINDS_BEFORE = ['product_photo', 'delivery_file', 'payment_receipt'];

async function setUploadKinds(knex: Knex, kinds: string[]): Promise<void> {
  const { rows } = await knex.raw(
    `select conname from pg_constraint where conrelid = 'unfinished_uploads'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%kind%'`,
  );
  for (const { conname } of rows as Array<{ conname: string }>) await knex.raw('alter table unfinished_uploads drop constraint ??', [conname]);
  // DDL takes no bind parameters: the kinds are this file's constants.
  await knex.raw(`alter table unfinished_uploads add constraint unfinished_uploads_kind_check check (kind in (${kinds.map((k) => `'${k}'`).join(', ')}))`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_photos', (t) => {
    t.uuid('id').primary();
    t.uuid('purchase_order_id').notNullable().references('id').inTable('purchase_orders').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    // The photo's versions under deal/<hash>-<size>.webp, as a delivery's files.
    t.text('hash').notNullable();
    for (const column of ['width', 'height', 'bytes']) t.integer(column).notNullable();
    t.uuid('uploaded_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['purchase_order_id'], 'order_photos_order_idx');
  });
  await knex.raw(`alter table order_photos add constraint order_photos_hash_check check (hash ~ '^[0-9a-f]{64}$')`);
  await setUploadKinds(knex, [...KINDS_BEFORE, 'order_photo']);
}

export async function down(knex: Knex): Promise<void> {
  await knex('unfinished_uploads').where({ kind: 'order_photo' }).delete();
  await setUploadKinds(knex, KINDS_BEFORE);
  await knex.schema.dropTable('order_photos');
}
