/**
 * Plan invoices: the platform's tax invoice for a paid plan, and its credit note when the
 * payment is refunded (server/modules/subscriptions/plan-invoices.ts).
 *
 * - invoices.purchase_order_id becomes nullable: a plan invoice invoices no order.
 * - invoices.plan_payment_id: the plan payment a document invoices (or, on a credit note,
 *   credits). A document names exactly one of an order and a plan payment.
 * - One live invoice per plan payment, as per purchase order: another only after a
 *   rejection. plan_payments.invoice_id points at that live invoice, for the subscriber.
 *
 * Add it to migrations/index.ts (an import and a line in `migrations`).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table invoices alter column purchase_order_id drop not null');
  await knex.schema.alterTable('invoices', (t) => {
    t.text('plan_payment_id').nullable().references('payment_id').inTable('plan_payments').onDelete('CASCADE');
  });
  await knex.raw(`alter table invoices add constraint invoices_subject_check
    check ((purchase_order_id is null) <> (plan_payment_id is null))`);
  await knex.raw(`create unique index invoices_one_per_plan_payment on invoices (plan_payment_id)
    where kind = 'invoice' and status <> 'rejected'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('invoices').whereNotNull('plan_payment_id').delete();
  await knex.raw('drop index invoices_one_per_plan_payment');
  await knex.raw('alter table invoices drop constraint invoices_subject_check');
  await knex.schema.alterTable('invoices', (t) => {
    t.dropColumn('plan_payment_id');
  });
  await knex.raw('alter table invoices alter column purchase_order_id set not null');
}
