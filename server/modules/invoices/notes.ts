/**
 * Credit and debit notes against a seller's accepted (cleared or reported) invoice, chained
 * and cleared like invoices (chain.ts, the clearance queue).
 *
 * A note's line adjusts one invoice line, either
 * - the quantity ('quantity'): that many units at the invoice line's price, credited
 *   (goods returned, billed too many) or debited (billed short), or
 * - the price ('price'): a difference per unit on a quantity of the line, credited (a
 *   discount, a disputed price) or debited (a price increase).
 *
 * The rules, per invoice line, over the notes of it ZATCA did not reject:
 * - a quantity credit never takes more than the line's quantity plus the quantities
 *   debited less those credited (validation_failed more_than_left); a price line's
 *   quantity is bounded the same way (a difference is charged on units that are billed);
 * - the credits of a line, quantity and price together, never exceed its amount plus its
 *   debits (note_exceeds_invoice): a credit note never makes its invoice negative;
 * - a quantity debit bills more of the order line, so never beyond what the order leaves
 *   to invoice (ordered − cancelled − invoiced, validation_failed more_than_ordered).
 */
import type { Knex } from 'knex';
import {
  fullyCredited,
  invoiceNotAccepted,
  notAnInvoice,
  notFound,
  notTheSeller,
  noteExceedsInvoice,
  validationFailed,
  type ErrorDetails,
} from '../../../shared/errors';
import { creditableQuantity, isAccepted, type CreditNoteCreate, type DebitNoteCreate, type InvoiceKind } from '../../../shared/schemas/invoice';
import { roundStock } from '../../../shared/numbers';
import type { SessionUser } from '../../auth/session-user';
import { chainDocument, type ChainLine } from './chain';
import { setPaymentTerms } from './terms';
import type { InvoiceDeps } from './clearance';
import { wakeClearance } from './clearance-queue';
import { invoicePolicy } from './policy';
import { lineQuantities } from '../purchase-orders/line-quantities';

export { wakeClearance };

/** What a credit note is asked: why and which lines (everything left when absent). */
export interface CreditNoteInput {
  reason: string;
  lines?: Array<{ invoice_line_id: string; quantity: number; unit_price?: number }>;
}

const cents = (n: number) => Math.round(n * 100);

/** Where one invoice line stands after its live notes (ZATCA did not reject them). */
interface LineStanding {
  id: string;
  purchase_order_line_id: string | null;
  description: string;
  unit: string;
  quantity: number;
  unit_price: number;
  vat_category: ChainLine['vat_category'];
  exemption_reason_code: string | null;
  exemption_reason: string | null;
  /** the quantity billed now: the line's, plus quantity debits, less quantity credits */
  billed: number;
  /** the amount before VAT billed now, in halalas: the line's, plus all debits, less all credits */
  amount: number;
  /** what the order leaves to invoice of its line (ordered − cancelled − invoiced), null for a plan's line */
  order_left: number | null;
}

const noteSum = (kind: 'credit_note' | 'debit_note', column: string, onlyQuantity: boolean) =>
  `coalesce((select sum(c.${column}) from invoice_lines c join invoices cn on cn.id = c.invoice_id
             where c.credited_line_id = l.id and cn.kind = '${kind}' and cn.status <> 'rejected'${onlyQuantity ? ` and c.adjusts = 'quantity'` : ''}), 0)`;

async function standingOf(trx: Knex.Transaction, invoiceId: string): Promise<LineStanding[]> {
  const rows = await trx('invoice_lines as l')
    .leftJoin('purchase_order_lines as pl', 'pl.id', 'l.purchase_order_line_id')
    .where('l.invoice_id', invoiceId)
    .orderBy('l.position')
    .select(
      'l.id',
      'l.purchase_order_line_id',
      'l.description',
      'l.quantity',
      'l.unit',
      'l.unit_price',
      'l.line_total',
      'l.vat_category',
      'l.exemption_reason_code',
      'l.exemption_reason',
      trx.raw(`${noteSum('credit_note', 'quantity', true)} as credited_quantity`),
      trx.raw(`${noteSum('debit_note', 'quantity', true)} as debited_quantity`),
      trx.raw(`${noteSum('credit_note', 'line_total', false)} as credited_amount`),
      trx.raw(`${noteSum('debit_note', 'line_total', false)} as debited_amount`),
      'pl.purchase_order_id',
    );
  const orderId = rows.find((r) => r.purchase_order_id)?.purchase_order_id;
  const orderLines = new Map(orderId ? (await lineQuantities(trx, orderId)).map((l) => [l.id, l]) : []);
  const orderLeft = (id: string | null) => {
    const l = id ? orderLines.get(id) : undefined;
    return l ? roundStock(l.quantity - l.cancelled_quantity - l.invoiced_quantity) : null;
  };
  return rows.map((r) => ({
    id: r.id,
    purchase_order_line_id: r.purchase_order_line_id,
    description: r.description,
    unit: r.unit,
    quantity: Number(r.quantity),
    unit_price: Number(r.unit_price),
    vat_category: r.vat_category,
    exemption_reason_code: r.exemption_reason_code,
    exemption_reason: r.exemption_reason,
    billed: creditableQuantity(Number(r.quantity) + Number(r.debited_quantity), Number(r.credited_quantity)),
    amount: cents(Number(r.line_total)) + cents(Number(r.debited_amount)) - cents(Number(r.credited_amount)),
    order_left: orderLeft(r.purchase_order_line_id),
  }));
}

