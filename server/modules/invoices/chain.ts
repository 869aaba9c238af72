/**
 * One document into a seller's e-invoicing chain. In the caller's transaction:
 * - the unit's row is locked (SELECT ... FOR UPDATE), so documents of one seller are
 *   chained one at a time even when two are issued at the same instant: each reads the
 *   counter (ICV) and the previous document's hash (PIH) the one before it left;
 * - the next number of the seller's sequence for the kind and year is taken under that
 *   lock, so numbers have no gap and no repeat (a rolled-back issue gives both back);
 * - the document is built, signed and its QR made, then stored with its lines, and the
 *   unit advanced to its counter and hash.
 * A standard tax invoice (a business buyer's VAT number and address, cleared) and a
 * simplified one (`simplified`: a buyer without a tax profile, reported) share the unit's
 * one chain: ZATCA counts one ICV and PIH sequence per unit, whatever the documents' kind.
 * Clearance happens after the transaction (clearance.ts): a ZATCA that answers slowly
 * holds no lock, and a document that ZATCA refuses keeps its place in the chain, as
 * ZATCA counts it.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { invoiceNumber, type InvoiceKind, type InvoiceParty, type VatCategoryCode } from '../../../shared/schemas/invoice';
import { einvoicingNotReady } from '../../../shared/errors';
import type { InvoiceParty as DocumentParty, NamedBuyer } from '../e-invoicing/zatca/invoice-types';
import { invoiceTotals } from '../e-invoicing/zatca/totals';
import { assertWritable } from '../e-invoicing/zatca/writable';
import { parseCsr } from '../e-invoicing/zatca/pki';
import { buildSignedInvoice } from '../e-invoicing/zatca/sign';
import { unitSigningKey, type SecretsKey } from '../e-invoicing/secrets';
import { recordChanges } from '../../db/changes';
import { purchaseOrderPolicy } from '../purchase-orders/policy';
import { riyadhYear } from '../../../shared/riyadh';
import { vatRateOf } from '../../../shared/vatex';
import { recordAudit } from '../audit/record';

/** A line as the document states it; money in SAR. */
export interface ChainLine {
  purchase_order_line_id?: string | null;
  credited_line_id?: string | null;
  /** on a note: the line moves the quantity (at the invoice line's price) or only the price (a difference per unit) */
  adjusts?: 'quantity' | 'price' | null;
  description: string;
  quantity: number;
  unit: string;
  unit_price: number;
  vat_category: VatCategoryCode;
  exemption_reason_code?: string | null;
  exemption_reason?: string | null;
}

export interface ChainInput {
  kind: InvoiceKind;
  seller_id: string;
  buyer_id: string;
  /** who issued it; null when the platform issues it by itself (a plan's invoice) */
  created_by: string | null;
  /** the address the issuer's request came from, for the audit row */
  ip?: string;
  /** what it invoices: a purchase order or a plan payment, exactly one */
  purchase_order_id: string | null;
  plan_payment_id?: string | null;
  /** UNTDID 4461: 30 credit transfer (an order's invoice, paid by transfer or card later), 48 card (a plan, paid before it is issued) */
  payment_means_code?: '30' | '48';
  original?: { id: string; number: string };
  reason?: string;
  /** a credit note that settles a dispute: the dispute */
  dispute_id?: string | null;
  /** an invoice billing more than was received: the seller's reason */
  over_receipt_reason?: string | null;
  supply_date: string;
  /**
   * A simplified tax invoice or credit note (KSA-2 0200000): to a buyer without a tax
   * profile, reported to ZATCA instead of cleared (clearance.ts). Ignored on a credit
   * note, which is of the kind of the invoice it credits.
   */
  simplified?: boolean;
  seller: InvoiceParty;
  /** a standard document's buyer is a full party; a simplified one's may be a name alone, or null (no buyer details) */
  buyer: ChainBuyer;
  lines: ChainLine[];
}

/** @public A document's buyer: a full party, or on a simplified document a name alone or null. */
export type ChainBuyer = InvoiceParty | { legal_name: string } | null;

