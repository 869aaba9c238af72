/**
 * Issuing a tax invoice from a purchase order (notes.ts issues credit and debit notes).
 * Who may and when (the seller of an order it accepted: invoiceBlocker in
 * shared/schemas/invoice.ts), the lines (invoiceLines) and parties the document states, then chain.ts puts it in the seller's chain and
 * clearance.ts sends it to ZATCA once the chain's transaction has committed, with any of
 * the seller's documents still pending before it (ZATCA clears a chain in order).
 */
import type { Knex } from 'knex';
import {
  buyerTaxProfileRequired,
  invoiceExceedsReceipts,
  invoiceNotPending,
  notFound,
  notTheSeller,
  nothingToInvoice,
  orderNotAccepted,
  taxProfileRequired,
  validationFailed,
  type ErrorDetails,
} from '../../../shared/errors';
import { invoiceBlocker, type InvoiceCreate, type InvoiceParty } from '../../../shared/schemas/invoice';
import { exceedsReceipts, hasReceipts, invoiceableQuantity } from '../../../shared/invoice-quantities';
import { lineQuantities, type LineQuantities } from '../purchase-orders/line-quantities';
import type { SessionUser } from '../../auth/session-user';
import { taxProfileOf } from '../company/tax-profile';
import { chainDocument, type ChainLine } from './chain';
import { setPaymentTerms } from './terms';
import type { InvoiceDeps } from './clearance';
import { requestClearance, wakeClearance } from './clearance-queue';
import { invoicePolicy } from './policy';
import { riyadhDay } from '../../../shared/riyadh';

/** A company's tax profile as the document states its party, or null when it has none. */
export async function partyOf(db: Knex, companyId: string): Promise<InvoiceParty | null> {
  const p = await taxProfileOf(db, companyId);
  return p && { legal_name: p.legal_name, legal_name_en: p.legal_name_en, vat_number: p.vat_number, cr_number: p.cr_number, ...p.address };
}

/** What the buyer's and the seller's tax profiles must hold before a document names them. */
async function partiesOf(db: Knex, sellerId: string, buyerId: string): Promise<{ seller: InvoiceParty; buyer: InvoiceParty }> {
  const [seller, buyer] = await Promise.all([partyOf(db, sellerId), partyOf(db, buyerId)]);
  if (!seller) throw taxProfileRequired();
  if (!buyer) throw buyerTaxProfileRequired();
  return { seller, buyer };
}

/**
 * The lines an invoice takes of its order, under the order's lock (invoice-quantities.ts
 * holds the rule, shared with the issue form):
 * - lines absent: per line what was accepted and not yet invoiced, or before any receipt
 *   what was ordered less cancelled and not yet invoiced; nothing → nothing_to_invoice;
 * - lines given: each a line of the order, never above ordered − cancelled − invoiced
 *   (validation_failed more_than_ordered); on an order with receipts, above what was
 *   accepted and not yet invoiced only with over_receipt_reason (invoice_exceeds_receipts,
 *   the lines in details): the buyer then sees the invoice as an exception.
 */
async function invoiceLines(trx: Knex.Transaction, purchaseOrderId: string, input: InvoiceCreate): Promise<Array<{ line: LineQuantities; quantity: number }>> {
  const lines = await lineQuantities(trx, purchaseOrderId);
  const received = hasReceipts(lines);
  if (!input.lines) {
    const taken = lines.map((line) => ({ line, quantity: invoiceableQuantity(line, received) })).filter((l) => l.quantity > 0);
    if (taken.length === 0) throw nothingToInvoice();
    return taken;
  }
  const byId = new Map(lines.map((l) => [l.id, l]));
  const invalid: ErrorDetails = [];
  const beyondReceipts: ErrorDetails = [];
  const taken = input.lines.flatMap((asked, i) => {
    const line = byId.get(asked.purchase_order_line_id);
    if (!line) return invalid.push({ path: `lines.${i}.purchase_order_line_id`, message: 'not a line of this purchase order', code: 'not_a_line' }), [];
    const open = invoiceableQuantity(line, false);
    if (asked.quantity > open) return invalid.push({ path: `lines.${i}.quantity`, message: `at most ${open} is left to invoice of what was ordered`, code: 'more_than_ordered' }), [];
    if (exceedsReceipts(line, asked.quantity, received))
      beyondReceipts.push({ path: `lines.${i}.quantity`, message: `${invoiceableQuantity(line, true)} was received and accepted and not yet invoiced`, code: 'more_than_received' });
    return [{ line, quantity: asked.quantity }];
  });
  if (invalid.length) throw validationFailed('These lines cannot be invoiced', invalid);
  if (beyondReceipts.length && !input.over_receipt_reason) throw invoiceExceedsReceipts(beyondReceipts);
  return taken;
}