/** The invoice a note adjusts, locked: the caller's own, an invoice (not a note), accepted by ZATCA. */
async function noteTarget(trx: Knex.Transaction, user: SessionUser, invoiceId: string, kind: Exclude<InvoiceKind, 'invoice'>) {
  const what = kind === 'credit_note' ? 'credit note' : 'debit note';
  const invoice = await invoicePolicy
    .visible(trx('invoices as inv').where('inv.id', invoiceId), user)
    .forUpdate()
    .first('id', 'kind', 'number', 'status', 'seller_id', 'buyer_id', 'purchase_order_id', 'plan_payment_id', 'seller', 'buyer', 'payment_terms_days', trx.raw(`to_char(supply_date, 'YYYY-MM-DD') as supply_date`));
  if (!invoice) throw notFound('Invoice');
  if (invoice.seller_id !== user.account_id) throw notTheSeller(`Only the seller issues a ${what}`);
  if (invoice.kind !== 'invoice') throw notAnInvoice(`A ${what} is issued against an invoice, not another note`);
  if (!isAccepted(invoice.status)) throw invoiceNotAccepted(`A ${invoice.status} invoice cannot take a ${what}: only one ZATCA accepted (cleared or reported)`);
  return invoice;
}

const noteLine = (l: LineStanding, quantity: number, unitPrice: number, adjusts: 'quantity' | 'price'): ChainLine => ({
  credited_line_id: l.id,
  adjusts,
  description: l.description,
  quantity,
  unit: l.unit,
  unit_price: unitPrice,
  vat_category: l.vat_category,
  exemption_reason_code: l.exemption_reason_code,
  exemption_reason: l.exemption_reason,
});

/**
 * A credit note against the caller's accepted invoice, INSIDE the caller's transaction
 * (the disputes module settles a dispute with it in the dispute's own). A line without
 * unit_price credits its quantity at the invoice line's price (adjusts 'quantity'); with
 * unit_price it credits that much per unit of the quantity (adjusts 'price'). Without
 * lines, everything still billed is credited. Returns the note's id; the caller wakes
 * clearance after its transaction commits (wakeClearance(deps)).
 */
export async function issueCreditNoteIn(
  trx: Knex.Transaction,
  deps: InvoiceDeps,
  user: SessionUser,
  invoiceId: string,
  input: CreditNoteInput,
  now: Date,
  opts: { dispute_id?: string } = {},
): Promise<string> {
  const invoice = await noteTarget(trx, user, invoiceId, 'credit_note');
  const lines = await standingOf(trx, invoice.id);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const asked = input.lines ?? lines.map((l) => ({ invoice_line_id: l.id, quantity: l.billed, unit_price: undefined })).filter((l) => l.quantity > 0);
  if (asked.length === 0) throw fullyCredited();

  // What is asked of each line is summed before it is compared with what is left, so no
  // way of spelling a request (the schema refuses a line named twice; this holds even for
  // a caller that skipped it) credits a line beyond what is billed.
  const quantityOf = new Map<string, number>();
  const amountOf = new Map<string, number>();
  const errors: ErrorDetails = [];
  const over: string[] = [];
  const noteLines: ChainLine[] = [];
  asked.forEach((a, i) => {
    const l = byId.get(a.invoice_line_id);
    if (!l) return errors.push({ path: `lines.${i}.invoice_line_id`, message: 'not a line of this invoice', code: 'not_a_line' });
    const price = a.unit_price === undefined;
    const quantity = roundStock((quantityOf.get(l.id) ?? 0) + (price ? a.quantity : 0));
    quantityOf.set(l.id, quantity);
    if (a.quantity > l.billed || quantity > l.billed) return errors.push({ path: `lines.${i}.quantity`, message: `at most ${l.billed} is left to credit`, code: 'more_than_left' });
    const unitPrice = a.unit_price ?? l.unit_price;
    const amount = (amountOf.get(l.id) ?? 0) + cents(a.quantity * unitPrice);
    amountOf.set(l.id, amount);
    if (amount > l.amount) over.push(`line ${l.description}: at most ${(l.amount / 100).toFixed(2)} SAR is left to credit`);
    noteLines.push(noteLine(l, a.quantity, unitPrice, price ? 'quantity' : 'price'));
  });
  if (errors.length) throw validationFailed('These lines cannot be credited', errors);
  if (over.length) throw noteExceedsInvoice(`A credit note cannot take an invoice below zero: ${over.join('; ')}`);

  return chainDocument(
    trx,
    deps.config.einvoicing.key,
    {
      kind: 'credit_note',
      seller_id: invoice.seller_id,
      buyer_id: invoice.buyer_id,
      created_by: user.id,
      ip: user.ip,
      purchase_order_id: invoice.purchase_order_id,
      plan_payment_id: invoice.plan_payment_id,
      original: { id: invoice.id, number: invoice.number },
      reason: input.reason,
      dispute_id: opts.dispute_id ?? null,
      supply_date: invoice.supply_date,
      seller: invoice.seller,
      buyer: invoice.buyer,
      lines: noteLines,
    },
    now,
  );
}

