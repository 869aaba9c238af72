/**
 * Card payments through the gateway (Moyasar, moyasar.ts), for whatever a company pays:
 * the contract between the gateway and what is paid for.
 *
 * - startCheckout: what is asked is recorded first (card_checkouts: purpose, payer,
 *   amount in halalas, the invoice or the plan's details, the page to come back to), then
 *   Moyasar's hosted page is made for exactly that amount in SAR, with metadata {purpose,
 *   checkout_id, invoice_id?} and our callback as its success_url; answers {payment_url}.
 * - settlers (one per purpose, put together at the composition root,
 *   server/registry/card-purposes.ts): the module that sells something says how a
 *   verified payment is applied (payments/card.ts for 'invoice', subscriptions for
 *   'plan'); the gateway imports none of them, they import the gateway. The settler
 *   runs in the transaction that marks the checkout paid, with the checkout row locked,
 *   at most once per checkout; an AppError it throws (an overpayment since, say)
 *   rolls it back and the payment is refunded in full through the API.
 * - settlePayment: the callback (GET /api/payments/callback?checkout=&id=) and the webhook
 *   (POST /api/payments/webhook) hand over a payment id (or, at the callback, the id of the
 *   checkout's hosted invoice, whose payment is then taken) and nothing else is believed: the
 *   payment is fetched back from Moyasar with the secret key and settles its checkout only
 *   if its status is paid (or captured), its amount and currency are the checkout's, and
 *   its metadata names this checkout, its purpose and its invoice. Replays are idempotent
 *   (the checkout is paid by that payment already: nothing changes), and an event that
 *   comes late (failed after paid) never undoes a settled checkout: a checkout only ever
 *   goes from initiated to paid.
 * - refunds: an event of a settled payment that the gateway has refunded (in part or in
 *   full, from its dashboard too) hands the refunded total to the purpose's `refunded`,
 *   which takes back what the money bought, once per amount.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { AppDeps } from '../../http/context';
import { gatewayCardReason, type CardReason } from '../../../shared/card-reason';
import { AppError, gatewayRefused, gatewayUnavailable } from '../../../shared/errors';
import { GatewayRefusal, moyasar, type GatewayPayment } from './moyasar';

type CheckoutPurpose = 'invoice' | 'plan';

export interface Checkout {
  id: string;
  purpose: CheckoutPurpose;
  payer_id: string;
  started_by: string | null;
  invoice_id: string | null;
  details: Record<string, unknown> | null;
  /** halalas */
  amount: number;
  currency: string;
  description: string;
  gateway_invoice_id: string | null;
  gateway_payment_id: string | null;
  status: 'initiated' | 'paid';
  message: string | null;
  return_path: string;
}

export interface NewCheckout {
  purpose: CheckoutPurpose;
  payer_id: string;
  started_by: string;
  /** halalas, a positive integer */
  amount: number;
  description: string;
  invoice_id?: string;
  details?: Record<string, unknown>;
  /** our page the payer comes back to, a path like /invoices/{id} */
  return_path: string;
}

/** Applies a verified payment of `checkout` (same transaction, checkout row locked). */
export type Settler = (trx: Knex.Transaction, checkout: Checkout, payment: GatewayPayment, now: Date) => Promise<void>;

/**
 * Takes back what a settled payment bought once the gateway has given `refunded` halalas
 * of it back to the card, in total so far (same transaction, checkout row locked). Called
 * again for every event of the payment, so it records only what it has not recorded yet.
 */
export type RefundApplier = (trx: Knex.Transaction, checkout: Checkout, payment: GatewayPayment, refunded: number, now: Date) => Promise<void>;

/**
 * Work a settled payment calls for that must not roll it back (a plan's tax invoice):
 * run after the commit, each time the payment is reported paid again too, so it does
 * only what is not done yet; it never fails the gateway's answer.
 */
type AfterPaid = (knex: Knex, deps: AppDeps, paymentId: string, now: Date) => Promise<void>;

/** What settles a checkout, what a later refund of its payment takes back, and what follows the commit, per purpose. */
export type Settlers = Readonly<Record<CheckoutPurpose, { settle: Settler; refunded: RefundApplier; afterPaid?: AfterPaid }>>;

/** The path of the callback on this server; Moyasar appends id, status and message. */
export const CALLBACK_PATH = '/api/payments/callback';

