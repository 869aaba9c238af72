/**
 * Back on /pricing from the card gateway: what the server's callback said of the payment
 * (?card=paid | failed | refused&reason=, useCardResult). Paid: the plan is active, once the feed has brought the
 * subscription the server changed (the plan asked for, its period moved on from what it
 * was when the subscriber left: rememberCheckout); until then "being activated". Not
 * paid (failed: the card was declined; refused: the payment did not match what was asked,
 * and any money taken goes back): the plan is unchanged, with the reason in the reader's language.
 * Dismissing it drops the parameters.
 */
import { MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Button, Spinner } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { FREE_PLAN_ID, type UserSubscription } from '../../../shared/schemas/subscription';
import { useCardResult } from '../../ui/useCardResult';
import type { TAB_ITEMS } from '../../data/session/personalData';

export function PaymentResult({ subscription }: { subscription: UserSubscription }) {
  const { t } = useTranslation('pricing');
  const { result, reason, dismiss: drop } = useCardResult();
  if (!result) return null;
  const dismiss = <MessageBarActions containerAction={<Button appearance="transparent" icon={<DismissRegular />} aria-label={t('result.dismiss')} onClick={drop} />} />;
  if (result !== 'paid') {
    return (
      <MessageBar intent="error" layout="multiline" data-testid="payment-result" data-result={result}>
        <MessageBarBody>
          <MessageBarTitle>{t('result.failedTitle')}</MessageBarTitle>
          {reason ? t(`result.${result}Reason`, { reason }) : t(`result.${result}`)}
        </MessageBarBody>
        {dismiss}
      </MessageBar>
    );
  }
  const asked = askedCheckout();
  const active =
    subscription.status === 'active' &&
    (asked ? subscription.subscription_plan === asked.plan && subscription.current_period_end !== asked.period_end : subscription.subscription_plan !== FREE_PLAN_ID);
  return (
    <MessageBar intent={active ? 'success' : 'info'} layout="multiline" data-testid="payment-result" data-result={active ? 'paid' : 'activating'}>
      <MessageBarBody>
        <MessageBarTitle>{t('result.paidTitle')}</MessageBarTitle>
        {active ? t('result.paid', { plan: t(`plans.${subscription.subscription_plan}`) }) : t('result.activating')}
      </MessageBarBody>
      {active ? dismiss : <Spinner size="tiny" aria-hidden />}
    </MessageBar>
  );
}

const CHECKOUT_KEY: (typeof TAB_ITEMS)[number] = 'binaa.plan-checkout';

/** Remembers, for this tab, the plan the subscriber leaves to pay for and the period end they leave with. */
export function rememberCheckout(plan: string, periodEnd: string | null): void {
  try {
    sessionStorage.setItem(CHECKOUT_KEY, JSON.stringify({ plan, period_end: periodEnd }));
  } catch {
    // storage refused (private mode): the result then reads any paid plan as the one bought
  }
}

function askedCheckout(): { plan: string; period_end: string | null } | null {
  try {
    const raw = sessionStorage.getItem(CHECKOUT_KEY);
    return raw ? (JSON.parse(raw) as { plan: string; period_end: string | null }) : null;
  } catch {
    return null;
  }
}
