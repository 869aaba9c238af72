/**
 * Moyasar's REST API (docs.moyasar.com), as its reference documents the paths and shapes,
 * at config.moyasar.apiUrl: Moyasar itself, or this server's development gateway
 * (dev-moyasar/) on the same paths. Every call authenticates with HTTP Basic, the secret
 * key as the user name and an empty password; amounts are integers in the smallest unit
 * (halalas for SAR).
 *
 * - POST /invoices {amount, currency, description, success_url, back_url, metadata} -> an
 *   invoice whose `url` is Moyasar's hosted payment page (card, mada, Apple Pay): nothing
 *   about a card reaches this server. Paid, the payer is sent to success_url with
 *   ?id=<payment id>&status=&message=;
 * - GET /invoices/{id} -> the invoice with its payments (the callback's id may be the invoice's);
 * - GET /payments/{id} -> the payment: status initiated | paid | failed | authorized |
 *   captured | refunded | voided, amount, currency, invoice_id, metadata, source.message;
 * - POST /payments/{id}/refund {amount?} -> the payment, refunded (all of it without amount).
 *
 * A 4xx answer with a JSON body is Moyasar speaking ({type, message, errors}), thrown as
 * GatewayRefusal; anything else (no answer, 5xx, not JSON) is GatewayUnavailable.
 */
import type { Config } from '../../config';
import { jsonAnswer } from '../../http/outbound';

type GatewayPaymentStatus = 'initiated' | 'paid' | 'failed' | 'authorized' | 'captured' | 'refunded' | 'voided' | 'verified';

/** Moyasar's metadata: strings by key. */
type GatewayMetadata = Record<string, string>;

export interface GatewayPayment {
  id: string;
  status: GatewayPaymentStatus;
  /** halalas */
  amount: number;
  fee: number;
  currency: string;
  /** halalas refunded so far */
  refunded: number;
  refunded_at: string | null;
  captured: number;
  captured_at: string | null;
  voided_at: string | null;
  description: string | null;
  amount_format: string;
  /** the Moyasar invoice it paid, if it paid one */
  invoice_id: string | null;
  ip: string | null;
  callback_url: string | null;
  created_at: string;
  updated_at: string;
  metadata: GatewayMetadata | null;
  source: {
    type: string;
    company?: string | null;
    name?: string | null;
    /** masked: XXXX-XXXX-XXXX-1111 */
    number?: string | null;
    /** the issuer's answer: APPROVED, INSUFFICIENT FUNDS, ... */
    message: string | null;
    transaction_url: string | null;
    gateway_id?: string | null;
    reference_number?: string | null;
  };
}

export interface GatewayInvoice {
  id: string;
  status: 'initiated' | 'paid' | 'failed' | 'refunded' | 'canceled' | 'on_hold' | 'expired' | 'voided';
  amount: number;
  currency: string;
  description: string;
  amount_format: string;
  /** the hosted payment page */
  url: string;
  callback_url: string | null;
  success_url: string | null;
  back_url: string | null;
  expired_at: string | null;
  created_at: string;
  updated_at: string;
  metadata: GatewayMetadata | null;
  payments: GatewayPayment[];
}

export interface NewGatewayInvoice {
  /** halalas: a positive integer */
  amount: number;
  currency: 'SAR';
  description: string;
  /** where the payer is sent once it is paid (our callback) */
  success_url: string;
  /** where the page's back button goes */
  back_url?: string;
  metadata: GatewayMetadata;
}

/** Moyasar answered and refused: its status and message. */
export class GatewayRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: { type?: string; message?: string; errors?: unknown },
  ) {
    super(`Moyasar refused (${status}): ${body.message ?? body.type ?? JSON.stringify(body)}`);
  }
}

/** Moyasar did not answer, or not as its API does. */
class GatewayUnavailable extends Error {}

/** The client for one configuration. */
export function moyasar(config: Pick<Config, 'moyasar'>) {
  const { apiUrl, secretKey } = config.moyasar;
  const auth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      const headers = { Authorization: auth, Accept: 'application/json' };
      const signal = AbortSignal.timeout(20_000);
      res =
        method === 'GET'
          ? await fetch(`${apiUrl}${path}`, { method: 'GET', headers, signal })
          : await fetch(`${apiUrl}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}), signal });
    } catch (err) {
      throw new GatewayUnavailable(`Moyasar did not answer: ${(err as Error).message}`);
    }
    const json = await jsonAnswer(res, (message) => new GatewayUnavailable(`Moyasar ${message}`));
    if (res.ok) return json as T;
    if (res.status >= 400 && res.status < 500) throw new GatewayRefusal(res.status, (json ?? {}) as GatewayRefusal['body']);
    throw new GatewayUnavailable(`Moyasar answered ${res.status}`);
  }

  return {
    /** A hosted payment page for an amount: its `url` is where the payer goes. */
    createInvoice: (invoice: NewGatewayInvoice) => call<GatewayInvoice>('POST', '/invoices', invoice),
    /** A hosted invoice as Moyasar has it now, with its payments. */
    fetchInvoice: (id: string) => call<GatewayInvoice>('GET', `/invoices/${encodeURIComponent(id)}`),
    /** A payment as Moyasar has it now, read with the secret key. */
    fetchPayment: (id: string) => call<GatewayPayment>('GET', `/payments/${encodeURIComponent(id)}`),
    /** Refunds a paid (or captured) payment: all of it, or `amount` halalas of it. */
    refund: (id: string, amount?: number) => call<GatewayPayment>('POST', `/payments/${encodeURIComponent(id)}/refund`, amount === undefined ? {} : { amount }),
  };
}
