/**
 * What a ZATCA document states, as the writer (document.ts) takes it: the seller and the
 * buyer with their national address (or a simplified document's buyer by name alone),
 * the lines with their VAT category, and the document's own facts (number, counter,
 * previous hash, dates). Money is in halalas throughout.
 */
import type { VatCategory } from '../../../../shared/vatex';

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
  /** a tax invoice (388), a credit note (381) or a debit note (383) against an invoice */
  kind: 'invoice' | 'credit-note' | 'debit-note';
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

/** A buyer with a national address, as a standard tax invoice needs, rather than a name alone. */
export const isFullParty = (p: InvoiceParty | NamedBuyer | undefined): p is InvoiceParty => !!p && 'address' in p;
