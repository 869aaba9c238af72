/**
 * unfinished_uploads: what each tus upload holds from its creation until it finishes, is
 * terminated, fails or expires (server/modules/photos/unfinished.ts): its place among the
 * account's few unfinished uploads, a slot of the product (or delivery) it is for, and, for
 * a product photo, its declared length against the plan's storage. The uploaded bytes
 * themselves are in the upload store (DATA_DIR/uploads or the bucket) under the same id.
 *
 * target_id is the product or the delivery (kind says which) with no foreign key: the
 * row only counts, and a finish checks the target again. photo_id is the client's id of
 * the photo or file: a new creation for the same one replaces the unfinished one.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('unfinished_uploads', (t) => {
    t.text('id').primary().checkRegex('^[0-9a-f]{32}$');
    t.uuid('account_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['product_photo', 'delivery_file']);
    t.uuid('target_id').notNullable();
    t.uuid('photo_id').notNullable();
    t.bigInteger('bytes').notNullable().checkPositive();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index unfinished_uploads_account_idx on unfinished_uploads (account_id)');
  await knex.raw('create index unfinished_uploads_target_idx on unfinished_uploads (target_id)');
  await knex.raw('create index unfinished_uploads_created_idx on unfinished_uploads (created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('unfinished_uploads');
}
