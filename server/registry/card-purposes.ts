/**
 * What a verified card payment pays for, per checkout purpose: an invoice's balance
 * (payments/card.ts) or a plan's period (subscriptions/billing.ts); what a refund of it
 * the gateway reports later takes back (the payment's row, or the plan's period); and
 * what follows the commit (a plan's tax invoice). The card gateway runs the ones its
 * checkout names; put together here, at the composition root, so the gateway imports no
 * module that sells something and payments and subscriptions do not import each other.
 */
import type { Settlers } from '../modules/card-gateway/checkout';
import { invoiceRefunded, settleInvoice } from '../modules/payments/card';
import { settlePlanPayment } from '../modules/subscriptions/billing';
import { catchUpPlanPayment } from '../modules/invoices/plan-invoices';
import { planRefunded } from '../modules/subscriptions/refunds';

export const CARD_PURPOSES: Settlers = {
  invoice: { settle: settleInvoice, refunded: invoiceRefunded },
  plan: { settle: settlePlanPayment, refunded: planRefunded, afterPaid: catchUpPlanPayment },
};
