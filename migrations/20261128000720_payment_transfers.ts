/**
 * payments.transfer_id: one bank transfer across several invoices of the same seller (one
 * reference, one receipt, one date), recorded by the buyer with an amount allocated to each
 * (server/modules/payments/transfers.ts). The smallest model that keeps card payments and
 * the statement as they are: a transfer is its payment rows, one per invoice, each with its
 * allocation as its amount and the transfer's id in transfer_id (null for a payment of one
 * invoice and for a card payment). Rules:
 * - every row of a transfer has the same payer, payee, paid_on, reference and receipt_id,
 *   and at most one row per invoice (the unique index);
 * - the seller confirms or disputes the transfer as a whole: its rows change status
 *   together, under the row locks of their invoices taken in invoice id order, so two
 *   writes over overlapping invoices never wait on each other in a circle;
 * - each invoice's balance changes by its own row, and overpayment is checked per invoice
 *   as for any payment; the statement lists each row as a payment of its invoice.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.uuid('transfer_id').nullable();
    t.unique(['transfer_id', 'invoice_id'], { indexName: 'payments_transfer_invoice_key' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.dropUnique(['transfer_id', 'invoice_id'], 'payments_transfer_invoice_key');
    t.dropColumn('transfer_id');
  });
}
