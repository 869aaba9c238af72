/**
 * Documents the tests and the bench build: a seller and a buyer with Arabic names and
 * national addresses, and invoices of each kind the product issues (standard-rated,
 * zero-rated, exempt, mixed, a credit note, amounts whose VAT falls on the half halala),
 * plus a unit's key and certificate from a test authority.
 */
import { buildCsr, generateKeyPair } from './pki';
import { createTestAuthority, issueCertificate } from './test-authority';
import { FIRST_PIH } from './standards';
import type { InvoiceDocument, InvoiceLine, InvoiceParty } from './invoice-types';

const SELLER: InvoiceParty = {
  legalName: 'شركة مواد البناء المتحدة المحدودة',
  vatNumber: '399999999900003',
  crNumber: '1010010000',
  address: { buildingNumber: '2322', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postalCode: '12211', additionalNumber: '8228' },
};

const BUYER: InvoiceParty = {
  legalName: 'مؤسسة البناء الحديث للمقاولات',
  vatNumber: '300000000000003',
  crNumber: '4030000000',
  address: { buildingNumber: '7080', street: 'شارع التحلية', district: 'الروضة', city: 'جدة', postalCode: '23435', additionalNumber: '2233' },
};

export function invoiceOf(lines: InvoiceLine[], over: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: 'invoice',
    id: 'INV-2026-0001',
    uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    issuedAt: new Date('2026-11-28T09:30:00Z'),
    supplyDate: '2026-11-27',
    icv: 1,
    pih: FIRST_PIH,
    paymentMeansCode: '42',
    seller: SELLER,
    buyer: BUYER,
    lines,
    ...over,
  };
}

export const STANDARD_LINES: InvoiceLine[] = [
  { name: 'أسمنت بورتلاندي 50 كجم', quantity: 120, unitCode: 'PCE', unitPrice: 1850, vatCategory: 'S' },
  { name: 'حديد تسليح 12 مم (طن)', quantity: 2.5, unitPrice: 329_999, vatCategory: 'S' },
];

/**
 * Amounts on the half halala, rounded away from zero: the first line's VAT (0.70 × 15 % =
 * 0.105), the second line's amount (0.5 × 10.01 = 5.005) and the category's VAT
 * (5.90 × 15 % = 0.885).
 */
export const HALF_LINES: InvoiceLine[] = [
  { name: 'مسامير', quantity: 1, unitPrice: 70, vatCategory: 'S' },
  { name: 'شريط لاصق', quantity: 0.5, unitPrice: 1_001, vatCategory: 'S' },
  { name: 'برغي', quantity: 1, unitPrice: 19, vatCategory: 'S' },
];

/** Ten lines of 0.10: each line's VAT rounds up to 0.02, the category's is 1.00 × 15 % = 0.15, not their sum 0.20. */
export const SMALL_LINES: InvoiceLine[] = Array.from({ length: 10 }, (_, n) => ({ name: `حلقة ${n + 1}`, quantity: 1, unitPrice: 10, vatCategory: 'S' as const }));

export const ZERO_RATED_LINES: InvoiceLine[] = [{ name: 'حديد مؤهل للتصدير', quantity: 10, unitPrice: 125_050, vatCategory: 'Z', exemptionReasonCode: 'VATEX-SA-32' }];

export const EXEMPT_LINES: InvoiceLine[] = [{ name: 'إيجار مستودع سكني', quantity: 1, unitPrice: 500_000, vatCategory: 'E', exemptionReasonCode: 'VATEX-SA-30' }];

export const CREDIT_NOTE: InvoiceDocument = invoiceOf([STANDARD_LINES[0] as InvoiceLine], {
  kind: 'credit-note',
  id: 'CN-2026-0001',
  uuid: '9b1c8f0e-5d0a-4c47-8a2e-6f1f0c1b2a33',
  icv: 2,
  billingReference: 'INV-2026-0001',
  reason: 'إرجاع بضاعة تالفة',
});

/** A unit's key and a certificate for it from a fresh test authority. */
export function unitKeys() {
  const ca = createTestAuthority();
  const { privateKeyPem } = generateKeyPair();
  const csrBase64 = buildCsr({
    privateKeyPem,
    commonName: 'TST-886431145-399999999900003',
    organizationName: SELLER.legalName,
    organizationUnit: 'Riyadh Branch',
    country: 'SA',
    serialNumber: '1-Binaa|2-1.0|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
    vatNumber: '399999999900003',
    invoiceTypes: '1100',
    registeredAddress: '2322 طريق الملك فهد، العليا، الرياض',
    businessCategory: 'Construction supplies',
    environment: 'development',
  });
  const certificatePem = issueCertificate({ csrBase64, caKeyPem: ca.keyPem, caCertPem: ca.certPem, days: 365 });
  return { ca, privateKeyPem, certificatePem };
}
