/**
 * The machines of an account's standing: its plan (a trial or a paid period runs until
 * its end, then the sweep expires it; paying starts a period again), its e-invoicing unit
 * with ZATCA (onboarded by the company, answered by ZATCA) and a quick sign-up request
 * (read by an admin).
 */
import type { Lifecycle } from '../lifecycle';

const SUBSCRIPTION_STATES = ['active', 'trialing', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATES)[number];

/** A plan's row: `active` is also the free plan, which never expires; a paid period comes back to active. */
export const subscriptionLifecycle: Lifecycle<SubscriptionStatus> = {
  states: SUBSCRIPTION_STATES,
  initial: 'active',
  terminal: [],
  transitions: [
    { from: ['active'], to: 'trialing', actor: 'owner', action: 'start_trial' },
    { from: ['trialing', 'expired'], to: 'active', actor: 'owner', action: 'subscribe' },
    { from: ['active', 'trialing'], to: 'expired', actor: 'system', action: 'expire' },
    // A refunded period that had begun ends the plan at once.
    { from: ['active'], to: 'expired', actor: 'system', action: 'refund' },
  ],
};

const EINVOICING_STATES = ['none', 'compliance', 'ready', 'failed'] as const;
export type EinvoicingState = (typeof EINVOICING_STATES)[number];

/**
 * none: never onboarded; compliance: onboarding under way (compliance certificate and
 * checks), claimed under the unit's lock (one claimed too long ago may be claimed again:
 * the service's); ready: the production certificate is in place, invoices can be issued;
 * failed: the last attempt failed, with ZATCA's messages, and can be tried again.
 */
export const einvoicingUnitLifecycle: Lifecycle<EinvoicingState> = {
  states: EINVOICING_STATES,
  initial: 'none',
  terminal: ['ready'],
  transitions: [
    { from: ['none', 'failed'], to: 'compliance', actor: 'owner', action: 'onboard' },
    { from: ['compliance'], to: 'ready', actor: 'system', action: 'onboarded' },
    { from: ['compliance'], to: 'failed', actor: 'system', action: 'refused' },
  ],
};

const REGISTRATION_STATES = ['new', 'reviewed'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATES)[number];

/** An admin reads a request and marks it reviewed (no screen offers the mark yet: the list shows them all). */
export const registrationLifecycle = {
  states: REGISTRATION_STATES,
  initial: 'new',
  terminal: ['reviewed'],
  transitions: [{ from: ['new'], to: 'reviewed', actor: 'admin', action: 'review' }],
} as const satisfies Lifecycle<RegistrationStatus, 'admin'>;
