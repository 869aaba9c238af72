/** An invoice's payment terms, set when the seller issues it (30 days when not named). */
import type { Knex } from 'knex';
import type { PaymentTermsDays } from '../../../shared/schemas/payment';

export async function setPaymentTerms(trx: Knex.Transaction, invoiceId: string, days: PaymentTermsDays | undefined): Promise<void> {
  if (days === undefined) return;
  await trx('invoices').where({ id: invoiceId }).update({ payment_terms_days: days });
}
