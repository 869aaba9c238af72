/**
 * Every document the product issues against the standard itself: the UBL 2.1 schema and
 * both rule sets (ZATCA's BR-KSA and EN 16931) report no error or warning; the hash
 * recomputed from the document as ZATCA specifies equals the signature's digest and the
 * QR's tag 6; the signature verifies with the certificate's key; the certificate chains
 * to the test authority; a changed amount, QR or signature is caught. ZATCA's own samples
 * are the reference the hash, the XAdES digests and the rules runner are held to.
 */
import { readFileSync } from 'node:fs';
import { createPublicKey, verify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInvoiceXml } from './document';
import type { InvoiceDocument } from './invoice-types';
import { CREDIT_NOTE, EXEMPT_LINES, HALF_LINES, invoiceOf, SMALL_LINES, STANDARD_LINES, unitKeys, ZERO_RATED_LINES } from './fixtures';
import { invoiceHash } from './hash';
import { certificateInfo } from './pki';
import { verifyCertificate } from './test-authority';
import { decodeQr, encodeQr } from './qr';
import { buildSignedInvoice, signInvoice, verifyInvoice } from './sign';
import { SAMPLES } from './standards';
import { loadValidator, validateInvoice } from './validate';

const sample = (name: string) => readFileSync(`${SAMPLES}/${name}`, 'utf8');
const digestOf = (xml: string) => /Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]*)/.exec(xml)?.[1];
const qrOf = (xml: string) => /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]*)</.exec(xml)?.[1] ?? '';
const ids = (findings: { id: string }[]) => findings.map((f) => f.id).sort();

beforeAll(() => loadValidator(), 60_000);

describe("ZATCA's samples", () => {
  it.each(['Standard_Invoice.xml', 'Simplified_Invoice.xml', 'Standard_Credit_Note.xml', 'Zero_Rate_Standard_Invoice.xml', 'Exempt_Standard_Invoice.xml'])(
    '%s passes the schema and both rule sets',
    async (name) => {
      const { errors } = await validateInvoice(sample(name));
      expect(errors).toEqual([]);
    },
    30_000,
  );

  it('Standard_Invoice_Error.xml reports the buyer address it lacks', async () => {
    const { errors, warnings } = await validateInvoice(sample('Standard_Invoice_Error.xml'));
    expect(errors).toEqual([]);
    expect(ids(warnings)).toEqual(['BR-10', 'BR-KSA-10', 'BR-KSA-63', 'BR-KSA-F-06-C23']);
    expect(warnings.find((w) => w.id === 'BR-10')).toMatchObject({ source: 'en16931', flag: 'warning' });
    expect(warnings.find((w) => w.id === 'BR-KSA-10')).toMatchObject({ source: 'ksa', flag: 'warning', text: expect.stringContaining('Buyer address') });
  }, 30_000);

  it("recomputes the simplified sample's hash: its QR tag 6 and its signature's digest", () => {
    const xml = sample('Simplified_Invoice.xml');
    const hash = invoiceHash(xml);
    expect(hash).toBe('r/2si60BEew0NQCHNHNejowLDLjVNV/VTT/P8QSLxMk=');
    expect(digestOf(xml)).toBe(hash);
    expect(decodeQr(qrOf(xml)).get(6)?.toString()).toBe(hash);
  });

  it.each(['Simplified_Invoice.xml', 'Standard_Credit_Note.xml'])("verifies %s's hash, XAdES digests, signature and QR", (name) => {
    expect(verifyInvoice(sample(name))).toMatchObject({ hashOk: true, signatureOk: true, qrOk: true });
  });
});

const documents: [string, InvoiceDocument][] = [
  ['a standard invoice with standard-rated lines and Arabic names', invoiceOf(STANDARD_LINES)],
  ['amounts that round at the half', invoiceOf(HALF_LINES)],
  ['many small lines whose VAT rounds up', invoiceOf(SMALL_LINES)],
  ['a zero-rated invoice', invoiceOf(ZERO_RATED_LINES)],
  ['an exempt invoice with its reason', invoiceOf(EXEMPT_LINES)],
  ['standard, zero-rated and exempt lines together', invoiceOf([...STANDARD_LINES, ...ZERO_RATED_LINES, ...EXEMPT_LINES])],
  ['a credit note', CREDIT_NOTE],
];

