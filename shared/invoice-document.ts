/**
 * What a tax invoice or credit note states on paper and on screen, the same for both: its
 * labels in Arabic and English (a Saudi tax invoice is bilingual, whatever the reader's
 * interface language), a party's national address as one line, and a line's VAT category.
 * The invoice page (client/features/invoices) and the PDF (server/modules/invoices/pdf.ts)
 * both read from here, so the two never say different things.
 */
import type { PaidPlanId } from './constants';
import type { Invoice, InvoiceLine, InvoiceParty } from './schemas/invoice';
import { riyadhDateTime } from './riyadh';

type Bilingual = { ar: string; en: string };

export const DOCUMENT_LABELS = {
  invoice: { ar: 'فاتورة ضريبية', en: 'Tax Invoice' },
  simplified_invoice: { ar: 'فاتورة ضريبية مبسطة', en: 'Simplified Tax Invoice' },
  credit_note: { ar: 'إشعار دائن', en: 'Credit Note' },
  debit_note: { ar: 'إشعار مدين', en: 'Debit Note' },
  seller: { ar: 'البائع', en: 'Seller' },
  buyer: { ar: 'المشتري', en: 'Buyer' },
  vatNumber: { ar: 'الرقم الضريبي', en: 'VAT number' },
  crNumber: { ar: 'السجل التجاري', en: 'CR number' },
  address: { ar: 'العنوان الوطني', en: 'National address' },
  number: { ar: 'رقم الفاتورة', en: 'Invoice number' },
  issuedAt: { ar: 'تاريخ ووقت الإصدار', en: 'Issue date and time' },
  supplyDate: { ar: 'تاريخ التوريد', en: 'Supply date' },
  purchaseOrder: { ar: 'أمر الشراء', en: 'Purchase order' },
  subscription: { ar: 'الاشتراك', en: 'Subscription' },
  originalInvoice: { ar: 'الفاتورة الأصلية', en: 'Original invoice' },
  reason: { ar: 'سبب الإشعار', en: 'Reason' },
  description: { ar: 'الوصف', en: 'Description' },
  quantity: { ar: 'الكمية', en: 'Quantity' },
  unit: { ar: 'الوحدة', en: 'Unit' },
  unitPrice: { ar: 'سعر الوحدة', en: 'Unit price' },
  vatCategory: { ar: 'فئة الضريبة', en: 'VAT category' },
  taxableAmount: { ar: 'المبلغ الخاضع للضريبة', en: 'Taxable amount' },
  vatAmount: { ar: 'مبلغ الضريبة', en: 'VAT amount' },
  lineTotal: { ar: 'المجموع شامل الضريبة', en: 'Total with VAT' },
  subtotal: { ar: 'الإجمالي غير شامل الضريبة', en: 'Total excluding VAT' },
  vatTotal: { ar: 'ضريبة القيمة المضافة', en: 'VAT' },
  total: { ar: 'الإجمالي شامل الضريبة', en: 'Total including VAT' },
  currency: { ar: 'ر.س', en: 'SAR' },
} as const satisfies Record<string, Bilingual>;

/** A line's total with its VAT, as the document prints it (two amounts of two decimals: the sum is exact in halalas). */
export const lineTotalWithVat = (line: Pick<InvoiceLine, 'line_total' | 'vat_amount'>): number => Math.round((line.line_total + line.vat_amount) * 100) / 100;

/** The standard rate the document's VAT total is at ("15 %"), or null when no line is standard rated. */
export function standardRate(invoice: Pick<Invoice, 'lines'>): string | null {
  const line = invoice.lines.find((l) => l.vat_category === 'S');
  return line ? documentRate(line.vat_rate) : null;
}

/** A line's VAT category as the document names it: standard rated, zero rated, exempt. */
export const VAT_CATEGORY_LABELS: Record<InvoiceLine['vat_category'], Bilingual> = {
  S: { ar: 'خاضع للنسبة الأساسية', en: 'Standard rated' },
  Z: { ar: 'خاضع للنسبة الصفرية', en: 'Zero rated' },
  E: { ar: 'معفى', en: 'Exempt' },
};

/**
 * The paid plans' names as a tax document states them, Arabic and English like its labels
 * (the plan's stored name is the English one): "الباقة الأساسية / Basic". The same Arabic
 * names as the pricing page's (client/i18n/locales/ar/pricing.json plans).
 */
export const PLAN_NAMES: Record<PaidPlanId, Bilingual> = {
  basic: { ar: 'الأساسية', en: 'Basic' },
  premium: { ar: 'المميزة', en: 'Premium' },
  enterprise: { ar: 'المؤسسات', en: 'Enterprise' },
};

/** The day part of an instant in Riyadh (2026-11-28), as the document states a plan's period. */
const documentDay = (iso: string): string => documentDateTime(iso).slice(0, 10);

/**
 * What the document invoices, as its facts state it: the purchase order's number, or a
 * plan invoice's plan and the period paid for ("المميزة / Premium (2026-11-28 – 2026-12-28)").
 */
export function documentSubject(invoice: Pick<Invoice, 'purchase_order_number' | 'plan'>): { label: Bilingual; value: string } {
  if (invoice.plan) {
    const p = invoice.plan;
    const name = PLAN_NAMES[p.id];
    return { label: DOCUMENT_LABELS.subscription, value: `${name.ar} / ${name.en} (${documentDay(p.period_start)} – ${documentDay(p.period_end)})` };
  }
  return { label: DOCUMENT_LABELS.purchaseOrder, value: invoice.purchase_order_number ?? '' };
}

/** The document's heading: "فاتورة ضريبية / Tax Invoice", "فاتورة ضريبية مبسطة / Simplified Tax Invoice" (as ZATCA titles a B2C one) "إشعار دائن / Credit Note" or "إشعار مدين / Debit Note". */
export const documentTitle = (invoice: Pick<Invoice, 'kind' | 'simplified'>): Bilingual =>
  invoice.kind === 'invoice' && invoice.simplified ? DOCUMENT_LABELS.simplified_invoice : DOCUMENT_LABELS[invoice.kind];

/** A party's national address on one line, in the order Saudi addresses are written: building, street, district, city, postal code, additional number. */
export function partyAddress(party: InvoiceParty): string {
  const head = [party.building_number, party.street, party.district, party.city].filter(Boolean).join('، ');
  const postal = party.additional_number ? `${party.postal_code} - ${party.additional_number}` : party.postal_code;
  return `${head} ${postal}`.trim();
}

/** Money as the document prints it: two decimals, Western digits, grouped (1,234.50). */
export const documentAmount = (amount: number): string =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A rate of the document (0.15) as a percentage (15 %, a no-break space before the sign so it never stands alone). */
export const documentRate = (rate: number): string => `${Math.round(rate * 10000) / 100}\u00a0%`;

/** An instant as the document states it: Riyadh time (UTC+3, no daylight saving), 2026-11-28 12:30:05. */
export function documentDateTime(iso: string): string {
  const { date, time } = riyadhDateTime(iso);
  return `${date} ${time}`;
}
