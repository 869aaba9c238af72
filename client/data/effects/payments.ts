/**
 * Local effect of a recorded transfer (see types.ts): the invoice's row gains the payment,
 * recorded and waiting for the seller, and its pending sum grows; the balance and status
 * stay, since only a confirmed payment changes them.
 */
import type { Invoice } from '../../../shared/schemas/invoice';
import { halalas } from '../../../shared/payments';
import { rowKey } from '../db/schema';
import { patchRow, type EffectTable } from './types';

export const paymentEffects: Pick<EffectTable, 'payment.record'> = {
  'payment.record': {
    keys: async (args) => [rowKey('invoice', args.invoice_id)],
    apply(args, rows, ctx) {
      const key = rowKey('invoice', args.invoice_id);
      const invoice = rows.get(key) as Invoice | null | undefined;
      const payment = invoice?.payment;
      if (!invoice || !payment || payment.payments.some((p) => p.id === args.id)) return;
      const recorded = {
        id: args.id,
        invoice_id: invoice.id,
        invoice_number: invoice.number,
        payer_id: invoice.buyer_id,
        payee_id: invoice.seller_id,
        method: 'transfer' as const,
        amount: args.amount,
        currency: 'SAR',
        paid_on: args.paid_on,
        reference: args.reference,
        receipt_id: args.receipt_id ?? null,
        status: 'recorded' as const,
        dispute_reason: null,
        decided_at: null,
        created_at: ctx.now,
      };
      patchRow(rows, key, { payment: { ...payment, pending: (halalas(payment.pending) + halalas(args.amount)) / 100, payments: [...payment.payments, recorded] } }, ctx);
    },
  },
};
