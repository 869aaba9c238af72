/**
 * The plan's two writes that need the network, so they skip the outbox: paying for a plan
 * (the card gateway's page) and cancelling it (which may refund through the gateway).
 * Both answers are parsed with the schemas the server's routes declare.
 */
import type { BillingCycle, PaidPlanId } from '../../../shared/constants';
import { paymentUrlSchema } from '../../../shared/schemas/card';
import { cancelledSubscriptionSchema, type CancelledSubscription, type Subscribe } from '../../../shared/schemas/subscription';
import { api } from './client';

/** Where the subscriber pays for the plan (the gateway's page). */
export async function startPlanCheckout(planId: PaidPlanId, billingCycle: BillingCycle): Promise<string> {
  const body: Subscribe = { planId, billingCycle };
  return paymentUrlSchema.parse((await api.post<unknown>('/api/subscription/subscribe', body)).data).payment_url;
}

/** Cancels the running paid plan: refunded within the refund window, else it runs to its period's end. */
export async function cancelPlan(): Promise<CancelledSubscription> {
  return cancelledSubscriptionSchema.parse((await api.post<unknown>('/api/subscription/cancel', {})).data);
}
