/**
 * Whether a document can be written at all: every text it states must be characters XML
 * 1.0 can carry, refused by the field it comes from (a text stored before the schemas
 * refused such characters reaches the document only through here).
 */
import { documentTextInvalid } from '../../../../shared/errors';
import { isFullParty, type InvoiceDocument, type InvoiceParty, type NamedBuyer } from './invoice-types';

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
