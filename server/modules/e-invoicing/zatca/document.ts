/**
 * The unsigned UBL 2.1 document of a tax invoice (388) or its credit (381) or debit (383) note, standard
 * (KSA-2 0100000: a business buyer with its VAT number and address, cleared by ZATCA) or
 * simplified (0200000: a consumer, reported to ZATCA; the buyer may be absent or a name
 * alone, and the QR carries the certificate's signature as tag 9), laid out as ZATCA's samples are: ProfileID reporting:1.0, the counter (ICV) and the
 * previous invoice's hash (PIH) as AdditionalDocumentReferences, the QR reference and
 * cac:Signature already in place (empty until signing fills the QR), seller and buyer
 * with their national address, the supply date (KSA-5), the VAT breakdown in the first
 * TaxTotal and the VAT total alone in the second, the monetary totals, then the lines.
 *
 * Money arrives in halalas (integers) and is printed with two decimals; the amounts come
 * from totals.ts, the pieces from xml-parts.ts, the shapes from invoice-types.ts.
 *
 * The document is written in canonical form (C14N: no self-closing tags, the root's
 * namespace declarations in canonical order, canonical escaping), so its bytes without
 * the signature parts are the bytes ZATCA hashes; hash.ts still canonicalises whatever it
 * is given, and the tests hold the two equal.
 */
import { riyadhDateTime } from '../../../../shared/riyadh';
import { isFullParty, type InvoiceDocument } from './invoice-types';
import { invoiceTotals } from './totals';
import { assertWritable } from './writable';
import { amount, attr, namedBuyer, party, quantity, sar, taxCategory, text } from './xml-parts';

const INVOICE_TYPE_CODE = { invoice: '388', 'credit-note': '381', 'debit-note': '383' } as const;
/** A credit or debit note names the invoice it adjusts (BillingReference, BR-KSA-56) and why (KSA-10, BR-KSA-17). */
const isNote = (kind: InvoiceDocument['kind']) => kind !== 'invoice';
/**
 * KSA-2: 01 a standard tax invoice (B2B or B2G, cleared), 02 a simplified one (B2C,
 * reported); the five flags after it (third party, nominal, export, summary, self-billed)
 * are all off for what this product issues.
 */
const STANDARD_SUBTYPE = '0100000';
const SIMPLIFIED_SUBTYPE = '0200000';

/** The document's issue date and time in Riyadh (the seller's local time), as IssueDate, IssueTime and the QR's time stamp read. */
export const issueDateTime = (at: Date): { date: string; time: string } => riyadhDateTime(at);

/** The root element's start: the default namespace first, then the prefixes in order, as C14N orders them. */
const INVOICE_ROOT =
  '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">';

/** The QR reference before signing fills it. */
const QR_PLACEHOLDER =
  '<cac:AdditionalDocumentReference>\n        <cbc:ID>QR</cbc:ID>\n        <cac:Attachment>\n            <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain"></cbc:EmbeddedDocumentBinaryObject>\n        </cac:Attachment>\n    </cac:AdditionalDocumentReference>';

/** The signature placeholder: the cac:Signature ZATCA's layout carries beside the XAdES block. */
const SIGNATURE_ELEMENT =
  '<cac:Signature>\n        <cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID>\n        <cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</cbc:SignatureMethod>\n    </cac:Signature>';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** What the QR states (tags 1 to 5), as the document prints it. */
export interface QrFields {
  /** a simplified document's QR also carries the certificate's signature (tag 9) */
  simplified: boolean;
  sellerName: string;
  vatNumber: string;
  timestamp: string;
  total: string;
  vatTotal: string;
}

export interface RenderedInvoice {
  /** the unsigned document */
  xml: string;
  /**
   * The bytes the invoice hash covers: the document as written, which is canonical,
   * without the declaration, the QR reference and cac:Signature (hash.ts gets the same
   * bytes by canonicalising any document; the tests hold the two equal).
   */
  hashedForm: string;
  qr: QrFields;
}

/** The unsigned UBL document of an invoice or credit note. */
export function buildInvoiceXml(doc: InvoiceDocument): string {
  return renderInvoice(doc).xml;
}

