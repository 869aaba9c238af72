/**
 * Card payments through the gateway (server/modules/payments/gateway, card.ts):
 *
 * POST /api/invoices/{id}/pay {accept_exception?} (the buyer) -> {payment_url}: Moyasar's hosted page for what is left
 * GET  /api/payments/callback?checkout=&id=&status=&message= (the gateway's redirect) -> 303 to
 *      the page the payment began on, with ?card=paid | failed | refused and &reason=<code>
 *      (shared/card-reason.ts), or the gateway's &message= when no code names it
 * POST /api/payments/webhook (the gateway's event, with its secret_token) -> {received: true}
 */
import { z } from 'zod';

/**
 * POST /api/invoices/{id}/pay: accept_exception, as a transfer's (shared/schemas/payment.ts):
 * the buyer pays an invoice whose match reads exception knowingly; without it such a
 * start is refused with invoice_in_exception.
 */
export const cardPayStartSchema = z.strictObject({ accept_exception: z.literal(true).optional() });
export type CardPayStart = z.infer<typeof cardPayStartSchema>;

/** Where the payer goes to pay: the gateway's hosted page. */
export const paymentUrlSchema = z.object({ payment_url: z.url() });

/** What the gateway appends to our callback, and the checkout our URL names. */
export const cardCallbackQuerySchema = z.object({
  id: z.string().min(1).max(100),
  checkout: z.uuid().optional(),
  status: z.string().max(40).optional(),
  message: z.string().max(500).optional(),
});

/** Moyasar's webhook event; only `secret_token` and the payment's id are read (the payment is fetched back). */
export const cardWebhookSchema = z.looseObject({
  id: z.string().max(100).optional(),
  type: z.string().max(60),
  secret_token: z.string().max(500).optional(),
  data: z.looseObject({ id: z.string().min(1).max(100) }),
});

export const cardWebhookAnswerSchema = z.object({ received: z.literal(true) });

/** What the page the payer comes back to shows: ?card= */
export type CardResult = 'paid' | 'failed' | 'refused';