/** UN/ECE recommendation 20 codes of the units sellers write most; any other unit is a piece (PCE). */
const UNIT_CODES: Record<string, string> = {
  طن: 'TNE', t: 'TNE', ton: 'TNE', tonne: 'TNE',
  'م³': 'MTQ', 'm³': 'MTQ', m3: 'MTQ', 'متر مكعب': 'MTQ',
  'م²': 'MTK', 'm²': 'MTK', m2: 'MTK', 'متر مربع': 'MTK',
  م: 'MTR', m: 'MTR', متر: 'MTR',
  كجم: 'KGM', kg: 'KGM', كغ: 'KGM',
  لتر: 'LTR', l: 'LTR', litre: 'LTR', liter: 'LTR',
  كيس: 'BG', bag: 'BG', bags: 'BG',
};
const unitCode = (unit: string): string => UNIT_CODES[unit.trim().toLowerCase()] ?? 'PCE';

const documentParty = (p: InvoiceParty): DocumentParty => ({
  legalName: p.legal_name,
  vatNumber: p.vat_number ?? undefined,
  crNumber: p.cr_number ?? undefined,
  address: {
    buildingNumber: p.building_number,
    street: p.street,
    district: p.district,
    city: p.city,
    postalCode: p.postal_code,
    additionalNumber: p.additional_number ?? undefined,
  },
});

/** A buyer with a national address (a stored name-only buyer has its address fields empty). */
const isFullParty = (p: ChainBuyer): p is InvoiceParty => !!p && 'building_number' in p && p.building_number !== '';

/** The buyer as a simplified document states it: a name when one is given, else nothing. */
const documentBuyer = (p: ChainBuyer): DocumentParty | NamedBuyer | undefined => (isFullParty(p) ? documentParty(p) : p ? { legalName: p.legal_name } : undefined);

/** The buyer as the row keeps it: a name alone (or no name) leaves the other fields empty. */
const storedBuyer = (p: ChainBuyer): InvoiceParty =>
  isFullParty(p)
    ? p
    : { legal_name: p?.legal_name ?? '', legal_name_en: null, vat_number: null, cr_number: null, building_number: '', street: '', district: '', city: '', postal_code: '', additional_number: null };

/** Whether the unit's certificate was asked for simplified documents (the CSR's second invoice-type flag, as ZATCA reads it). */
const issuesSimplified = (csr: string | null): boolean => !!csr && parseCsr(csr).san.invoiceTypes[1] === '1';

const toSar = (halalas: number) => halalas / 100;

/** The UBL document each kind is: a tax invoice (388), a credit note (381), a debit note (383). */
const DOCUMENT_KIND = { invoice: 'invoice', credit_note: 'credit-note', debit_note: 'debit-note' } as const satisfies Record<InvoiceKind, string>;

