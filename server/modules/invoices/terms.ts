/**
 * An invoice's payment terms, set when the seller issues it: the terms named at issue (from
 * the purchase order's invoice dialog), else the seller's default in its tax profile (30
 * days unless the seller set another; migration 20261128000700).
 */
import type { Knex } from 'knex';
import type { PaymentTermsDays } from '../../../shared/schemas/payment';

export async function setPaymentTerms(trx: Knex.Transaction, invoiceId: string, sellerId: string, days: PaymentTermsDays | undefined): Promise<void> {
  const terms = days ?? (await trx('company_tax_profiles').where({ company_id: sellerId }).first('default_payment_terms_days'))?.default_payment_terms_days;
  if (terms === undefined) return;
  await trx('invoices').where({ id: invoiceId }).update({ payment_terms_days: terms });
}