/** Records the checkout and makes Moyasar's hosted page for it: the payer goes to payment_url. */
export async function startCheckout(knex: Knex, config: Pick<Config, 'moyasar' | 'publicUrl'>, input: NewCheckout): Promise<{ payment_url: string; checkout_id: string }> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error(`A checkout's amount is a positive integer of halalas, not ${input.amount}`);
  const id = crypto.randomUUID();
  await knex('card_checkouts').insert({
    id,
    purpose: input.purpose,
    payer_id: input.payer_id,
    started_by: input.started_by,
    invoice_id: input.invoice_id ?? null,
    details: input.details ? JSON.stringify(input.details) : null,
    amount: input.amount,
    currency: 'SAR',
    description: input.description,
    return_path: input.return_path,
  });
  const metadata: Record<string, string> = { purpose: input.purpose, checkout_id: id, ...(input.invoice_id ? { invoice_id: input.invoice_id } : {}) };
  try {
    const invoice = await moyasar(config).createInvoice({
      amount: input.amount,
      currency: 'SAR',
      description: input.description,
      success_url: `${config.publicUrl}${CALLBACK_PATH}?checkout=${id}`,
      back_url: `${config.publicUrl}${input.return_path}`,
      metadata,
    });
    await knex('card_checkouts').where({ id }).update({ gateway_invoice_id: invoice.id });
    return { payment_url: invoice.url, checkout_id: id };
  } catch (err) {
    await knex('card_checkouts').where({ id }).delete();
    if (err instanceof GatewayRefusal) throw gatewayRefused(`The card gateway refused the payment: ${err.body.message ?? err.body.type ?? err.status}`);
    throw gatewayUnavailable();
  }
}

export type SettleOutcome =
  /** settled now, or settled by this payment before (a replay) */
  | { result: 'paid'; checkout: Checkout; replay: boolean }
  /** the gateway says the payment did not go through (or not yet): nothing changes */
  | { result: 'failed'; checkout: Checkout | null; message: string; reason: CardReason | null }
  /** the payment does not match what was asked, or what it pays for refused it: nothing changes (refunded if money was taken) */
  | { result: 'rejected'; checkout: Checkout | null; message: string; reason: CardReason };

const PAID: ReadonlySet<string> = new Set(['paid', 'captured']);

const readCheckout = (db: Knex, id: string) => db('card_checkouts').where({ id }).first<Checkout | undefined>();

