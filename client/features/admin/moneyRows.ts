/**
 * What the admin's money tabs show of a row (purchase orders, tax invoices, payments),
 * and the statuses each filters by, from the shared schemas so the filter offers exactly
 * what the server takes. Read-only: these rows carry no action.
 */
import type { TFunction } from 'i18next';
import { adminInvoiceSchema, adminPaymentSchema, adminPurchaseOrderSchema } from '../../../shared/schemas/admin';
import type { AdminRows, AdminTab } from '../../data/api/admin';
import type { useFormat } from '../../i18n/format';

export type MoneyTab = Extract<AdminTab, 'purchaseOrders' | 'invoices' | 'payments'>;

export const MONEY_STATUSES: Record<MoneyTab, readonly string[]> = {
  purchaseOrders: adminPurchaseOrderSchema.shape.status.options,
  invoices: adminInvoiceSchema.shape.status.options,
  payments: adminPaymentSchema.shape.status.options,
};

export const isMoneyTab = (tab: AdminTab): tab is MoneyTab => tab in MONEY_STATUSES;

export type MoneyT = TFunction<['admin', 'purchase-orders', 'invoices', 'payments']>;
type Format = Pick<ReturnType<typeof useFormat>, 'sar' | 'date'>;

/** A status's name in the words its own screens use. */
export function moneyStatusLabel(tab: MoneyTab, status: string, t: MoneyT): string {
  if (tab === 'purchaseOrders') return t(`purchase-orders:status.${status as AdminRows['purchaseOrders']['status']}`);
  if (tab === 'invoices') return t(`invoices:status.${status as AdminRows['invoices']['status']}`);
  return t(`payments:state.${status as AdminRows['payments']['status']}`);
}

export interface MoneyRowView {
  title: string;
  badge: string;
  lines: string[];
}

const name = (n: string | null) => n ?? '—';

export function moneyRowView(tab: MoneyTab, row: AdminRows[MoneyTab], t: MoneyT, format: Format): MoneyRowView {
  if (tab === 'purchaseOrders') {
    const o = row as AdminRows['purchaseOrders'];
    return {
      title: `${o.number} · ${o.title}`,
      badge: moneyStatusLabel(tab, o.status, t),
      lines: [t('admin:money.order', { buyer: name(o.buyer_name), seller: name(o.seller_name) }), `${format.sar(o.total)} · ${format.date(o.issued_at)}`],
    };
  }
  if (tab === 'invoices') {
    const i = row as AdminRows['invoices'];
    return {
      title: i.number,
      badge: moneyStatusLabel(tab, i.status, t),
      lines: [t('admin:money.invoice', { seller: name(i.seller_name), buyer: name(i.buyer_name) }), `${t(`invoices:kind.${i.kind}`)} · ${format.sar(i.total)} · ${format.date(i.issued_at)}`],
    };
  }
  const p = row as AdminRows['payments'];
  return {
    title: format.sar(p.amount),
    badge: moneyStatusLabel(tab, p.status, t),
    lines: [
      t('admin:money.payment', { payer: name(p.payer_name), payee: name(p.payee_name) }),
      `${t('admin:money.against', { number: p.invoice_number })} · ${t(`admin:money.method.${p.method}`)} · ${p.reference}`,
      format.date(p.paid_on),
      ...(p.refunded > 0 ? [t('admin:money.refunded', { amount: format.sar(p.refunded) })] : []),
    ],
  };
}
