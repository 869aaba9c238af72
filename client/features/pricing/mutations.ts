/** Subscribing and the one free trial, through the outbox (shown at once, sent when online). */
import { useMemo } from 'react';
import type { BillingCycle, PaidPlanId } from '../../../shared/constants';
import { useMutate } from '../../data/local/hooks';

export function useSubscriptionWrites() {
  const mutate = useMutate();
  return useMemo(
    () => ({
      subscribe: (planId: PaidPlanId, billingCycle: BillingCycle) => mutate('subscription.subscribe', { planId, billingCycle }),
      startTrial: () => mutate('subscription.free_trial', {}),
    }),
    [mutate],
  );
}
