/**
 * Plans that are paid for.
 *
 * - plan_payments: one row per verified gateway payment that bought a period of a plan,
 *   keyed by the gateway's payment id, so a callback and a webhook for the same payment
 *   (or a replay) activate once. amount in halalas, VAT included (the plan's price).
 *   period_start is where the bought period starts: now for a new plan, the end of the
 *   running period for a renewal of the same plan; period_end where it ends. A refund
 *   (cancelled within the refund window) records refunded_amount and refunded_at.
 *   invoice_id: the platform's tax invoice for it, once issued.
 * - subscriptions.cancelled_at: the subscriber cancelled; the period runs to its end and is
 *   not renewed (no reminder to renew).
 * - subscriptions.renewal_reminded_for: the period end the "renew before it ends" reminder
 *   was sent for, so the sweep sends one per period.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plan_payments', (t) => {
    t.text('payment_id').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('plan_id').notNullable().references('id').inTable('subscription_plans');
    t.text('billing_cycle').notNullable().checkIn(['monthly', 'yearly'], 'plan_payments_cycle_check');
    t.integer('amount').notNullable();
    t.text('currency').notNullable();
    t.timestamp('period_start', { useTz: true }).notNullable();
    t.timestamp('period_end', { useTz: true }).notNullable();
    t.integer('refunded_amount').nullable();
    t.timestamp('refunded_at', { useTz: true }).nullable();
    t.uuid('invoice_id').nullable().references('id').inTable('invoices').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at'], 'plan_payments_user_idx');
  });
  await knex.raw(`alter table plan_payments add constraint plan_payments_amount_positive check (amount > 0)`);
  await knex.schema.alterTable('subscriptions', (t) => {
    t.timestamp('cancelled_at', { useTz: true }).nullable();
    t.timestamp('renewal_reminded_for', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('subscriptions', (t) => {
    t.dropColumn('renewal_reminded_for');
    t.dropColumn('cancelled_at');
  });
  await knex.schema.dropTable('plan_payments');
}
