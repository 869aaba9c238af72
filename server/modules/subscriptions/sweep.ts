/**
 * The subscription sweep, run by the server every hour (server/main.ts):
 * - a paid period or trial that has ended is written down as `expired`, so the user's
 *   synced copy changes too (readers and plan limits already treat it as free the moment
 *   it ends; this only catches the stored row up);
 * - a trial ending within TRIAL_ENDING_NOTICE_DAYS gets its one "trial ending"
 *   notification. A user has one trial in a lifetime, so one such
 *   notification per user is the marker that it was sent;
 * - a paid period ending within RENEWAL_NOTICE_DAYS, not cancelled, gets one reminder to
 *   renew (pay again on the pricing page: no card is kept to charge), marked by
 *   renewal_reminded_for = the period end it was sent for. Not renewed, the plan is free
 *   the moment the period ends, as above.
 * Rows another transaction holds are skipped and caught by the next run. Each is decided at
 * the app's `now` (shared/subscription-periods.ts's rules, by their SQL twins), so moving
 * the test clock and sweeping shows what those days bring.
 */
import type { Knex } from 'knex';
import type { PlanId } from '../../../shared/constants';
import { FREE_PLAN_ID } from '../../../shared/schemas/subscription';
import { recordChanges } from '../../db/changes';
import { noticeDueSql, runningSql } from '../../db/time-rules';
import { RENEWAL_NOTICE_DAYS, TRIAL_ENDING_NOTICE_DAYS } from '../../../shared/subscription-periods';
import { notify } from '../notifications/notify';
import { subscriptionPolicy } from './policy';

export async function sweepSubscriptions(knex: Knex, now: Date): Promise<{ expired: number; warned: number; reminded: number }> {
  return knex.transaction(async (trx) => {
    const ended: Array<{ user_id: string }> = await trx('subscriptions')
      .whereIn('user_id', (q) =>
        q
          .select('user_id')
          .from('subscriptions')
          .whereIn('status', ['active', 'trialing'])
          .whereNot(runningSql(trx, now))
          .forUpdate()
          .skipLocked(),
      )
      .update({ status: 'expired' })
      .returning('user_id');
    await recordChanges(
      trx,
      ended.map((s) => ({ entity: 'subscription' as const, id: s.user_id, audiences: subscriptionPolicy.audiences(s) })),
    );

    const ending: Array<{ user_id: string; plan: string; ends: Date }> = await trx('subscriptions as s')
      .join('subscription_plans as p', 'p.id', 's.plan_id')
      .where('s.status', 'trialing')
      .where(noticeDueSql(trx, 's.current_period_end', now, TRIAL_ENDING_NOTICE_DAYS))
      .whereNotExists((q) =>
        q.select(1).from('notifications as n').whereRaw('n.user_id = s.user_id').where('n.kind', 'subscription.trial_ending'),
      )
      .forUpdate('s')
      .skipLocked()
      .select('s.user_id', 'p.name as plan', 's.current_period_end as ends');
    for (const s of ending) {
      await notify(trx, {
        to: [s.user_id],
        kind: 'subscription.trial_ending',
        priority: 'high',
        params: { plan: s.plan, date: new Date(s.ends).toISOString().slice(0, 10) },
      });
    }

    const due: Array<{ user_id: string; plan: string; plan_id: string; ends: Date }> = await trx('subscriptions as s')
      .join('subscription_plans as p', 'p.id', 's.plan_id')
      .where('s.status', 'active')
      .whereNot('s.plan_id', FREE_PLAN_ID)
      .whereNull('s.cancelled_at')
      .where(noticeDueSql(trx, 's.current_period_end', now, RENEWAL_NOTICE_DAYS))
      .whereRaw('s.renewal_reminded_for is distinct from s.current_period_end')
      .forUpdate('s')
      .skipLocked()
      .select('s.user_id', 'p.name as plan', 'p.id as plan_id', 's.current_period_end as ends');
    for (const s of due) {
      await trx('subscriptions').where({ user_id: s.user_id }).update({ renewal_reminded_for: s.ends });
      await notify(trx, {
        to: [s.user_id],
        kind: 'subscription.renewal_due',
        priority: 'high',
        params: { plan: s.plan, plan_id: s.plan_id as PlanId, date: new Date(s.ends).toISOString().slice(0, 10) },
      });
    }
    return { expired: ended.length, warned: ending.length, reminded: due.length };
  });
}