/** Why `payment` does not pay `checkout`, or null when it does. */
function mismatch(checkout: Checkout, payment: GatewayPayment): string | null {
  const meta = payment.metadata ?? {};
  if (meta.checkout_id !== checkout.id) return 'the payment names another checkout';
  if (meta.purpose !== checkout.purpose) return 'the payment pays for something else';
  if ((meta.invoice_id ?? null) !== checkout.invoice_id) return 'the payment names another invoice';
  if (payment.currency !== checkout.currency) return `the payment is in ${payment.currency}, not ${checkout.currency}`;
  if (payment.amount !== checkout.amount) return `the payment is ${payment.amount} halalas, not ${checkout.amount}`;
  return null;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Settles the checkout a gateway payment pays, after fetching it back from the gateway.
 * `checkoutId`: the checkout the callback's URL names (the webhook names none: the
 * payment's metadata does).
 */
export async function settlePayment(
  knex: Knex,
  deps: { config: Pick<Config, 'moyasar'>; logger: Pick<Logger, 'warn' | 'error'>; now: Date; settlers: Settlers },
  paymentId: string,
  checkoutId?: string,
): Promise<SettleOutcome> {
  const gateway = moyasar(deps.config);
  let payment: GatewayPayment | null;
  try {
    payment = await gateway.fetchPayment(paymentId).catch(async (err: unknown) => {
      // The hosted page may hand back its invoice's id rather than the payment's: the
      // invoice made for the checkout the callback names, and its payment, read back too.
      if (!(err instanceof GatewayRefusal) || !checkoutId || !uuid.test(checkoutId)) throw err;
      const asked = await readCheckout(knex, checkoutId);
      if (!asked || asked.gateway_invoice_id !== paymentId) throw err;
      const invoice = await gateway.fetchInvoice(paymentId);
      return invoice.payments.find((p) => PAID.has(p.status)) ?? invoice.payments.at(-1) ?? null;
    });
  } catch (err) {
    if (err instanceof GatewayRefusal) return { result: 'rejected', checkout: null, message: 'The card gateway has no such payment', reason: 'unknown_payment' };
    throw gatewayUnavailable();
  }
  if (!payment) return { result: 'failed', checkout: null, message: 'Nothing was paid on the card gateway', reason: 'not_paid' };
  const named = checkoutId ?? payment.metadata?.checkout_id;
  const checkout = named && uuid.test(named) ? await readCheckout(knex, named) : undefined;
  if (!checkout) return { result: 'rejected', checkout: null, message: 'The payment is for no checkout of ours', reason: 'no_checkout' };
  if (checkout.status === 'paid' && checkout.gateway_payment_id === payment.id) {
    await applyRefund(knex, deps, checkout, payment);
    return { result: 'paid', checkout, replay: true };
  }
  const wrong = mismatch(checkout, payment);
  if (wrong) {
    deps.logger.warn({ checkout: checkout.id, payment: payment.id, wrong }, 'card payment refused');
    return { result: 'rejected', checkout, message: `Refused: ${wrong}`, reason: 'mismatch' };
  }
  if (payment.status === 'refunded' || payment.status === 'voided') {
    // Refunded when what it paid for refused it (the reason is on the checkout), or by hand.
    return { result: 'rejected', checkout, message: checkout.message ?? `The payment was ${payment.status}`, reason: 'refunded' };
  }
  if (!PAID.has(payment.status)) {
    const message = payment.source?.message ?? `The payment is ${payment.status}`;
    if (checkout.status === 'initiated') await knex('card_checkouts').where({ id: checkout.id, status: 'initiated' }).update({ message });
    return { result: 'failed', checkout, message, reason: payment.source?.message ? gatewayCardReason(message) : 'not_paid' };
  }
  const settler = deps.settlers[checkout.purpose].settle;
  try {
    return await knex.transaction(async (trx) => {
      const locked = (await trx('card_checkouts').where({ id: checkout.id }).forUpdate().first<Checkout>())!;
      if (locked.status === 'paid') {
        if (locked.gateway_payment_id === payment.id) return { result: 'paid' as const, checkout: locked, replay: true };
        deps.logger.error({ checkout: locked.id, payment: payment.id, settledBy: locked.gateway_payment_id }, 'a second payment of a settled checkout');
        return { result: 'rejected' as const, checkout: locked, message: 'Refused: this checkout is paid by another payment', reason: 'paid_elsewhere' as const };
      }
      await settler(trx, locked, payment, deps.now);
      await trx('card_checkouts')
        .where({ id: locked.id })
        .update({ status: 'paid', gateway_payment_id: payment.id, message: payment.source?.message ?? null, settled_at: deps.now.toISOString() });
      return { result: 'paid' as const, checkout: { ...locked, status: 'paid' as const, gateway_payment_id: payment.id }, replay: false };
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // What it pays for refused it (an overpayment, say): the money goes back.
    deps.logger.warn({ checkout: checkout.id, payment: payment.id, code: err.code }, 'card payment refused by its settler; refunding');
    await gateway.refund(payment.id).catch((refundErr: Error) => deps.logger.error({ payment: payment.id, err: refundErr.message }, 'refund failed'));
    await knex('card_checkouts').where({ id: checkout.id, status: 'initiated' }).update({ message: `${err.message} (refunded)` });
    return { result: 'rejected', checkout, message: `${err.message} (refunded)`, reason: 'refunded' };
  }
}

/**
 * What the gateway has given back of a settled payment: refunded halalas (all of it once
 * voided). A refund made outside the app (the gateway's dashboard, a chargeback) reaches
 * us only this way, as the payment's event; its purpose takes back what the money bought.
 */
async function applyRefund(knex: Knex, deps: { settlers: Settlers; now: Date }, checkout: Checkout, payment: GatewayPayment): Promise<void> {
  const refunded = payment.status === 'voided' ? payment.amount : payment.refunded;
  if (refunded <= 0) return;
  await knex.transaction(async (trx) => {
    const locked = (await trx('card_checkouts').where({ id: checkout.id }).forUpdate().first<Checkout>())!;
    await deps.settlers[locked.purpose].refunded(trx, locked, payment, Math.min(refunded, payment.amount), deps.now);
  });
}
