/**
 * Issuing: a tax invoice from a purchase order, and a credit note against a cleared
 * invoice. Who may and when (the seller of an accepted order whose goods are on no
 * transport the buyer has still to confirm: invoiceBlocker in shared/schemas/invoice.ts), the
 * lines and parties the document states, then chain.ts puts it in the seller's chain and
 * clearance.ts sends it to ZATCA once the chain's transaction has committed, with any of
 * the seller's documents still pending before it (ZATCA clears a chain in order).
 */
import type { Knex } from 'knex';
import {
  alreadyInvoiced,
  buyerTaxProfileRequired,
  deliveryUnconfirmed,
  fullyCredited,
  invoiceNotAccepted,
  invoiceNotPending,
  notAnInvoice,
  notFound,
  notTheSeller,
  orderNotAccepted,
  taxProfileRequired,
  validationFailed,
  type ErrorDetails,
} from '../../../shared/errors';
import { creditableQuantity, invoiceBlocker, isAccepted, type CreditNoteCreate, type OrderTransport, type InvoiceCreate, type InvoiceParty } from '../../../shared/schemas/invoice';
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

/** Whether the order's goods are on an assigned transport whose delivery the buyer has not confirmed (OrderTransport). */
async function transportOf(db: Knex, purchaseOrderId: string): Promise<OrderTransport> {
  const row = await db('transport_requests as tr')
    .join('deliveries as d', 'd.transport_request_id', 'tr.id')
    .where('tr.purchase_order_id', purchaseOrderId)
    .whereNull('tr.deleted_at')
    .whereNot('tr.status', 'cancelled')
    .whereNot('d.stage', 'confirmed')
    .first(db.raw('count(*)::int as underway'));
  return { underway: row.underway > 0 };
}

/** POST /api/invoices: the seller's tax invoice for a purchase order, chained, signed and sent for clearance. */
export async function issueInvoice(knex: Knex, deps: InvoiceDeps, user: SessionUser, input: InvoiceCreate, now: Date): Promise<string> {
  const id = await knex.transaction(async (trx) => {
    const po = await trx('purchase_orders').where({ id: input.purchase_order_id }).forUpdate().first('id', 'seller_id', 'buyer_id', 'status');
    if (!po || (po.seller_id !== user.account_id && po.buyer_id !== user.account_id)) throw notFound('Purchase order');
    if (po.seller_id !== user.account_id) throw notTheSeller('Only the seller invoices a purchase order');
    const blocker = invoiceBlocker(po, await transportOf(trx, po.id));
    if (blocker === 'not_accepted') throw orderNotAccepted(`A ${po.status} purchase order cannot be invoiced: the seller invoices an order once they accepted it`);
    if (blocker === 'delivery_unconfirmed') throw deliveryUnconfirmed();
    const live = await trx('invoices').where({ purchase_order_id: po.id, kind: 'invoice' }).whereNot('status', 'rejected').first('number');
    if (live) throw alreadyInvoiced(live.number);

    const lines = await trx('purchase_order_lines')
      .where({ purchase_order_id: po.id })
      .orderBy('position')
      .select('id', 'description', 'quantity', 'unit', 'unit_price', 'vat_category', 'exemption_reason_code', 'exemption_reason');
    const supplyDate = input.supply_date ?? riyadhDay(now);
    if (supplyDate > riyadhDay(now)) throw validationFailed('The supply date cannot be after the issue date', [{ path: 'supply_date', message: 'after the issue date', code: 'after_issue_date' }]);
    const invoiceId = await chainDocument(
      trx,
      deps.config.einvoicing.key,
      {
        kind: 'invoice',
        seller_id: po.seller_id,
        buyer_id: po.buyer_id,
        created_by: user.id,
        purchase_order_id: po.id,
        supply_date: supplyDate,
        ...(await partiesOf(trx, po.seller_id, po.buyer_id)),
        lines: lines.map(
          (l): ChainLine => ({
            purchase_order_line_id: l.id,
            description: l.description,
            quantity: Number(l.quantity),
            unit: l.unit,
            unit_price: Number(l.unit_price),
            // The VAT the seller stated with its price, carried by the order's line: a zero-rated or exempt one with its VATEX code and ZATCA's text.
            vat_category: l.vat_category,
            exemption_reason_code: l.exemption_reason_code,
            exemption_reason: l.exemption_reason,
          }),
        ),
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
