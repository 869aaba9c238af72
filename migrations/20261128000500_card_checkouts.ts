/**
 * card_checkouts: each payment started on the card gateway (Moyasar), so its callback and
 * webhook know what was asked before they believe what the gateway says was paid.
 *
 * - purpose: what it pays for, and so which handler settles it (payments/gateway/checkout.ts):
 *   'invoice' (invoice_id set: a tax invoice's balance) or 'plan' (details: the plan and
 *   cycle bought, as the subscriptions module writes them);
 * - payer_id: the company (its account) that pays; started_by: the user who clicked;
 * - amount: halalas, a positive integer, as the gateway counts; currency SAR;
 * - gateway, gateway_invoice_id: the hosted payment page made for it (unique per gateway);
 * - status: initiated, then paid once a verified payment settles it (gateway_payment_id,
 *   unique per gateway, so one gateway payment settles one checkout once); a failed attempt
 *   leaves it initiated (the hosted page may be tried again) with the last message;
 * - return_path: the page of ours the payer comes back to.
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('card_checkouts', (t) => {
    t.uuid('id').primary();
    t.text('purpose').notNullable().checkIn(['invoice', 'plan'], 'card_checkouts_purpose_check');
    t.uuid('payer_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('started_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.uuid('invoice_id').nullable().references('id').inTable('invoices').onDelete('CASCADE');
    t.jsonb('details').nullable();
    t.integer('amount').notNullable();
    t.text('currency').notNullable().defaultTo('SAR');
    t.text('description').notNullable();
    t.text('gateway').notNullable().defaultTo('moyasar');
    t.text('gateway_invoice_id').nullable();
    t.text('gateway_payment_id').nullable();
    t.text('status').notNullable().defaultTo('initiated').checkIn(['initiated', 'paid'], 'card_checkouts_status_check');
    t.text('message').nullable();
    t.text('return_path').notNullable();
    t.timestamp('settled_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.unique(['gateway', 'gateway_invoice_id'], { indexName: 'card_checkouts_gateway_invoice_key' });
    t.unique(['gateway', 'gateway_payment_id'], { indexName: 'card_checkouts_gateway_payment_key' });
    t.index(['invoice_id'], 'card_checkouts_invoice_idx');
    t.index(['payer_id', 'created_at'], 'card_checkouts_payer_idx');
  });
  await knex.raw(`alter table card_checkouts add constraint card_checkouts_amount_positive check (amount > 0)`);
  await knex.raw(`alter table card_checkouts add constraint card_checkouts_invoice_check check ((purpose = 'invoice') = (invoice_id is not null))`);
  await knex.raw(`alter table card_checkouts add constraint card_checkouts_paid_check check ((status = 'paid') = (gateway_payment_id is not null))`);
  await touchUpdatedAt(knex, 'card_checkouts');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('card_checkouts');
}