/** Chains, signs and stores one document at `now`; returns its id. */
export async function chainDocument(trx: Knex.Transaction, key: SecretsKey, input: ChainInput, now: Date): Promise<string> {
  const documentLines = input.lines.map((l) => ({
    name: l.description,
    quantity: l.quantity,
    unitCode: unitCode(l.unit),
    unitPrice: Math.round(l.unit_price * 100),
    vatCategory: l.vat_category,
    exemptionReasonCode: l.exemption_reason_code ?? undefined,
    exemptionReason: l.exemption_reason ?? undefined,
  }));
  const seller = documentParty(input.seller);
  const buyer = documentBuyer(input.buyer);
  // Before the unit is locked and a number taken: a text the document cannot carry, or a
  // zero-rated line without its reason, is refused with the chain as it was.
  assertWritable({ seller, buyer, lines: documentLines, reason: input.reason, billingReference: input.original?.number });
  const totals = invoiceTotals(documentLines);
  const unit = await trx('einvoicing_units').where({ company_id: input.seller_id }).forUpdate().first();
  if (!unit || unit.status !== 'ready') throw einvoicingNotReady();
  // A credit note is of the kind of the invoice it credits, whatever the caller says.
  const simplified = input.original ? (await trx('invoices').where({ id: input.original.id }).first('simplified'))?.simplified === true : input.simplified === true;
  if (simplified && !issuesSimplified(unit.csr)) throw einvoicingNotReady();
  const signer = unitSigningKey(unit, key);

  const year = riyadhYear(now);
  const { seq } = await trx('invoices')
    .where({ seller_id: input.seller_id, kind: input.kind, year })
    .first(trx.raw('coalesce(max(seq), 0) + 1 as seq'));
  const number = invoiceNumber(input.kind, year, Number(seq));
  const icv = Number(unit.icv) + 1;
  const id = crypto.randomUUID();

  const signed = buildSignedInvoice(
    {
      kind: DOCUMENT_KIND[input.kind],
      id: number,
      uuid: id,
      issuedAt: now,
      supplyDate: input.supply_date,
      icv,
      pih: unit.last_invoice_hash,
      paymentMeansCode: input.payment_means_code ?? '30',
      seller,
      simplified,
      buyer,
      lines: documentLines,
      billingReference: input.original?.number,
      reason: input.reason,
    },
    signer,
    now,
  );

  await trx('invoices').insert({
    id,
    kind: input.kind,
    number,
    year,
    seq,
    seller_id: input.seller_id,
    buyer_id: input.buyer_id,
    created_by: input.created_by,
    unit_id: unit.id,
    purchase_order_id: input.purchase_order_id,
    plan_payment_id: input.plan_payment_id ?? null,
    original_invoice_id: input.original?.id ?? null,
    reason: input.reason ?? null,
    dispute_id: input.dispute_id ?? null,
    over_receipt_reason: input.over_receipt_reason ?? null,
    icv,
    pih: unit.last_invoice_hash,
    hash: signed.hash,
    qr: signed.qr,
    issued_at: now.toISOString(),
    supply_date: input.supply_date,
    seller: JSON.stringify(input.seller),
    buyer: JSON.stringify(storedBuyer(input.buyer)),
    simplified,
    subtotal: toSar(totals.net),
    vat_total: toSar(totals.vat),
    total: toSar(totals.total),
    xml: signed.xml,
  });
  await trx('invoice_lines').insert(
    input.lines.map((l, i) => ({
      invoice_id: id,
      position: i + 1,
      purchase_order_line_id: l.purchase_order_line_id ?? null,
      credited_line_id: l.credited_line_id ?? null,
      adjusts: l.credited_line_id ? (l.adjusts ?? 'quantity') : null,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      unit_price: l.unit_price,
      vat_category: l.vat_category,
      vat_rate: vatRateOf(l.vat_category),
      exemption_reason_code: l.exemption_reason_code ?? null,
      exemption_reason: totals.lines[i].reasonText ?? null,
      line_total: toSar(totals.lines[i].net),
      vat_amount: toSar(totals.lines[i].vat),
    })),
  );
  await trx('einvoicing_units').where({ id: unit.id }).update({ icv, last_invoice_hash: signed.hash });
  // The issue on the trail: what the document says, never its signature, hash, QR or XML.
  await recordAudit(trx, {
    actor: input.created_by ? { id: input.created_by, company_id: input.seller_id, ip: input.ip } : null,
    company_id: input.seller_id,
    action: `${input.kind}.issue`,
    record_type: 'invoice',
    record_id: id,
    changes: {
      number: [null, number],
      buyer_id: [null, input.buyer_id],
      purchase_order_id: [null, input.purchase_order_id],
      plan_payment_id: [null, input.plan_payment_id ?? null],
      original_invoice_id: [null, input.original?.id ?? null],
      reason: [null, input.reason ?? null],
      total: [null, toSar(totals.total)],
      vat_total: [null, toSar(totals.vat)],
    },
  });
  // An order's invoice makes the order no longer cancellable (its cancel_blocker): its parties' copies are told.
  if (input.kind === 'invoice' && input.purchase_order_id) {
    await recordChanges(trx, [{ entity: 'purchase_order', id: input.purchase_order_id, audiences: purchaseOrderPolicy.audiences(input) }]);
  }
  return id;
}