/**
 * POST /api/invoices: the seller's tax invoice for a purchase order, chained, signed and
 * sent for clearance. An order may carry several (one per delivery, say). Goods on a
 * transport no longer hold an invoice back: suppliers invoice on dispatch, and the
 * invoice's match reads not_received until the receipts catch up.
 */
export async function issueInvoice(knex: Knex, deps: InvoiceDeps, user: SessionUser, input: InvoiceCreate, now: Date): Promise<string> {
  const id = await knex.transaction(async (trx) => {
    const po = await trx('purchase_orders').where({ id: input.purchase_order_id }).forUpdate().first('id', 'seller_id', 'buyer_id', 'status');
    if (!po || (po.seller_id !== user.account_id && po.buyer_id !== user.account_id)) throw notFound('Purchase order');
    if (po.seller_id !== user.account_id) throw notTheSeller('Only the seller invoices a purchase order');
    if (invoiceBlocker(po) === 'not_accepted') throw orderNotAccepted(`A ${po.status} purchase order cannot be invoiced: the seller invoices an order once they accepted it`);
    const supplyDate = input.supply_date ?? riyadhDay(now);
    if (supplyDate > riyadhDay(now)) throw validationFailed('The supply date cannot be after the issue date', [{ path: 'supply_date', message: 'after the issue date', code: 'after_issue_date' }]);
    const lines = await invoiceLines(trx, po.id, input);
    const vat = new Map(
      (await trx('purchase_order_lines').where({ purchase_order_id: po.id }).select('id', 'vat_category', 'exemption_reason_code', 'exemption_reason')).map((l) => [l.id as string, l]),
    );
    const invoiceId = await chainDocument(
      trx,
      deps.config.einvoicing.key,
      {
        kind: 'invoice',
        seller_id: po.seller_id,
        buyer_id: po.buyer_id,
        created_by: user.id,
        ip: user.ip,
        purchase_order_id: po.id,
        supply_date: supplyDate,
        over_receipt_reason: input.over_receipt_reason ?? null,
        ...(await partiesOf(trx, po.seller_id, po.buyer_id)),
        lines: lines.map(({ line, quantity }): ChainLine => {
          const v = vat.get(line.id)!;
          return {
            purchase_order_line_id: line.id,
            description: line.description,
            quantity,
            unit: line.unit,
            unit_price: line.unit_price,
            // The VAT the seller stated with its price, carried by the order's line: a zero-rated or exempt one with its VATEX code and ZATCA's text.
            vat_category: v.vat_category,
            exemption_reason_code: v.exemption_reason_code,
            exemption_reason: v.exemption_reason,
          };
        }),
      },
      now,
    );
    await setPaymentTerms(trx, invoiceId, po.seller_id, input.payment_terms_days);
    return invoiceId;
  });
  wakeClearance(deps);
  return id;
}

/** POST /api/invoices/{id}/clearance: the seller sends its pending documents to ZATCA again (this one among them). */
export async function retryClearance(knex: Knex, deps: InvoiceDeps, user: SessionUser, id: string): Promise<string> {
  const doc = await invoicePolicy.visible(knex('invoices as inv').where('inv.id', id), user).first('inv.seller_id', 'inv.status');
  if (!doc) throw notFound('Invoice');
  if (doc.seller_id !== user.account_id) throw notTheSeller('Only the seller sends an invoice for clearance');
  if (doc.status !== 'pending') throw invoiceNotPending(`A ${doc.status} invoice is not waiting for clearance`);
  await requestClearance(knex, deps, user.account_id);
  return id;
}