describe('documents the product issues', () => {
  const keys = unitKeys();

  it('signs with a certificate that chains to the test authority', () => {
    expect(verifyCertificate(keys.certificatePem, keys.ca.certPem)).toBe(true);
  });

  it.each(documents)('%s: valid, and its hash, signature and QR hold', async (_, doc) => {
    const unsigned = buildInvoiceXml(doc);
    const signed = buildSignedInvoice(doc, keys, new Date('2026-11-28T09:30:05Z'));
    expect(signInvoice(unsigned, keys).hash).toBe(signed.hash);

    const { errors, warnings } = await validateInvoice(signed.xml);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);

    const hash = invoiceHash(signed.xml);
    expect(hash).toBe(signed.hash);
    expect(invoiceHash(unsigned)).toBe(hash);
    expect(digestOf(signed.xml)).toBe(hash);
    const qr = decodeQr(qrOf(signed.xml));
    expect(qr.get(6)?.toString()).toBe(hash);
    expect(qr.get(1)?.toString()).toBe(doc.seller.legalName);
    expect(qr.get(7)?.toString()).toBe(signed.signature);

    const publicKey = createPublicKey({ key: certificateInfo(keys.certificatePem).publicKeyDer, format: 'der', type: 'spki' });
    expect(verify('sha256', Buffer.from(hash, 'base64'), { key: publicKey, dsaEncoding: 'der' }, Buffer.from(signed.signature, 'base64'))).toBe(true);
    expect(verifyInvoice(signed.xml)).toMatchObject({ hashOk: true, signatureOk: true, qrOk: true, hash });
  }, 30_000);

  it('issues without parsing the bytes a parse would give: text that needs escaping, line breaks, surrounding spaces', () => {
    const doc = invoiceOf([{ name: ' Tiles <60x60> & "grout" \'white\'\r\nsecond line ', quantity: 1, unitCode: 'MTK', unitPrice: 100, vatCategory: 'S' }], {
      id: 'A&B<1>',
      seller: { ...invoiceOf([]).seller, legalName: '  مؤسسة "الأمل" & شركاه  ' },
    });
    const issued = buildSignedInvoice(doc, keys);
    expect(issued.hash).toBe(invoiceHash(issued.xml));
    expect(issued.hash).toBe(signInvoice(buildInvoiceXml(doc), keys).hash);
    expect(verifyInvoice(issued.xml)).toMatchObject({ hashOk: true, signatureOk: true, qrOk: true });
  });

  it('chains the next invoice to this one by its hash and counter', () => {
    const first = signInvoice(buildInvoiceXml(invoiceOf(STANDARD_LINES)), keys);
    const second = signInvoice(buildInvoiceXml(invoiceOf(HALF_LINES, { id: 'INV-2026-0002', icv: 2, pih: first.hash })), keys);
    expect(second.xml).toContain(`<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${first.hash}</cbc:EmbeddedDocumentBinaryObject>`);
    expect(second.hash).not.toBe(first.hash);
  });

  describe('a document changed after signing', () => {
    const signed = signInvoice(buildInvoiceXml(invoiceOf(STANDARD_LINES)), keys);

    it('fails the hash when an amount changes', () => {
      const tampered = signed.xml.replace('<cbc:PayableAmount currencyID="SAR">12040.48<', '<cbc:PayableAmount currencyID="SAR">12040.49<');
      expect(tampered).not.toBe(signed.xml);
      expect(verifyInvoice(tampered)).toMatchObject({ hashOk: false, signatureOk: true });
    });

    it('fails the QR when the QR is replaced', () => {
      const other = signInvoice(buildInvoiceXml(invoiceOf(HALF_LINES)), keys);
      const tampered = signed.xml.replace(signed.qr, other.qr);
      expect(verifyInvoice(tampered)).toMatchObject({ hashOk: true, qrOk: false });
    });

    it('fails the QR when its hash alone is another', () => {
      const tags = decodeQr(signed.qr);
      const str = (tag: number) => tags.get(tag)?.toString() ?? '';
      const forged = encodeQr({
        sellerName: str(1),
        vatNumber: str(2),
        timestamp: str(3),
        total: str(4),
        vatTotal: str(5),
        hash: invoiceHash(buildInvoiceXml(invoiceOf(HALF_LINES))),
        signature: str(7),
        publicKey: tags.get(8) ?? Buffer.alloc(0),
      });
      expect(verifyInvoice(signed.xml.replace(signed.qr, forged))).toMatchObject({ hashOk: true, signatureOk: true, qrOk: false });
      expect(verifyInvoice(signed.xml)).toMatchObject({ qrOk: true });
    });

    it("fails the signature when it is another key's", () => {
      const other = unitKeys();
      const foreign = signInvoice(buildInvoiceXml(invoiceOf(STANDARD_LINES)), other, new Date());
      const tampered = signed.xml.replace(signed.signature, foreign.signature);
      expect(verifyInvoice(tampered)).toMatchObject({ hashOk: true, signatureOk: false });
    });
  });

  it('judges the issue date against the time it is given (BR-KSA-04: at most today in Riyadh)', async () => {
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const xml = signInvoice(buildInvoiceXml(invoiceOf(STANDARD_LINES, { issuedAt: tomorrow })), keys, tomorrow).xml;
    expect(ids((await validateInvoice(xml)).errors)).toContain('BR-KSA-04');
    expect(ids((await validateInvoice(xml, tomorrow)).errors)).not.toContain('BR-KSA-04');
    // The next document on the thread is judged on the real day again.
    expect(ids((await validateInvoice(xml)).errors)).toContain('BR-KSA-04');
  }, 30_000);

  it('reports the errors of a document ZATCA would reject, by source', async () => {
    const bad = buildInvoiceXml(invoiceOf(STANDARD_LINES, { seller: { ...invoiceOf([]).seller, vatNumber: '12345' } }));
    const { errors } = await validateInvoice(signInvoice(bad, keys).xml);
    expect(errors).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'ksa', id: 'BR-KSA-40', flag: 'error' })]));

    const misplaced = buildInvoiceXml(invoiceOf(STANDARD_LINES)).replace('<cbc:ProfileID>reporting:1.0</cbc:ProfileID>', '').replace('</cbc:UUID>', '</cbc:UUID>\n    <cbc:ProfileID>reporting:1.0</cbc:ProfileID>');
    const schema = await validateInvoice(misplaced);
    expect(schema.errors).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'xsd', flag: 'fatal', text: expect.stringContaining('ProfileID') })]));
  }, 30_000);

  it('reports a document that is not XML as the parser’s finding, without throwing', async () => {
    const { errors } = await validateInvoice('<Invoice><ID></Invoice>');
    expect(errors).toEqual([expect.objectContaining({ source: 'xsd', flag: 'fatal', location: 'line 1', text: expect.stringContaining('parser error') })]);
  }, 30_000);
});
