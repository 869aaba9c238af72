import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { AdminRows } from '../../data/api/admin';
import { formatDate, formatSar } from '../../i18n/format';
import arPayments from '../../i18n/locales/ar/payments.json';
import { MONEY_STATUSES, moneyRowView, type MoneyT } from './moneyRows';

async function translator(lng: 'ar' | 'en' | 'zh'): Promise<MoneyT> {
  const load = async (ns: string) => (await import(`../../i18n/locales/${lng}/${ns}.json`)).default;
  const i18n = i18next.createInstance();
  const ns = ['admin', 'purchase-orders', 'invoices', 'payments'];
  await i18n.init({ lng, ns, resources: { [lng]: Object.fromEntries(await Promise.all(ns.map(async (n) => [n, await load(n)]))) }, interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n) as unknown as MoneyT;
}

const format = (lng: string) => ({ sar: (v: number) => formatSar(v, lng), date: (v: string | Date) => formatDate(v, lng) });

const payment: AdminRows['payments'] = {
  id: '00000000-0000-4000-8000-000000000001',
  invoice_id: '00000000-0000-4000-8000-000000000002',
  invoice_number: 'INV-2026-000042',
  payer_name: 'مقاولات الشرق',
  payee_name: 'مورد الشمال',
  method: 'card',
  amount: 500,
  refunded: 100,
  status: 'confirmed',
  paid_on: '2026-11-28',
  reference: 'pay_81x',
  created_at: '2026-11-28T09:00:00.000Z',
};

describe("the admin's money rows", () => {
  it('filter by the statuses the server takes', () => {
    expect(MONEY_STATUSES.payments).toEqual(['recorded', 'confirmed', 'disputed']);
    expect(MONEY_STATUSES.invoices).toEqual(['pending', 'cleared', 'reported', 'rejected']);
    expect(MONEY_STATUSES.purchaseOrders).toContain('accepted');
  });

  it('say who paid whom, against which invoice, how, and what went back to the card, in each language', async () => {
    const en = moneyRowView('payments', payment, await translator('en'), format('en'));
    expect(en.badge).toBe('Confirmed');
    expect(en.lines[0]).toBe('مقاولات الشرق paid مورد الشمال');
    expect(en.lines[1]).toBe('Invoice INV-2026-000042 · Card · pay_81x');
    expect(en.lines[3]).toContain('refunded to the card');
    const ar = moneyRowView('payments', payment, await translator('ar'), format('ar'));
    expect(ar.badge).toBe(arPayments.state.confirmed);
    expect(ar.lines[1]).toContain('بطاقة');
    const zh = moneyRowView('invoices', { id: payment.id, kind: 'credit_note', number: 'CRN-2026-000003', seller_name: 'A', buyer_name: null, total: 10, status: 'cleared', issued_at: payment.created_at }, await translator('zh'), format('zh'));
    expect(zh.lines[0]).toBe('A 向 — 开具发票');
    expect(zh.badge).not.toBe('cleared');
  });
});