/** The unsigned document, with what its hash covers and what its QR states, known from the document itself. */
export function renderInvoice(doc: InvoiceDocument): RenderedInvoice {
  if (doc.lines.length === 0) throw new Error('an invoice has at least one line');
  if (isNote(doc.kind) && (!doc.billingReference || !doc.reason)) throw new Error('a credit note or a debit note names the invoice it adjusts and why');
  const simplified = doc.simplified === true;
  if (!simplified && !isFullParty(doc.buyer)) throw new Error("a standard tax invoice states the buyer's name and national address");
  assertWritable(doc);
  const totals = invoiceTotals(doc.lines);
  const { date, time } = issueDateTime(doc.issuedAt);
  const out: string[] = [
    XML_DECLARATION,
    INVOICE_ROOT,
    '\n    <cbc:ProfileID>reporting:1.0</cbc:ProfileID>',
    `\n    <cbc:ID>${text(doc.id)}</cbc:ID>`,
    `\n    <cbc:UUID>${text(doc.uuid)}</cbc:UUID>`,
    `\n    <cbc:IssueDate>${date}</cbc:IssueDate>`,
    `\n    <cbc:IssueTime>${time}</cbc:IssueTime>`,
    `\n    <cbc:InvoiceTypeCode name="${simplified ? SIMPLIFIED_SUBTYPE : STANDARD_SUBTYPE}">${INVOICE_TYPE_CODE[doc.kind]}</cbc:InvoiceTypeCode>`,
    '\n    <cbc:DocumentCurrencyCode>SAR</cbc:DocumentCurrencyCode>',
    '\n    <cbc:TaxCurrencyCode>SAR</cbc:TaxCurrencyCode>',
  ];
  if (isNote(doc.kind)) {
    out.push(`\n    <cac:BillingReference>\n        <cac:InvoiceDocumentReference>\n            <cbc:ID>${text(doc.billingReference ?? '')}</cbc:ID>\n        </cac:InvoiceDocumentReference>\n    </cac:BillingReference>`);
  }
  out.push(
    `\n    <cac:AdditionalDocumentReference>\n        <cbc:ID>ICV</cbc:ID>\n        <cbc:UUID>${doc.icv}</cbc:UUID>\n    </cac:AdditionalDocumentReference>`,
    `\n    <cac:AdditionalDocumentReference>\n        <cbc:ID>PIH</cbc:ID>\n        <cac:Attachment>\n            <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${text(doc.pih)}</cbc:EmbeddedDocumentBinaryObject>\n        </cac:Attachment>\n    </cac:AdditionalDocumentReference>`,
    `\n    ${QR_PLACEHOLDER}`,
    `\n    ${SIGNATURE_ELEMENT}`,
    `\n    ${party('AccountingSupplierParty', doc.seller, '    ')}`,
    `\n    ${isFullParty(doc.buyer) ? party('AccountingCustomerParty', doc.buyer, '    ') : namedBuyer(doc.buyer, '    ')}`,
    `\n    <cac:Delivery>\n        <cbc:ActualDeliveryDate>${text(doc.supplyDate)}</cbc:ActualDeliveryDate>\n    </cac:Delivery>`,
    `\n    <cac:PaymentMeans>\n        <cbc:PaymentMeansCode>${text(doc.paymentMeansCode)}</cbc:PaymentMeansCode>`,
    isNote(doc.kind) ? `\n        <cbc:InstructionNote>${text(doc.reason ?? '')}</cbc:InstructionNote>` : '',
    '\n    </cac:PaymentMeans>',
    `\n    <cac:TaxTotal>\n        ${amount('TaxAmount', totals.vat)}`,
  );
  for (const g of totals.breakdown) {
    out.push(
      `\n        <cac:TaxSubtotal>\n            ${amount('TaxableAmount', g.taxable)}\n            ${amount('TaxAmount', g.vat)}`,
      `\n            ${taxCategory('TaxCategory', g, '            ')}`,
      '\n        </cac:TaxSubtotal>',
    );
  }
  out.push(
    '\n    </cac:TaxTotal>',
    `\n    <cac:TaxTotal>\n        ${amount('TaxAmount', totals.vat)}\n    </cac:TaxTotal>`,
    '\n    <cac:LegalMonetaryTotal>',
    `\n        ${amount('LineExtensionAmount', totals.net)}`,
    `\n        ${amount('TaxExclusiveAmount', totals.net)}`,
    `\n        ${amount('TaxInclusiveAmount', totals.total)}`,
    `\n        ${amount('AllowanceTotalAmount', 0)}`,
    `\n        ${amount('PrepaidAmount', 0)}`,
    `\n        ${amount('PayableAmount', totals.total)}`,
    '\n    </cac:LegalMonetaryTotal>',
  );
  totals.lines.forEach((line, n) => {
    out.push(
      '\n    <cac:InvoiceLine>',
      `\n        <cbc:ID>${n + 1}</cbc:ID>`,
      `\n        <cbc:InvoicedQuantity unitCode="${attr(line.unitCode ?? 'PCE')}">${quantity(line.quantity)}</cbc:InvoicedQuantity>`,
      `\n        ${amount('LineExtensionAmount', line.net)}`,
      `\n        <cac:TaxTotal>\n            ${amount('TaxAmount', line.vat)}\n            ${amount('RoundingAmount', line.net + line.vat)}\n        </cac:TaxTotal>`,
      `\n        <cac:Item>\n            <cbc:Name>${text(line.name)}</cbc:Name>`,
      `\n            ${taxCategory('ClassifiedTaxCategory', { category: line.vatCategory, percent: line.percent }, '            ')}`,
      '\n        </cac:Item>',
      `\n        <cac:Price>\n            ${amount('PriceAmount', line.unitPrice)}\n        </cac:Price>`,
      '\n    </cac:InvoiceLine>',
    );
  });
  out.push('\n</Invoice>');
  const xml = out.join('');
  const t = (s: string) => s.trim();
  return {
    xml,
    hashedForm: xml.slice(XML_DECLARATION.length).replace(QR_PLACEHOLDER, '').replace(SIGNATURE_ELEMENT, ''),
    qr: {
      simplified,
      sellerName: t(doc.seller.legalName),
      vatNumber: t(doc.seller.vatNumber ?? ''),
      timestamp: `${date}T${time}`,
      total: sar(totals.total),
      vatTotal: sar(totals.vat),
    },
  };
}
