/**
 * Simplified tax invoices (KSA-2 0200000, B2C, reported to ZATCA) against ZATCA's published
 * rules: built by document.ts and signed as the server issues them, with a buyer, a name
 * alone or no buyer at all, they pass the schema and both rule sets, and their QR carries
 * tags 1 to 9 (9: the certificate's signature, which a simplified document must carry). A
 * standard document still passes and still needs its buyer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInvoiceXml } from './document';
import type { InvoiceDocument } from './invoice-types';
import { CREDIT_NOTE, invoiceOf, STANDARD_LINES, unitKeys } from './fixtures';
import { certificateInfo } from './pki';
import { decodeQr } from './qr';
import { buildSignedInvoice, signInvoice, verifyInvoice } from './sign';
import { loadValidator, validateInvoice } from './validate';

beforeAll(() => loadValidator(), 60_000);

const keys = unitKeys();
const SIMPLIFIED = invoiceOf(STANDARD_LINES, { simplified: true, paymentMeansCode: '48' });
const subtypeOf = (xml: string) => /<cbc:InvoiceTypeCode name="(\d+)">/.exec(xml)?.[1];

const cases: [string, InvoiceDocument][] = [
  ['with a full buyer', SIMPLIFIED],
  ['with a buyer named only', { ...SIMPLIFIED, buyer: { legalName: 'شركة المشترك' } }],
  ['without a buyer', { ...SIMPLIFIED, buyer: undefined }],
  ['as a credit note without a buyer', { ...CREDIT_NOTE, simplified: true, buyer: undefined }],
];

describe('a simplified tax invoice', () => {
  it.each(cases)('%s passes the schema and both rule sets once signed', async (_, doc) => {
    const signed = buildSignedInvoice(doc, keys);
    expect(subtypeOf(signed.xml)).toBe('0200000');
    const { errors } = await validateInvoice(signed.xml);
    expect(errors).toEqual([]);
    expect(verifyInvoice(signed.xml)).toMatchObject({ hashOk: true, signatureOk: true, qrOk: true });
  }, 30_000);

  it("states the buyer's name when one is given, and no buyer details otherwise", () => {
    expect(buildInvoiceXml({ ...SIMPLIFIED, buyer: { legalName: 'شركة المشترك' } })).toMatch(
      /<cac:AccountingCustomerParty>\s*<cac:Party>\s*<cac:PartyLegalEntity>\s*<cbc:RegistrationName>شركة المشترك<\/cbc:RegistrationName>/,
    );
    expect(buildInvoiceXml({ ...SIMPLIFIED, buyer: undefined })).toMatch(/<cac:AccountingCustomerParty>\s*<cac:Party>\s*<\/cac:Party>\s*<\/cac:AccountingCustomerParty>/);
  });

  it("carries QR tags 1 to 9: tag 8 the public key, tag 9 the certificate's signature", () => {
    const signed = buildSignedInvoice({ ...SIMPLIFIED, buyer: undefined }, keys);
    const tags = decodeQr(signed.qr);
    const cert = certificateInfo(keys.certificatePem);
    expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tags.get(8)?.equals(cert.publicKeyDer)).toBe(true);
    expect(tags.get(9)?.equals(cert.signatureDer)).toBe(true);
    // The same from the document alone (signInvoice reads the subtype back).
    expect([...decodeQr(signInvoice(buildInvoiceXml(SIMPLIFIED), keys).qr).keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('is refused by verification when its QR lacks tag 9', () => {
    const signed = buildSignedInvoice(SIMPLIFIED, keys);
    const tags = decodeQr(signed.qr);
    const withoutNine = Buffer.concat([...tags].filter(([tag]) => tag !== 9).map(([tag, v]) => Buffer.concat([Buffer.from([tag, v.length]), v]))).toString('base64');
    expect(verifyInvoice(signed.xml.replace(signed.qr, withoutNine)).qrOk).toBe(false);
  });
});

describe('a standard tax invoice beside it', () => {
  it('still passes, with subtype 0100000 and QR tags 1 to 8', async () => {
    const signed = buildSignedInvoice(invoiceOf(STANDARD_LINES), keys);
    expect(subtypeOf(signed.xml)).toBe('0100000');
    expect((await validateInvoice(signed.xml)).errors).toEqual([]);
    expect([...decodeQr(signed.qr).keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  }, 30_000);

  it('needs a buyer with a national address', () => {
    expect(() => buildInvoiceXml(invoiceOf(STANDARD_LINES, { buyer: undefined }))).toThrow(/buyer/);
    expect(() => buildInvoiceXml(invoiceOf(STANDARD_LINES, { buyer: { legalName: 'x' } }))).toThrow(/buyer/);
  });
});
