/**
 * The subscription's writes. The free trial goes through the outbox (shown at once, sent
 * when online). Paying for a plan and cancelling it need the network: paying sends the
 * subscriber to the card gateway's page (the plan changes once the server has verified
 * the payment, and arrives with the feed), cancelling may refund through the gateway.
 */
import { useMemo } from 'react';
import type { BillingCycle, PaidPlanId } from '../../../shared/constants';
import type { CancelledSubscription } from '../../../shared/schemas/subscription';
import { cancelPlan, startPlanCheckout } from '../../data/api/subscriptions';
import { useLocalData } from '../../data/local/DataProvider';
import { useMutate } from '../../data/local/hooks';
import { rememberCheckout } from './PaymentResult';

export function useSubscriptionWrites() {
  const mutate = useMutate();
  const { db, engine } = useLocalData();
  return useMemo(
    () => ({
      startTrial: () => mutate('subscription.free_trial', {}),
      /** Asks for the plan's checkout and leaves for the gateway's payment page (periodEnd: the current period's end, to know the plan bought once back). */
      pay: async (planId: PaidPlanId, billingCycle: BillingCycle, periodEnd: string | null) => {
        const paymentUrl = await startPlanCheckout(planId, billingCycle);
        rememberCheckout(planId, periodEnd);
        window.location.assign(paymentUrl);
      },
      /** Cancels the running paid plan; the answer is stored at once and the feed is asked to pull. */
      cancel: async (userId: string): Promise<CancelledSubscription> => {
        const answer = await cancelPlan();
        const generation = (await db.getMeta<number>('generation')) ?? 0;
        await db.subscription.put({ id: userId, ...answer.subscription, _gen: generation });
        engine.schedule(0);
        return answer;
      },
    }),
    [mutate, db, engine],
  );
}
