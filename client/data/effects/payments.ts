/**
 * Local effects of payments (see types.ts), following server/modules/payments/service.ts:
 * - a recorded transfer: the invoice's row gains the payment, recorded and waiting for the
 *   seller, and its pending sum grows; the balance and status stay, since only a confirmed
 *   payment changes them; a transfer across invoices does so on each of them;
 * - the seller's confirmation: the payment is confirmed, its amount moves from pending to
 *   paid, and the balance and status follow (shared/payments.ts, as the server computes them);
 * - a dispute: the payment is disputed with its reason and leaves the pending sum.
 * An answer to a payment that is not recorded (any more) changes nothing: the server's
 * answer (the same one, or a refusal) comes with the next pull.
 */
import type { InvoicePayment, Payment } from '../../../shared/schemas/payment';
import { balanceOf, halalas, paymentStatus } from '../../../shared/payments';
import { riyadhDay } from '../../../shared/riyadh';
import { rowKey, type EffectContext } from '../db/schema';
import { getRow, patchRow, type EffectTable, type RowMap } from './types';

const sar = (h: number) => h / 100;

/** Answers the recorded payment `id` of the invoice: `change`: its new status (confirmed counts it as paid) and reason. */
function answer(rows: RowMap, invoiceId: string, id: string, change: Pick<Payment, 'status' | 'dispute_reason'>, ctx: EffectContext): void {
  const invoice = getRow(rows, 'invoice', invoiceId);
  const payment = invoice?.payment;
  const target = payment?.payments.find((p) => p.id === id);
  if (!invoice || !payment || !target || target.status !== 'recorded') return;
  const paid = sar(halalas(payment.paid) + (change.status === 'confirmed' ? halalas(target.amount) : 0));
  const facts = { total: invoice.total, credited: payment.credited, paid, due_date: payment.due_date };
  const next: InvoicePayment = {
    ...payment,
    paid,
    pending: sar(Math.max(0, halalas(payment.pending) - halalas(target.amount))),
    balance: balanceOf(facts),
    status: paymentStatus(facts, riyadhDay(ctx.now)),
    payments: payment.payments.map((p) => (p.id === id ? { ...p, ...change, decided_at: ctx.now } : p)),
  };
  patchRow(rows, 'invoice', invoiceId, { payment: next }, ctx);
}

/** The buyer's recorded transfer on the invoice's row: listed, waiting for the seller, counted as pending. */
function addRecorded(
  rows: RowMap,
  invoiceId: string,
  record: Pick<Payment, 'id' | 'amount' | 'paid_on' | 'reference' | 'receipt_id' | 'transfer_id'>,
  ctx: EffectContext,
): void {
  const invoice = getRow(rows, 'invoice', invoiceId);
  const payment = invoice?.payment;
  if (!invoice || !payment || payment.payments.some((p) => p.id === record.id)) return;
  const recorded: Payment = {
    ...record,
    invoice_id: invoice.id,
    invoice_number: invoice.number,
    payer_id: invoice.buyer_id,
    payee_id: invoice.seller_id,
    method: 'transfer',
    currency: 'SAR',
    receipt_stored: false,
    status: 'recorded',
    dispute_reason: null,
    decided_at: null,
    refunded: 0,
    refunded_at: null,
    created_at: ctx.now,
  };
  patchRow(rows, 'invoice', invoiceId, { payment: { ...payment, pending: sar(halalas(payment.pending) + halalas(record.amount)), payments: [...payment.payments, recorded] } }, ctx);
}

export const paymentEffects: Pick<EffectTable, 'payment.record' | 'payment.transfer' | 'payment.confirm' | 'payment.dispute'> = {
  'payment.record': {
    keys: async (args) => [rowKey('invoice', args.invoice_id)],
    apply: (args, rows, ctx) =>
      addRecorded(rows, args.invoice_id, { id: args.id, amount: args.amount, paid_on: args.paid_on, reference: args.reference, receipt_id: args.receipt_id ?? null, transfer_id: null }, ctx),
  },
  'payment.transfer': {
    keys: async (args) => args.allocations.map((a) => rowKey('invoice', a.invoice_id)),
    apply(args, rows, ctx) {
      // A client that queues a transfer names each row's id; one that does not gets the server's rows with the next pull.
      for (const a of args.allocations) {
        if (!a.payment_id) continue;
        addRecorded(rows, a.invoice_id, { id: a.payment_id, amount: a.amount, paid_on: args.paid_on, reference: args.reference, receipt_id: args.receipt_id ?? null, transfer_id: args.id }, ctx);
      }
    },
  },
  'payment.confirm': {
    keys: async (args) => [rowKey('invoice', args.invoice_id)],
    apply: (args, rows, ctx) => answer(rows, args.invoice_id, args.id, { status: 'confirmed', dispute_reason: null }, ctx),
  },
  'payment.dispute': {
    keys: async (args) => [rowKey('invoice', args.invoice_id)],
    apply: (args, rows, ctx) => answer(rows, args.invoice_id, args.id, { status: 'disputed', dispute_reason: args.reason }, ctx),
  },
};
