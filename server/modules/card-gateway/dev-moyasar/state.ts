/**
 * The development Moyasar's invoices and payments, held in memory (a checkout cut by a
 * restart is started again), and how a payment is made and concluded: its status, the
 * invoice it pays, and Moyasar's event sent to our webhook before the payer is redirected.
 */
import crypto from 'node:crypto';
import { DEV_MOYASAR_PREFIX, type Config } from '../../../config';
import type { GatewayInvoice, GatewayPayment } from '../moyasar';
import type { Outcome } from './rules';

/** An amount as Moyasar writes it: 1234 halalas in SAR is "12.34 SAR". */
export const format = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency}`;

interface NewPayment {
  amount: number;
  currency: string;
  description: string | null;
  callback_url: string | null;
  metadata: Record<string, string> | null;
  invoice_id: string | null;
  name: string;
  number: string;
  ip: string;
}

export type DevGateway = ReturnType<typeof createDevGateway>;

export function createDevGateway(config: Config) {
  const { webhookSecret } = config.moyasar;
  const invoices = new Map<string, GatewayInvoice>();
  const payments = new Map<string, GatewayPayment>();
  const base = `${config.publicUrl}${DEV_MOYASAR_PREFIX}`;

  const invoiceOut = (inv: GatewayInvoice): GatewayInvoice => ({ ...inv, payments: inv.payments.map((p) => payments.get(p.id)!) });

  async function sendEvent(type: string, payment: GatewayPayment): Promise<void> {
    const event = { id: crypto.randomUUID(), type, created_at: new Date().toISOString(), secret_token: webhookSecret, account_name: 'Binaa (development)', live: false, data: payment };
    try {
      await fetch(`${config.publicUrl}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(event),
        signal: AbortSignal.timeout(20_000),
      });
    } catch {
      /* Moyasar retries; the callback settles it anyway */
    }
  }

  function newPayment(input: NewPayment): GatewayPayment {
    const now = new Date().toISOString();
    const payment: GatewayPayment = {
      id: crypto.randomUUID(),
      status: 'initiated',
      amount: input.amount,
      fee: 0,
      currency: input.currency,
      refunded: 0,
      refunded_at: null,
      captured: 0,
      captured_at: null,
      voided_at: null,
      description: input.description,
      amount_format: format(input.amount, input.currency),
      invoice_id: input.invoice_id,
      ip: input.ip,
      callback_url: input.callback_url,
      created_at: now,
      updated_at: now,
      metadata: input.metadata,
      source: {
        type: 'creditcard',
        company: input.number.startsWith('4201') ? 'mada' : input.number.startsWith('4') ? 'visa' : 'master',
        name: input.name,
        number: `XXXX-XXXX-XXXX-${input.number.slice(-4)}`,
        message: null,
        transaction_url: null,
        gateway_id: `moyasar_cc_${crypto.randomBytes(12).toString('base64url')}`,
        reference_number: null,
      },
    };
    payments.set(payment.id, payment);
    if (input.invoice_id) invoices.get(input.invoice_id)!.payments.push(payment);
    return payment;
  }

  /** A payment's outcome: its status and message, the invoice it pays, and the event. */
  async function conclude(payment: GatewayPayment, outcome: Pick<Outcome, 'status' | 'message'>): Promise<void> {
    if (payment.status !== 'initiated') return;
    payment.status = outcome.status;
    payment.source.message = outcome.message;
    payment.updated_at = new Date().toISOString();
    if (outcome.status === 'paid' && payment.invoice_id) {
      const inv = invoices.get(payment.invoice_id)!;
      inv.status = 'paid';
      inv.updated_at = payment.updated_at;
    }
    await sendEvent(outcome.status === 'paid' ? 'payment_paid' : 'payment_failed', payment);
  }


  return { invoices, payments, base, invoiceOut, newPayment, conclude, sendEvent };
}
