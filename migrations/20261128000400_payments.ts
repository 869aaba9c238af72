/**
 * payments: money a buyer pays against a seller's tax invoice, and the terms it is owed on.
 *
 * - invoices.payment_terms_days: 0 (on receipt), 15, 30 or 60 days after the issue day in
 *   Riyadh; the due date is that day plus the terms (shared/payments.ts dueDate), so it is
 *   never stored apart from what it follows from.
 * - payments: one row per payment. A bank transfer is recorded by the buyer (status
 *   recorded) and confirmed or disputed by the seller; only a confirmed payment counts
 *   against the balance. The id is the client's, so a replayed record is the same row.
 *   method and the gateway columns leave room for a card payment through a gateway
 *   (method card, gateway and gateway_payment_id set, unique per gateway) in the same table.
 * - payment_reminders: one row per invoice and reminder kind, the marker that the
 *   reminder before or after the due date was sent once.
 * - Money numeric(14,2) in SAR, as the invoices'.
 */
import type { Knex } from 'knex';
import { money, timestamps, touchUpdatedAt } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoices', (t) => {
    t.integer('payment_terms_days').notNullable().defaultTo(30).checkIn(['0', '15', '30', '60'], 'invoices_payment_terms_check');
  });

  await knex.schema.createTable('payments', (t) => {
    t.uuid('id').primary();
    t.uuid('invoice_id').notNullable().references('id').inTable('invoices').onDelete('CASCADE');
    t.uuid('payer_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('payee_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('method').notNullable().defaultTo('transfer').checkIn(['transfer', 'card'], 'payments_method_check');
    money(t, 'amount').notNullable();
    t.text('currency').notNullable().defaultTo('SAR');
    t.date('paid_on').notNullable();
    t.text('reference').notNullable();
    t.uuid('receipt_id').nullable();
    t.text('status').notNullable().defaultTo('recorded').checkIn(['recorded', 'confirmed', 'disputed'], 'payments_status_check');
    t.text('dispute_reason').nullable();
    t.text('gateway').nullable();
    t.text('gateway_payment_id').nullable();
    t.uuid('recorded_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.uuid('decided_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('decided_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.index(['invoice_id', 'created_at'], 'payments_invoice_idx');
    t.index(['payer_id', 'payee_id'], 'payments_parties_idx');
    t.unique(['gateway', 'gateway_payment_id'], { indexName: 'payments_gateway_key' });
  });
  await knex.raw(`alter table payments add constraint payments_amount_positive check (amount > 0)`);
  await knex.raw(`alter table payments add constraint payments_dispute_reason_check check ((status = 'disputed') = (dispute_reason is not null))`);
  await touchUpdatedAt(knex, 'payments');

  await knex.schema.createTable('payment_reminders', (t) => {
    t.uuid('invoice_id').notNullable().references('id').inTable('invoices').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['due_soon', 'overdue'], 'payment_reminders_kind_check');
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['invoice_id', 'kind']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payment_reminders');
  await knex.schema.dropTable('payments');
  await knex.schema.alterTable('invoices', (t) => {
    t.dropChecks(['invoices_payment_terms_check']);
    t.dropColumn('payment_terms_days');
  });
}
