/** Local effect of starting the free trial (see types.ts): the caller's subscription on the trial's plan. */
import { FREE_TRIAL_PLAN } from '../../../shared/constants';
import { trialEnd } from '../../../shared/subscription-periods';
import { FREE_PLAN_ID, subscriptionWithoutRow } from '../../../shared/schemas/subscription';
import { rowKey, type EffectContext, type RowKey } from '../db/schema';
import { getRow, setRow, type EffectTable, type Row, type RowMap } from './types';

/** The caller's subscription row, or what having none means (the free plan), from the rows of its keys. */
function subscriptionOf(rows: RowMap, ctx: EffectContext): Row<'subscription'> | null {
  const row = getRow(rows, 'subscription', ctx.user_id);
  if (row) return row;
  const free = getRow(rows, 'plan', FREE_PLAN_ID);
  return free ? { id: ctx.user_id, ...subscriptionWithoutRow(free) } : null;
}

export const subscriptionEffects: Pick<EffectTable, 'subscription.free_trial'> = {
  'subscription.free_trial': {
    keys: async (_args, _read, ctx) => [rowKey('subscription', ctx.user_id), rowKey('plan', FREE_TRIAL_PLAN), rowKey('plan', FREE_PLAN_ID)] as RowKey[],
    apply(_args, rows, ctx) {
      const current = subscriptionOf(rows, ctx);
      const plan = getRow(rows, 'plan', FREE_TRIAL_PLAN);
      if (!current || !plan || current.free_trial_used) return;
      // The trial is the subscription's period: both end together, as the server stores them.
      const ends = trialEnd(ctx.now).toISOString();
      setRow(rows, 'subscription', {
        ...current,
        subscription_plan: FREE_TRIAL_PLAN,
        billing_cycle: null,
        status: 'trialing',
        free_trial_used: true,
        trial_ends_at: ends,
        current_period_end: ends,
        plan,
      });
    },
  },
};
