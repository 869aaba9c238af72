/**
 * The upkeep the test clock runs at once when it moves (clock.ts testClockRouter), in this
 * order, as their timers would within the hour: tender openings and final awards, payment
 * reminders, ended plans and trial notices, expired instant orders, overdue disputes, tax records past their retention, scorecards a day old, CRs due at the register, then the tiers these and time earn.
 */
import type { Sweep } from '../clock';
import { expireAllOverdueOrders } from '../modules/instant-orders/expiry';
import { sweepOverdueDisputes } from '../modules/disputes/sweep';
import { sweepPaymentReminders } from '../modules/payments/reminders';
import { sweepTenders } from '../modules/projects/tender-sweep';
import { sweepSubscriptions } from '../modules/subscriptions/sweep';
import { sweepRetained } from '../modules/account/retention';
import { sweepCrChecks } from '../modules/commercial-register/service';
import { sweepReviewReleases } from '../modules/reviews/publish';
import { sweepScorecards } from '../modules/scorecards/sweep';
import { sweepTiers } from '../modules/tiers/sweep';

export const TEST_CLOCK_SWEEPS: readonly Sweep[] = [
  sweepTenders,
  sweepPaymentReminders,
  (knex, clock) => sweepSubscriptions(knex, clock.now()),
  (knex, clock) => expireAllOverdueOrders(knex, clock.now()),
  sweepOverdueDisputes,
  sweepReviewReleases,
  sweepRetained,
  (knex, clock, config) => sweepCrChecks(knex, config, clock),
  sweepScorecards,
  sweepTiers,
];
