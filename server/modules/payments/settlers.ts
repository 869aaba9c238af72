/**
 * What a verified card payment pays for, per checkout purpose: an invoice's balance
 * (payments/card.ts) or a plan's period (subscriptions/billing.ts); and what a refund of
 * it the gateway reports later takes back (the payment's row, or the plan's period).
 * gateway/checkout.ts runs the ones its checkout names, with the checkout locked.
 */
import { settlePlanPayment } from '../subscriptions/billing';
import { planRefunded } from '../subscriptions/refunds';
import { invoiceRefunded, settleInvoice } from './card';
import type { Settlers } from './gateway/checkout';

export const SETTLERS: Settlers = {
  invoice: { settle: settleInvoice, refunded: invoiceRefunded },
  plan: { settle: settlePlanPayment, refunded: planRefunded },
};
