/**
 * What a verified card payment pays for, per checkout purpose: an invoice's balance
 * (payments/card.ts) or a plan's period (subscriptions/billing.ts). gateway/checkout.ts
 * runs the one its checkout names, with the checkout locked, once.
 */
import { settlePlanPayment } from '../subscriptions/billing';
import { settleInvoice } from './card';
import type { Settlers } from './gateway/checkout';

export const SETTLERS: Settlers = { invoice: settleInvoice, plan: settlePlanPayment };