/** POST /api/invoices/{id}/credit-notes: issueCreditNoteIn in its own transaction, then clearance. */
export async function issueCreditNote(knex: Knex, deps: InvoiceDeps, user: SessionUser, invoiceId: string, input: CreditNoteCreate, now: Date): Promise<string> {
  const id = await knex.transaction((trx) => issueCreditNoteIn(trx, deps, user, invoiceId, input, now));
  wakeClearance(deps);
  return id;
}

/**
 * POST /api/invoices/{id}/debit-notes: a debit note (383) against the seller's accepted
 * invoice of an order. A line with a quantity alone bills that many more at the line's
 * price (adjusts 'quantity'; never beyond what the order leaves to invoice); a line with
 * unit_price bills that much more per unit of the quantity given or of the quantity the
 * line bills now (adjusts 'price'). The note carries the invoice's payment terms: the
 * buyer owes and pays it like an invoice.
 */
export async function issueDebitNote(knex: Knex, deps: InvoiceDeps, user: SessionUser, invoiceId: string, input: DebitNoteCreate, now: Date): Promise<string> {
  const id = await knex.transaction(async (trx) => {
    const invoice = await noteTarget(trx, user, invoiceId, 'debit_note');
    if (invoice.purchase_order_id) await trx('purchase_orders').where({ id: invoice.purchase_order_id }).forUpdate().first('id');
    const byId = new Map((await standingOf(trx, invoice.id)).map((l) => [l.id, l]));
    const errors: ErrorDetails = [];
    const noteLines: ChainLine[] = [];
    input.lines.forEach((a, i) => {
      const l = byId.get(a.invoice_line_id);
      if (!l) return errors.push({ path: `lines.${i}.invoice_line_id`, message: 'not a line of this invoice', code: 'not_a_line' });
      if (a.unit_price === undefined) {
        const quantity = a.quantity!;
        if (l.order_left !== null && quantity > l.order_left)
          return errors.push({ path: `lines.${i}.quantity`, message: `the order leaves ${l.order_left} to invoice`, code: 'more_than_ordered' });
        return noteLines.push(noteLine(l, quantity, l.unit_price, 'quantity'));
      }
      const quantity = a.quantity ?? l.billed;
      if (quantity <= 0 || quantity > l.billed) return errors.push({ path: `lines.${i}.quantity`, message: `the line bills ${l.billed}`, code: 'more_than_left' });
      noteLines.push(noteLine(l, quantity, a.unit_price, 'price'));
    });
    if (errors.length) throw validationFailed('These lines cannot be debited', errors);
    const noteId = await chainDocument(
      trx,
      deps.config.einvoicing.key,
      {
        kind: 'debit_note',
        seller_id: invoice.seller_id,
        buyer_id: invoice.buyer_id,
        created_by: user.id,
        ip: user.ip,
        purchase_order_id: invoice.purchase_order_id,
        plan_payment_id: invoice.plan_payment_id,
        original: { id: invoice.id, number: invoice.number },
        reason: input.reason,
        supply_date: invoice.supply_date,
        seller: invoice.seller,
        buyer: invoice.buyer,
        lines: noteLines,
      },
      now,
    );
    await setPaymentTerms(trx, noteId, invoice.seller_id, invoice.payment_terms_days);
    return noteId;
  });
  wakeClearance(deps);
  return id;
}
