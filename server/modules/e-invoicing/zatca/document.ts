/**
 * The unsigned UBL 2.1 document of a tax invoice (388) or its credit note (381), standard
 * (KSA-2 0100000: a business buyer with its VAT number and address, cleared by ZATCA) or
 * simplified (0200000: a consumer, reported to ZATCA; the buyer may be absent or a name
 * alone, and the QR carries the certificate's signature as tag 9), laid out as ZATCA's samples are: ProfileID reporting:1.0, the counter (ICV) and the
 * previous invoice's hash (PIH) as AdditionalDocumentReferences, the QR reference and
 * cac:Signature already in place (empty until signing fills the QR), seller and buyer
 * with their national address, the supply date (KSA-5), the VAT breakdown in the first
 * TaxTotal and the VAT total alone in the second, the monetary totals, then the lines.
 *
 * Money arrives in halalas (integers) and is printed with two decimals. One rounding
 * rule, half away from zero to the halala (shared/vat.ts), applied where ZATCA and
 * EN 16931 put it:
 * - a line's net amount is quantity × unit price rounded, and its VAT that amount × rate
 *   rounded (KSA-11, with KSA-12 their sum);
 * - a VAT category's amount is the category's taxable total × rate rounded (BR-S-09),
 *   not the sum of its lines' VAT, which can be several halalas away on many lines;
 * - the document's VAT is the sum of its categories, its totals the sums of the above.
 *
 * The document is written in canonical form (C14N: no self-closing tags, the root's
 * namespace declarations in canonical order, canonical escaping), so its bytes without
 * the signature parts are the bytes ZATCA hashes; hash.ts still canonicalises whatever it
 * is given, and the tests hold the two equal.
 */
import { documentTextInvalid, exemptionReasonRequired } from '../../../../shared/errors';
import { lineAmounts, vatOn } from '../../../../shared/vat';
import { VATEX, type VatexCode } from '../../../../shared/vatex';

/** @public */
export type VatCategory = 'S' | 'Z' | 'E';

/** The national address ZATCA asks of a Saudi party. @public */
export interface NationalAddress {
  /** four digits */
  buildingNumber: string;
  street: string;
  district: string;
  city: string;
  /** five digits */
  postalCode: string;
  /** four digits, when the address has one */
  additionalNumber?: string;
}

export interface InvoiceParty {
  /** the registered (legal) name, Arabic first */
  legalName: string;
  /** 15 digits, first and last 3; a buyer without one is allowed */
  vatNumber?: string;
  /** commercial registration number, carried as PartyIdentification schemeID CRN */
  crNumber?: string;
  address: NationalAddress;
}

/** A simplified document's buyer when only a name is known: ZATCA asks nothing more of a consumer. */
export interface NamedBuyer {
  legalName: string;
}

export interface InvoiceLine {
  name: string;
  quantity: number;
  /** UN/ECE rec 20 unit code; PCE (piece) when absent */
  unitCode?: string;
  /** halalas */
  unitPrice: number;
  vatCategory: VatCategory;
  /** VATEX code, required for Z and E */
  exemptionReasonCode?: string;
  /** ZATCA's text for the code when absent */
  exemptionReason?: string;
}

export interface InvoiceDocument {
  kind: 'invoice' | 'credit-note';
  /** the seller's sequential invoice number */
  id: string;
  uuid: string;
  issuedAt: Date;
  /** KSA-5, YYYY-MM-DD */
  supplyDate: string;
  /** invoice counter value of the e-invoicing unit (KSA-16) */
  icv: number;
  /** previous invoice hash, base64 (first-pih.txt for a unit's first invoice) */
  pih: string;
  /** UNTDID 4461: 10 cash, 30 credit transfer, 42 payment to bank account, 48 card, 1 not defined */
  paymentMeansCode: string;
  /** a simplified tax invoice (B2C, reported) rather than a standard one (cleared) */
  simplified?: boolean;
  seller: InvoiceParty;
  /** a standard document's buyer is a full party; a simplified one's may be a name alone or absent */
  buyer?: InvoiceParty | NamedBuyer;
  lines: InvoiceLine[];
  /** credit note: the number of the invoice it credits (BT-25) */
  billingReference?: string;
  /** credit note: why it is issued (KSA-10) */
  reason?: string;
}

