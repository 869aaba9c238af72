/**
 * payment_receipts: the photo of a bank transfer's receipt that the buyer attaches to the
 * payment it records (server/modules/payments/receipts.ts). payments.receipt_id names it:
 * the buyer's device records the payment with a receipt id it chose and then uploads the
 * file under that id (kind=payment_receipt over tus, queued like a delivery's photos), so
 * a payment may name a receipt whose file has not arrived yet. Rules:
 * - the file is private: stored under deal/ as a delivery's files are, served only to the
 *   buyer and seller of an invoice a payment naming it pays (GET /api/payments/{id}/receipt);
 * - payer_id is the company that uploaded it; a payment names only a receipt of its own
 *   payer (one already uploaded by another company, or named by another company's
 *   payment, is refused), so no one reaches someone else's file through a payment;
 * - one receipt may back several payments of the same payer (one transfer across invoices).
 * unfinished_uploads gains the kind payment_receipt (its target: the payment).
 */
import type { Knex } from 'knex';

const KINDS_BEFORE = ['product_photo', 'delivery_file'];

async function setUploadKinds(knex: Knex, kinds: string[]): Promise<void> {
  const { rows } = await knex.raw(
    `select conname from pg_constraint where conrelid = 'unfinished_uploads'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%kind%'`,
  );
  for (const { conname } of rows as Array<{ conname: string }>) await knex.raw('alter table unfinished_uploads drop constraint ??', [conname]);
  // DDL takes no bind parameters: the kinds are this file's constants.
  await knex.raw(`alter table unfinished_uploads add constraint unfinished_uploads_kind_check check (kind in (${kinds.map((k) => `'${k}'`).join(', ')}))`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_receipts', (t) => {
    t.uuid('id').primary();
    t.uuid('payer_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    // The photo's versions under deal/<hash>-<size>.webp, as a delivery's files.
    t.text('hash').notNullable();
    for (const column of ['width', 'height', 'bytes']) t.integer(column).notNullable();
    t.uuid('uploaded_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table payment_receipts add constraint payment_receipts_hash_check check (hash ~ '^[0-9a-f]{64}$')`);
  await knex.raw('create index payments_receipt_idx on payments (receipt_id) where receipt_id is not null');
  await setUploadKinds(knex, [...KINDS_BEFORE, 'payment_receipt']);
}

export async function down(knex: Knex): Promise<void> {
  await knex('unfinished_uploads').where({ kind: 'payment_receipt' }).delete();
  await setUploadKinds(knex, KINDS_BEFORE);
  await knex.raw('drop index payments_receipt_idx');
  await knex.schema.dropTable('payment_receipts');
}
