/**
 * What the invoice list says beside each number: who issued the document, and a plan
 * invoice's plan by name. Numbers are per issuer (each seller's unit counts from
 * INV-YYYY-000001), so the platform's first plan invoice and a company's own first invoice
 * carry the same number in one list; the issuer's name beside it tells them apart, and a
 * plan invoice says it is the platform's.
 */
import type { TFunction } from 'i18next';
import type { Invoice } from '../../../shared/schemas/invoice';

/** "from Binaa Market, the platform" for a plan invoice, "from <seller>" for any other. */
export function issuerLabel(t: TFunction<'invoices'>, invoice: Pick<Invoice, 'plan' | 'seller'>): string {
  if (invoice.plan) return t('card.issuedByPlatform', { platform: t('app.name', { ns: 'common' }) });
  return t('card.issuedBy', { seller: invoice.seller.legal_name });
}

/** A plan invoice's plan in the reader's language ("الأساسية", not the stored English "Basic"). */
export function planLabel(t: TFunction<'invoices'>, plan: NonNullable<Invoice['plan']>): string {
  return t(`card.plans.${plan.id}`);
}
