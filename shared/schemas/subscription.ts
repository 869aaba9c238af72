/**
 * Subscriptions: the plans (reference data), a user's subscription and usage, and the
 * subscribe body. Limits of 999 mean unlimited (UNLIMITED in shared/constants.ts).
 */
import { z } from 'zod';
import { BILLING_CYCLES, PAID_PLAN_IDS, PLAN_IDS, type MemberRole, type PlanId } from '../constants';
import { timestampSchema } from './common';
import { subscriptionLifecycle } from '../lifecycles/accounts';

const planIdSchema = z.enum(PLAN_IDS);
const paidPlanIdSchema = z.enum(PAID_PLAN_IDS);
const billingCycleSchema = z.enum(BILLING_CYCLES);
const subscriptionStatusSchema = z.enum(subscriptionLifecycle.states);

/** GET /api/subscription/plans. features are i18n keys (plan_feature.*). */
export const subscriptionPlanSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  price_monthly: z.number(),
  price_yearly: z.number(),
  features: z.array(z.string()),
  max_products: z.number().int(),
  max_instant_orders: z.number().int(),
  priority_support: z.boolean(),
  sort: z.number().int(),
  /** What yearly billing saves against twelve months, in whole percent (17; 0 for free). */
  yearly_saving_percent: z.number().int().min(0).max(100),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

/**
 * GET /api/subscription/my. subscription_plan is the plan id. cancelled_at: the running
 * paid plan was cancelled and will not renew (it runs to current_period_end).
 * refundable_until: until when cancelling refunds the last payment (REFUND_WINDOW_DAYS
 * after it), null when nothing paid is refundable.
 */
export const userSubscriptionSchema = z.object({
  subscription_plan: planIdSchema,
  billing_cycle: billingCycleSchema.nullable(),
  status: subscriptionStatusSchema,
  current_period_end: timestampSchema.nullable(),
  free_trial_used: z.boolean(),
  trial_ends_at: timestampSchema.nullable(),
  cancelled_at: timestampSchema.nullable(),
  refundable_until: timestampSchema.nullable(),
  plan: subscriptionPlanSchema,
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;

/** The plan of a user with no subscription row, or whose paid period or trial has ended. */
export const FREE_PLAN_ID = 'free' satisfies PlanId;

/**
 * A user without a subscription row is on the free plan, active, the trial unused: the
 * server creates the row only at the first subscribe or trial. GET /api/subscription/my
 * answers this, and the client reads this while its store holds no row.
 */
export function subscriptionWithoutRow(freePlan: SubscriptionPlan): UserSubscription {
  return {
    subscription_plan: FREE_PLAN_ID,
    billing_cycle: null,
    status: 'active',
    current_period_end: null,
    free_trial_used: false,
    trial_ends_at: null,
    cancelled_at: null,
    refundable_until: null,
    plan: freePlan,
  };
}

/**
 * GET /api/subscription/usage: what the user has, next to what their current plan allows
 * (999 = unlimited). products_count and instant_orders_count count what the limits count:
 * live products and active instant orders.
 */
export const usageSchema = z.object({
  products_count: z.number().int().min(0),
  projects_count: z.number().int().min(0),
  instant_orders_count: z.number().int().min(0),
  plan_id: planIdSchema,
  max_products: z.number().int(),
  max_instant_orders: z.number().int(),
});
export type Usage = z.infer<typeof usageSchema>;

/**
 * POST /api/subscription/subscribe: `planId` in camelCase, as the published API names it.
 * It answers where to pay (shared/schemas/card.ts paymentUrlSchema); the plan changes
 * only once the payment is verified.
 */
export const subscribeSchema = z.strictObject({
  planId: paidPlanIdSchema,
  billingCycle: billingCycleSchema,
});
export type Subscribe = z.infer<typeof subscribeSchema>;

/** POST /api/subscription/cancel takes no fields. */
export const cancelSubscriptionSchema = z.strictObject({});

/**
 * POST /api/subscription/cancel's answer: refunded is the amount returned to the card in
 * SAR (cancelled within the refund window: the plan is free at once), or null (the plan
 * runs to its period's end and does not renew).
 */
export const cancelledSubscriptionSchema = z.object({
  refunded: z.number().nullable(),
  subscription: userSubscriptionSchema,
});
export type CancelledSubscription = z.infer<typeof cancelledSubscriptionSchema>;

/** POST /api/subscription/free-trial takes no fields. */
export const freeTrialSchema = z.strictObject({});

/**
 * Whether a person manages their account's plan (subscribes, cancels and so refunds, starts
 * the trial): a company's owner, as for its tax profile and e-invoicing, not its members or
 * drivers; an account in no company (an admin's) manages its own. The server refuses by it,
 * the pricing page shows the buttons by it.
 */
export const managesBilling = (memberRole: MemberRole | null | undefined): boolean => !memberRole || memberRole === 'owner';
