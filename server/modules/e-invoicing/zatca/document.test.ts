/**
 * The document's arithmetic and shape, without the rule sets (zatca.test.ts runs those):
 * halalas printed exactly, one rounding rule (half away from zero) at the line and at the
 * VAT category as ZATCA's rules place it, VATEX reasons required for zero-rated and exempt
 * lines, the issue time in Riyadh, and a credit note's reference and reason.
 */
import { describe, expect, it } from 'vitest';
import { buildInvoiceXml, issueDateTime } from './document';
import { invoiceTotals } from './totals';
import { sar } from './xml-parts';
import { CREDIT_NOTE, EXEMPT_LINES, HALF_LINES, invoiceOf, SMALL_LINES, STANDARD_LINES, ZERO_RATED_LINES } from './fixtures';

describe('invoice amounts', () => {
  it('prints halalas with two decimals exactly', () => {
    expect([sar(0), sar(5), sar(70), sar(123_456_789_01), sar(-50)]).toEqual(['0.00', '0.05', '0.70', '123456789.01', '-0.50']);
    expect(() => sar(1.5)).toThrow(RangeError);
  });

  it('rounds line amounts, line VAT and the category VAT at the half away from zero', () => {
    const t = invoiceTotals(HALF_LINES);
    expect(t.lines.map((l) => [l.net, l.vat])).toEqual([
      [70, 11], // VAT 10.5 halalas
      [501, 75], // amount 500.5 halalas
      [19, 3],
    ]);
    expect(t.breakdown).toEqual([expect.objectContaining({ category: 'S', percent: 15, taxable: 590, vat: 89 })]); // 88.5 halalas
    expect([t.net, t.vat, t.total]).toEqual([590, 89, 679]);
  });

  it("takes a category's VAT on its taxable total, not the sum of its lines' VAT", () => {
    const t = invoiceTotals(SMALL_LINES);
    expect(t.lines.every((l) => l.vat === 2)).toBe(true);
    expect(t.breakdown[0]).toMatchObject({ taxable: 100, vat: 15 });
    expect(t.vat).toBe(15);
  });

  it('keeps one breakdown per category and exemption reason, with ZATCA’s reason text', () => {
    const t = invoiceTotals([...STANDARD_LINES, ...ZERO_RATED_LINES, ...EXEMPT_LINES]);
    expect(t.breakdown.map((g) => [g.category, g.reasonCode, g.reasonText, g.taxable, g.vat])).toEqual([
      ['S', undefined, undefined, 222_000 + 824_998, 157_050], // 2.5 × 3299.99 = 8249.975; 15 % of 10469.98 = 1570.497,
      ['Z', 'VATEX-SA-32', 'Export of goods', 1_250_500, 0],
      ['E', 'VATEX-SA-30', 'Real estate transactions mentioned in Article 30 of the VAT Regulations', 500_000, 0],
    ]);
  });

  it('refuses a zero-rated or exempt line without a VATEX code of its category', () => {
    expect(() => invoiceTotals([{ name: 'x', quantity: 1, unitPrice: 100, vatCategory: 'Z' }])).toThrow(/VATEX/);
    expect(() => invoiceTotals([{ name: 'x', quantity: 1, unitPrice: 100, vatCategory: 'E', exemptionReasonCode: 'VATEX-SA-32' }])).toThrow(/VATEX/);
  });

  it('answers a zero-rated line without its reason with the named 422 exemption_reason_required, naming the line, not a crash', () => {
    const lines = [...STANDARD_LINES, { name: 'x', quantity: 1, unitPrice: 100, vatCategory: 'Z' as const }];
    expect(() => invoiceTotals(lines)).toThrow(expect.objectContaining({ status: 422, code: 'exemption_reason_required', details: [expect.objectContaining({ path: `lines.${STANDARD_LINES.length}.exemption_reason_code` })] }));
  });

  it('refuses a document stating a control, a non-character or half a surrogate pair with 422 document_text_invalid, naming the field', () => {
    for (const [doc, path] of [
      [invoiceOf([{ ...STANDARD_LINES[0], name: 'حديد\u0001' }]), 'lines.0.description'],
      [invoiceOf([{ ...STANDARD_LINES[0], name: 'حديد\ud800' }]), 'lines.0.description'],
      [{ ...invoiceOf(STANDARD_LINES), seller: { ...invoiceOf(STANDARD_LINES).seller, legalName: 'مؤسسة\uffff' } }, 'seller.legal_name'],
    ] as const) {
      expect(() => buildInvoiceXml(doc)).toThrow(expect.objectContaining({ status: 422, code: 'document_text_invalid', details: [expect.objectContaining({ path })] }));
    }
    // Tabs and line breaks are XML characters: a description typed on two lines is written.
    expect(buildInvoiceXml(invoiceOf([{ ...STANDARD_LINES[0], name: 'حديد\nتسليح' }]))).toContain('حديد\nتسليح');
  });

  it('refuses a quantity finer than the tenths quantities are kept at', () => {
    expect(() => buildInvoiceXml(invoiceOf([{ name: 'x', quantity: 1.25, unitPrice: 100, vatCategory: 'S' }]))).toThrow(RangeError);
  });
});