/** VAT rate of each category, in percent. */
const RATE: Record<VatCategory, number> = { S: 15, Z: 0, E: 0 };

const INVOICE_TYPE_CODE = { invoice: '388', 'credit-note': '381' } as const;
/**
 * KSA-2: 01 a standard tax invoice (B2B or B2G, cleared), 02 a simplified one (B2C,
 * reported); the five flags after it (third party, nominal, export, summary, self-billed)
 * are all off for what this product issues.
 */
const STANDARD_SUBTYPE = '0100000';
const SIMPLIFIED_SUBTYPE = '0200000';

/** Saudi Arabia keeps UTC+3 all year; the invoice states the seller's local date and time. */
const RIYADH_OFFSET_MS = 3 * 3_600_000;

/** The document's issue date and time in Riyadh, as IssueDate, IssueTime and the QR's time stamp read. */
export function issueDateTime(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + RIYADH_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/** Halalas as SAR with two decimals ("1234.05", "-0.50"), exactly. */
export function sar(halalas: number): string {
  if (!Number.isSafeInteger(halalas)) throw new RangeError(`not a whole number of halalas: ${halalas}`);
  const sign = halalas < 0 ? '-' : '';
  const abs = Math.abs(halalas);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const toHalalas = (amountSar: number): number => Math.round(amountSar * 100);

/** Text as C14N writes it. */
const text = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
/** An attribute value as C14N writes it. */
const attr = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;');

const amount = (name: string, halalas: number): string => `<cbc:${name} currencyID="SAR">${sar(halalas)}</cbc:${name}>`;

/** @public */
export interface ComputedLine extends InvoiceLine {
  /** halalas */
  net: number;
  vat: number;
  percent: number;
  reasonText: string | undefined;
}

/** @public */
export interface VatBreakdown {
  category: VatCategory;
  percent: number;
  reasonCode: string | undefined;
  reasonText: string | undefined;
  taxable: number;
  vat: number;
}

export interface InvoiceTotals {
  lines: ComputedLine[];
  breakdown: VatBreakdown[];
  /** sum of line net amounts (BT-106 = BT-109, no document allowances) */
  net: number;
  vat: number;
  /** with VAT (BT-112 = BT-115) */
  total: number;
}

function reasonOf(line: InvoiceLine, n: number): string | undefined {
  if (line.vatCategory === 'S') {
    if (line.exemptionReasonCode) throw new Error(`a standard-rated line has no exemption reason: ${line.name}`);
    return undefined;
  }
  const code = line.exemptionReasonCode;
  const known = code && Object.hasOwn(VATEX, code) ? VATEX[code as VatexCode] : undefined;
  // BR-KSA-69 and the VATEX list: a Z or E line states a reason code of its own category.
  if (!code || !known || known.category !== line.vatCategory) throw exemptionReasonRequired(`lines.${n}.exemption_reason_code`);
  return line.exemptionReason ?? known.text;
}

/** Line amounts, the VAT breakdown and the totals, in halalas, by the rounding rule above. */
export function invoiceTotals(lines: ReadonlyArray<InvoiceLine>): InvoiceTotals {
  const computed = lines.map((line, n): ComputedLine => {
    const percent = RATE[line.vatCategory];
    const { line_total, vat_amount } = lineAmounts(line.quantity, line.unitPrice / 100, percent / 100);
    return { ...line, net: toHalalas(line_total), vat: toHalalas(vat_amount), percent, reasonText: reasonOf(line, n) };
  });
  const groups = new Map<string, VatBreakdown>();
  for (const line of computed) {
    const key = `${line.vatCategory}|${line.exemptionReasonCode ?? ''}`;
    const group = groups.get(key) ?? {
      category: line.vatCategory,
      percent: line.percent,
      reasonCode: line.exemptionReasonCode,
      reasonText: line.reasonText,
      taxable: 0,
      vat: 0,
    };
    group.taxable += line.net;
    groups.set(key, group);
  }
  const breakdown = [...groups.values()].map((g) => ({
    ...g,
    // The category's VAT on its taxable total, rounded once: the one document rule of shared/vat.ts.
    vat: toHalalas(vatOn(g.taxable / 100, g.percent / 100)),
  }));
  const net = computed.reduce((s, l) => s + l.net, 0);
  const vat = breakdown.reduce((s, g) => s + g.vat, 0);
  return { lines: computed, breakdown, net, vat, total: net + vat };
}

const isFullParty = (p: InvoiceParty | NamedBuyer | undefined): p is InvoiceParty => !!p && 'address' in p;

/**
 * A character outside XML 1.0's Char production: a C0 control other than tab, line feed
 * and carriage return, U+FFFE, U+FFFF, or half of a surrogate pair (the u flag reads a
 * lone surrogate as a code point of its own). No escape writes one, so a document holding
 * one is malformed and ZATCA rejects it.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/** The texts a document states, each with the field it comes from (as the tax profile and the order name them). */
function* statedTexts(doc: Pick<InvoiceDocument, 'seller' | 'buyer' | 'lines' | 'reason' | 'billingReference'>): Generator<[string, string | undefined]> {
  const parties: Array<[string, InvoiceParty | NamedBuyer | undefined]> = [
    ['seller', doc.seller],
    ['buyer', doc.buyer],
  ];
  for (const [role, p] of parties) {
    if (!p) continue;
    yield [`${role}.legal_name`, p.legalName];
    if (!isFullParty(p)) continue;
    yield [`${role}.vat_number`, p.vatNumber];
    yield [`${role}.cr_number`, p.crNumber];
    const a = p.address;
    yield* [
      [`${role}.street`, a.street],
      [`${role}.building_number`, a.buildingNumber],
      [`${role}.district`, a.district],
      [`${role}.city`, a.city],
      [`${role}.postal_code`, a.postalCode],
      [`${role}.additional_number`, a.additionalNumber],
    ] as Array<[string, string | undefined]>;
  }
  for (const [n, line] of doc.lines.entries()) {
    yield [`lines.${n}.description`, line.name];
    yield [`lines.${n}.exemption_reason`, line.exemptionReason];
  }
  yield ['reason', doc.reason];
  yield ['billing_reference', doc.billingReference];
}

/**
 * Refuses a document that would state a character XML cannot carry, naming the field:
 * the schemas refuse them at the door, but a text stored before that rule (a product's
 * description, a tax profile) reaches the document only through here. Called before a
 * document takes its number in the seller's chain (chain.ts) and again by the writer.
 */
export function assertWritable(doc: Pick<InvoiceDocument, 'seller' | 'buyer' | 'lines' | 'reason' | 'billingReference'>): void {
  for (const [path, value] of statedTexts(doc)) if (value !== undefined && NOT_XML_CHAR.test(value)) throw documentTextInvalid(path);
}

/** A simplified document's buyer: the name when one is given, nothing else (the party element itself is required). */
function namedBuyer(p: NamedBuyer | undefined, indent: string): string {
  const i = (n: number) => `\n${indent}${'    '.repeat(n)}`;
  const name = p?.legalName.trim();
  const entity = name ? `${i(2)}<cac:PartyLegalEntity>${i(3)}<cbc:RegistrationName>${text(name)}</cbc:RegistrationName>${i(2)}</cac:PartyLegalEntity>` : '';
  return `<cac:AccountingCustomerParty>${i(1)}<cac:Party>${entity}${i(1)}</cac:Party>\n${indent}</cac:AccountingCustomerParty>`;
}

function party(role: 'AccountingSupplierParty' | 'AccountingCustomerParty', p: InvoiceParty, indent: string): string {
  const i = (n: number) => `\n${indent}${'    '.repeat(n)}`;
  const a = p.address;
  return [
    `<cac:${role}>`,
    `${i(1)}<cac:Party>`,
    p.crNumber ? `${i(2)}<cac:PartyIdentification>${i(3)}<cbc:ID schemeID="CRN">${text(p.crNumber)}</cbc:ID>${i(2)}</cac:PartyIdentification>` : '',
    `${i(2)}<cac:PostalAddress>`,
    `${i(3)}<cbc:StreetName>${text(a.street)}</cbc:StreetName>`,
    `${i(3)}<cbc:BuildingNumber>${text(a.buildingNumber)}</cbc:BuildingNumber>`,
    a.additionalNumber ? `${i(3)}<cbc:PlotIdentification>${text(a.additionalNumber)}</cbc:PlotIdentification>` : '',
    `${i(3)}<cbc:CitySubdivisionName>${text(a.district)}</cbc:CitySubdivisionName>`,
    `${i(3)}<cbc:CityName>${text(a.city)}</cbc:CityName>`,
    `${i(3)}<cbc:PostalZone>${text(a.postalCode)}</cbc:PostalZone>`,
    `${i(3)}<cac:Country>${i(4)}<cbc:IdentificationCode>SA</cbc:IdentificationCode>${i(3)}</cac:Country>`,
    `${i(2)}</cac:PostalAddress>`,
    `${i(2)}<cac:PartyTaxScheme>`,
    p.vatNumber ? `${i(3)}<cbc:CompanyID>${text(p.vatNumber)}</cbc:CompanyID>` : '',
    `${i(3)}<cac:TaxScheme>${i(4)}<cbc:ID>VAT</cbc:ID>${i(3)}</cac:TaxScheme>`,
    `${i(2)}</cac:PartyTaxScheme>`,
    `${i(2)}<cac:PartyLegalEntity>${i(3)}<cbc:RegistrationName>${text(p.legalName)}</cbc:RegistrationName>${i(2)}</cac:PartyLegalEntity>`,
    `${i(1)}</cac:Party>`,
    `\n${indent}</cac:${role}>`,
  ].join('');
}

const taxCategory = (element: 'TaxCategory' | 'ClassifiedTaxCategory', g: { category: VatCategory; percent: number; reasonCode?: string; reasonText?: string }, indent: string): string => {
  const i = (n: number) => `\n${indent}${'    '.repeat(n)}`;
  return [
    `<cac:${element}>`,
    `${i(1)}<cbc:ID>${g.category}</cbc:ID>`,
    `${i(1)}<cbc:Percent>${g.percent.toFixed(2)}</cbc:Percent>`,
    g.reasonCode ? `${i(1)}<cbc:TaxExemptionReasonCode>${text(g.reasonCode)}</cbc:TaxExemptionReasonCode>` : '',
    g.reasonText ? `${i(1)}<cbc:TaxExemptionReason>${text(g.reasonText)}</cbc:TaxExemptionReason>` : '',
    `${i(1)}<cac:TaxScheme>${i(2)}<cbc:ID>VAT</cbc:ID>${i(1)}</cac:TaxScheme>`,
    `\n${indent}</cac:${element}>`,
  ].join('');
};

/**
 * A quantity as a plain decimal ("2", "2.5"): positive, at most the one decimal quantities
 * are kept at, so the printed quantity times the price is the line amount computed.
 */
const quantity = (q: number): string => {
  const tenths = Math.round(q * 10);
  if (!(q > 0) || !Number.isFinite(q) || Math.abs(tenths - q * 10) > 1e-6) throw new RangeError(`a line's quantity must be positive with at most one decimal: ${q}`);
  return String(tenths / 10);
};

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
  if (doc.kind === 'credit-note' && (!doc.billingReference || !doc.reason)) throw new Error('a credit note names the invoice it credits and why');
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
  if (doc.kind === 'credit-note') {
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
    doc.kind === 'credit-note' ? `\n        <cbc:InstructionNote>${text(doc.reason ?? '')}</cbc:InstructionNote>` : '',
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
