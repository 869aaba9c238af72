/**
 * invoices: ZATCA tax invoices (388) a seller issues from a purchase order, and credit
 * notes (381) against them, each one document of the seller's e-invoicing unit chain.
 *
 * - Numbered per seller, kind and year without gaps (INV-2026-000001, CN-2026-000001):
 *   the next number is taken under the unit's row lock, which also orders the chain.
 * - icv and pih: the unit's invoice counter and the hash of the unit's previous document,
 *   unique per unit, so the chain can neither fork nor repeat a counter.
 * - status: pending (signed, not yet cleared: ZATCA unreachable, retried), cleared (what
 *   ZATCA returned is in xml, and only then does the buyer see it) or rejected (ZATCA's
 *   messages kept; the document keeps its place in the chain, as ZATCA counts it).
 * - One live invoice per purchase order: another may be issued only after a rejection.
 * - seller and buyer: the tax profiles as they were when the document was issued.
 * - Money numeric(14,2) in SAR; a credit note's amounts are positive, as ZATCA's are.
 *
 * Add it to migrations/index.ts (an import and a line in `migrations`).
 */
import type { Knex } from 'knex';
import { money, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invoices', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('kind').notNullable().checkIn(['invoice', 'credit_note'], 'invoices_kind_check');
    t.text('number').notNullable();
    t.integer('year').notNullable();
    t.integer('seq').notNullable().checkPositive();
    t.uuid('seller_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('buyer_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.uuid('unit_id').notNullable().references('id').inTable('einvoicing_units').onDelete('CASCADE');
    t.uuid('purchase_order_id').notNullable().references('id').inTable('purchase_orders').onDelete('CASCADE');
    t.uuid('original_invoice_id').nullable().references('id').inTable('invoices').onDelete('CASCADE');
    t.text('reason').nullable();
    t.bigInteger('icv').notNullable().checkPositive();
    t.text('pih').notNullable();
    t.text('hash').notNullable();
    t.text('qr').notNullable();
    t.timestamp('issued_at', { useTz: true }).notNullable();
    t.date('supply_date').notNullable();
    t.jsonb('seller').notNullable();
    t.jsonb('buyer').notNullable();
    money(t, 'subtotal').notNullable();
    money(t, 'vat_total').notNullable();
    money(t, 'total').notNullable();
    t.text('status').notNullable().defaultTo('pending').checkIn(['pending', 'cleared', 'rejected'], 'invoices_status_check');
    /** ZATCA's validation messages: [{type, code, message}] */
    t.jsonb('messages').notNullable().defaultTo('[]');
    /** the signed document, replaced by the cleared one ZATCA returns */
    t.text('xml').notNullable();
    t.timestamp('cleared_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.unique(['unit_id', 'icv'], { indexName: 'invoices_unit_icv_key' });
    t.unique(['seller_id', 'kind', 'year', 'seq'], { indexName: 'invoices_number_key' });
    t.index(['seller_id', 'created_at'], 'invoices_seller_idx');
    t.index(['buyer_id', 'created_at'], 'invoices_buyer_idx');
    t.index(['original_invoice_id'], 'invoices_original_idx');
  });
  await knex.raw(`alter table invoices add constraint invoices_credit_note_check
    check ((kind = 'credit_note') = (original_invoice_id is not null and reason is not null))`);
  await knex.raw(`create unique index invoices_one_per_purchase_order on invoices (purchase_order_id)
    where kind = 'invoice' and status <> 'rejected'`);
  await touchUpdatedAt(knex, 'invoices');

  await knex.schema.createTable('invoice_lines', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('invoice_id').notNullable().references('id').inTable('invoices').onDelete('CASCADE');
    t.integer('position').notNullable().checkPositive();
    t.uuid('purchase_order_line_id').nullable().references('id').inTable('purchase_order_lines').onDelete('SET NULL');
    /** on a credit note: the invoice line it credits */
    t.uuid('credited_line_id').nullable().references('id').inTable('invoice_lines').onDelete('CASCADE');
    t.text('description').notNullable();
    t.decimal('quantity', 14, 1).notNullable().checkPositive();
    t.text('unit').notNullable();
    money(t, 'unit_price').notNullable();
    t.text('vat_category').notNullable().checkIn(['S', 'Z', 'E'], 'invoice_lines_vat_category_check');
    t.decimal('vat_rate', 5, 4).notNullable().checkBetween([0, 1]);
    t.text('exemption_reason_code').nullable();
    t.text('exemption_reason').nullable();
    money(t, 'line_total').notNullable();
    money(t, 'vat_amount').notNullable();
    t.unique(['invoice_id', 'position'], { indexName: 'invoice_lines_position_key' });
    t.index(['credited_line_id'], 'invoice_lines_credited_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invoice_lines');
  await knex.schema.dropTable('invoices');
}