describe('invoice document', () => {
  it('states the issue date and time in Riyadh', () => {
    expect(issueDateTime(new Date('2026-11-28T22:15:00Z'))).toEqual({ date: '2026-11-29', time: '01:15:00' });
  });

  it('writes a standard tax invoice with its counter, previous hash, QR placeholder and both TaxTotals', () => {
    const xml = buildInvoiceXml(invoiceOf(STANDARD_LINES));
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>');
    expect(xml).toContain('<cbc:ProfileID>reporting:1.0</cbc:ProfileID>');
    expect(xml).toMatch(/<cbc:ID>ICV<\/cbc:ID>\s*<cbc:UUID>1<\/cbc:UUID>/);
    expect(xml).toMatch(/<cbc:ID>PIH<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain">NWZlY2Vi/);
    expect(xml).toMatch(/<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain"><\/cbc:EmbeddedDocumentBinaryObject>/);
    expect(xml).toContain('<cbc:ID schemeID="CRN">1010010000</cbc:ID>');
    expect(xml).toContain('<cbc:RegistrationName>شركة مواد البناء المتحدة المحدودة</cbc:RegistrationName>');
    expect(xml).toContain('<cbc:ActualDeliveryDate>2026-11-27</cbc:ActualDeliveryDate>');
    expect(xml.match(/<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="SAR">1570.50<\/cbc:TaxAmount>/g)).toHaveLength(2);
    expect(xml).toContain('<cbc:PayableAmount currencyID="SAR">12040.48</cbc:PayableAmount>');
  });

  it('writes a credit note with the invoice it credits and the reason', () => {
    const xml = buildInvoiceXml(CREDIT_NOTE);
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0100000">381</cbc:InvoiceTypeCode>');
    expect(xml).toMatch(/<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>INV-2026-0001<\/cbc:ID>/);
    expect(xml).toContain('<cbc:InstructionNote>إرجاع بضاعة تالفة</cbc:InstructionNote>');
    expect(() => buildInvoiceXml({ ...CREDIT_NOTE, reason: undefined })).toThrow(/credit note/);
  });

  it('writes a debit note (383) with the invoice it adds to and the reason, as a credit note does', () => {
    const xml = buildInvoiceXml({ ...CREDIT_NOTE, kind: 'debit-note' });
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0100000">383</cbc:InvoiceTypeCode>');
    expect(xml).toMatch(/<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>INV-2026-0001<\/cbc:ID>/);
    expect(xml).toContain('<cbc:InstructionNote>إرجاع بضاعة تالفة</cbc:InstructionNote>');
    expect(() => buildInvoiceXml({ ...CREDIT_NOTE, kind: 'debit-note', billingReference: undefined })).toThrow(/debit note/);
  });

  it('escapes text as canonical XML does', () => {
    const xml = buildInvoiceXml(invoiceOf([{ name: 'Tiles <60x60> & "grout"', quantity: 1, unitPrice: 100, vatCategory: 'S' }]));
    expect(xml).toContain('<cbc:Name>Tiles &lt;60x60&gt; &amp; "grout"</cbc:Name>');
  });
});
