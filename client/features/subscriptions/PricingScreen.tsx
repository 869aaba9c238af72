/**
 * /pricing: the monthly/yearly toggle with the yearly saving, the four
 * plan cards with their features, the current plan with usage against its limits (999 =
 * unlimited), paying for a plan (or renewing it) on the card gateway's page, cancelling it
 * (refunded within REFUND_WINDOW_DAYS of paying), the 14-day free trial offered once, and
 * a comparison table. Back from the gateway, the page says how the payment went
 * (PaymentResult).
 */
import {
  Badge,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  ProgressBar,
  Tab,
  TabList,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkRegular, DismissRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { FREE_TRIAL_DAYS, REFUND_WINDOW_DAYS, UNLIMITED, YEARLY_SAVING_PERCENT, type BillingCycle, type PaidPlanId } from '../../../shared/constants';
import { FREE_PLAN_ID, managesBilling, type SubscriptionPlan, type UserSubscription } from '../../../shared/schemas/subscription';
import { VAT_RATE } from '../../../shared/vat';
import { ApiError } from '../../data/api';
import { useOnline } from '../../ui/useOnline';
import { PATHS } from '../../paths';
import { PaymentResult } from './PaymentResult';
import { TierRules } from './TierRules';
import { ComponentErrorBoundary } from '../../ui/ErrorBox';
import { useIsPending } from '../../data/local/hooks';
import { useSession } from '../../data/session';
import { useFormat } from '../../i18n/format';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { PendingBadge } from '../../ui/PendingBadge';
import { useSubscriptionWrites } from './mutations';
import { subscriptionKey, usePlanInvoice, usePlans, useSubscription, useUsage } from './queries';
import { usageRowsOf } from './usage';
import { Identifier } from '../../ui/Identifier';
import { accountIdOf } from '../../../shared/schemas/user';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalXL, gridTemplateColumns: 'minmax(0, 1fr)' },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  h2: { margin: `0 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase400 },
  muted: { color: tokens.colorNeutralForeground2 },
  current: { display: 'grid', gap: tokens.spacingVerticalM },
  usage: { display: 'grid', gap: tokens.spacingVerticalXS },
  usageRow: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  cards: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))' },
  card: { display: 'grid', gap: tokens.spacingVerticalS, alignContent: 'start' },
  currentCard: { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: tokens.colorBrandStroke1 },
  price: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightBold, lineHeight: tokens.lineHeightHero700, color: tokens.colorBrandForeground1 },
  features: { display: 'grid', gap: tokens.spacingVerticalXS, margin: 0, paddingInlineStart: 0, listStyleType: 'none' },
  feature: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'flex-start' },
  check: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0, marginBlockStart: '2px' },
  tableWrap: { overflowX: 'auto' },
  table: { inlineSize: '100%', borderCollapse: 'collapse', minInlineSize: '560px' },
  th: { textAlign: 'start', padding: tokens.spacingHorizontalS, borderBlockEndWidth: '1px', borderBlockEndStyle: 'solid', borderBlockEndColor: tokens.colorNeutralStroke2 },
  td: { padding: tokens.spacingHorizontalS, borderBlockEndWidth: '1px', borderBlockEndStyle: 'solid', borderBlockEndColor: tokens.colorNeutralStroke2 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

export function PricingScreen() {
  const styles = useStyles();
  const { t } = useTranslation('pricing');
  const format = useFormat();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div className={styles.head}>
        <div>
          <h1 id="screen-title" className={styles.title}>
            {t('title')}
          </h1>
          <Text className={styles.muted}>{t('intro')}</Text>
          <Text as="p" className={styles.muted} data-testid="pricing-terms">
            {t('terms', { vat: format.number(VAT_RATE * 100), count: REFUND_WINDOW_DAYS })}
          </Text>
        </div>
        <TabList selectedValue={cycle} onTabSelect={(_, d) => setCycle(d.value as BillingCycle)} aria-label={t('cycle.label')} data-testid="cycle-toggle">
          <Tab value="monthly" data-testid="cycle-monthly">
            {t('cycle.monthly')}
          </Tab>
          <Tab value="yearly" data-testid="cycle-yearly">
            {t('cycle.yearly', { percent: format.number(YEARLY_SAVING_PERCENT) })}
          </Tab>
        </TabList>
      </div>
      <ComponentErrorBoundary>
        <PricingBody cycle={cycle} />
      </ComponentErrorBoundary>
      <TierRules />
    </section>
  );
}

function PricingBody({ cycle }: { cycle: BillingCycle }) {
  const styles = useStyles();
  const { t } = useTranslation('pricing');
  const format = useFormat();
  const { session } = useSession();
  const me = session.status === 'signedIn' ? accountIdOf(session.user) : '';
  const plans = usePlans();
  const subscription = useSubscription();
  const planInvoice = usePlanInvoice(me);
  const usage = useUsage(me);
  const usageRows = usageRowsOf(session.status === 'signedIn' ? session.profile?.role : undefined);
  const writes = useSubscriptionWrites();
  const pending = useIsPending(subscriptionKey(me));
  const online = useOnline();
  const [confirm, setConfirm] = useState<SubscriptionPlan | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (plans === undefined || subscription === undefined) return <ListSkeleton label={t('loading')} rows={2} />;
  if (plans.length === 0 || !subscription) return <EmptyState title={t('empty.title')} body={t('empty.body')} />;

  const currentId = subscription.subscription_plan;
  const current = plans.find((p) => p.id === currentId) ?? plans[0];
  const trialOffered = currentId === FREE_PLAN_ID && !subscription.free_trial_used;
  const limit = (n: number) => (n >= UNLIMITED ? t('unlimited') : format.number(n));
  const priceOf = (p: SubscriptionPlan) =>
    p.price_monthly === 0 ? t('free') : cycle === 'monthly' ? t('perMonth', { price: format.sar(p.price_monthly) }) : t('perYear', { price: format.sar(p.price_yearly) });
  const paidRunning = subscription.status === 'active' && currentId !== FREE_PLAN_ID;
  // Billing is the company owner's (the server refuses anyone else): a member sees the plan, not its buttons.
  const canBill = session.status === 'signedIn' && managesBilling(session.user.member_role);
  const failed = (err: unknown) => setFailure(err instanceof ApiError ? err.message : t('offline'));
  const pay = async (plan: SubscriptionPlan) => {
    setBusy(true);
    setFailure(null);
    try {
      await writes.pay(plan.id as PaidPlanId, cycle, subscription.current_period_end);
    } catch (err) {
      failed(err);
      setBusy(false);
    }
  };
  const cancel = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await writes.cancel(me);
      setCancelling(false);
      setNotice(answer.refunded === null ? t('cancel.done', { date: format.date(answer.subscription.current_period_end ?? '') }) : t('cancel.refunded', { amount: format.sar(answer.refunded) }));
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PaymentResult subscription={subscription} />
      {notice && (
        <MessageBar layout="multiline" intent="success" role="status" data-testid="pricing-notice">
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      )}
      <Card className={styles.current} data-testid="current-plan">
        <div className={styles.head}>
          <Text as="h2" weight="semibold" size={400}>
            {t('current.title', { plan: t(`plans.${current.id}`) })}
          </Text>
          <div>
            {subscription?.status === 'trialing' && <Badge color="informative">{t('current.trialing')}</Badge>} {pending && <PendingBadge />}
          </div>
        </div>
        {subscription?.status === 'trialing' && subscription.trial_ends_at && <Text className={styles.muted}>{t('current.trialEnds', { date: format.date(subscription.trial_ends_at) })}</Text>}
        {paidRunning && subscription.current_period_end && (
          <Text className={styles.muted} data-testid="period">
            {subscription.cancelled_at
              ? t('current.cancelled', { date: format.date(subscription.current_period_end) })
              : t('current.paidUntil', { date: format.date(subscription.current_period_end), cycle: t(`cycle.${subscription.billing_cycle ?? 'monthly'}`, { percent: format.number(YEARLY_SAVING_PERCENT) }) })}
          </Text>
        )}
        {usage && (
          <>
            {usageRows.includes('products') && <UsageRow label={t('usage.products')} used={usage.products} max={current.max_products} testId="usage-products" />}
            {usageRows.includes('instantOrders') && (
              <UsageRow label={t('usage.instantOrders')} used={usage.instantOrders} max={current.max_instant_orders} testId="usage-orders" />
            )}
          </>
        )}
        {planInvoice && (
          <Text data-testid="plan-invoice">
            <RouterLink to={`${PATHS.invoices}/${planInvoice.id}`} data-testid="plan-invoice-link">
              {t('current.invoice')} <Identifier>{planInvoice.number}</Identifier>
            </RouterLink>
          </Text>
        )}
        {!canBill && (
          <Text className={styles.muted} data-testid="billing-owner-only">
            {t('ownerOnly')}
          </Text>
        )}
        {canBill && paidRunning && !subscription.cancelled_at && (
          <div>
            <Button onClick={() => setCancelling(true)} disabled={!online} data-testid="cancel-plan">
              {t('cancel.action')}
            </Button>
          </div>
        )}
      </Card>
      {canBill && trialOffered && (
        <MessageBar intent="info" layout="multiline" data-testid="trial-offer">
          <MessageBarBody>
            <MessageBarTitle>{t('trial.title', { count: FREE_TRIAL_DAYS })}</MessageBarTitle>
            {t('trial.body', { count: FREE_TRIAL_DAYS, plan: t('plans.basic') })}
          </MessageBarBody>
          <MessageBarActions>
            <Button
              appearance="primary"
              onClick={() => void writes.startTrial().then(() => setNotice(t('trial.started')))}
              data-testid="start-trial"
            >
              {t('trial.start')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <section aria-labelledby="plans-title">
        <h2 id="plans-title" className={styles.h2}>
          {t('plansTitle')}
        </h2>
        <div className={styles.cards}>
          {plans.map((p) => {
            const isCurrent = p.id === currentId;
            return (
              <Card key={p.id} className={mergeClasses(styles.card, isCurrent && styles.currentCard)} data-testid={`plan-${p.id}`}>
                <div className={styles.head}>
                  <Text as="h3" weight="semibold" size={500}>
                    {t(`plans.${p.id}`)}
                  </Text>
                  {isCurrent && (
                    <Badge color="brand" data-testid="current-badge">
                      {t('currentBadge')}
                    </Badge>
                  )}
                </div>
                <span className={styles.price} data-testid="plan-price">
                  {priceOf(p)}
                </span>
                {cycle === 'yearly' && p.price_yearly > 0 && (
                  <Text className={styles.muted}>
                    {t('yearlyEquivalent', { price: format.sar(Math.round(p.price_yearly / 12)), percent: format.number(p.yearly_saving_percent) })}
                  </Text>
                )}
                <ul className={styles.features}>
                  {p.features.map((f) => (
                    <li key={f} className={styles.feature}>
                      <CheckmarkRegular className={styles.check} aria-hidden />
                      <Text>{t(`features.${f.replace(/^plan_feature\./, '')}`, { defaultValue: f })}</Text>
                    </li>
                  ))}
                </ul>
                {canBill && p.id !== 'free' && (!isCurrent || paidRunning) && (
                  <Button appearance={isCurrent ? 'secondary' : 'primary'} onClick={() => setConfirm(p)} disabled={!online} data-testid="subscribe">
                    {isCurrent ? t('renew') : t('subscribe')}
                  </Button>
                )}
              </Card>
            );
          })}
        </div>
      </section>
      <section aria-labelledby="compare-title">
        <h2 id="compare-title" className={styles.h2}>
          {t('compare.title')}
        </h2>
        {/* Focusable so a keyboard can scroll it; a group, since the section around it is already the region of that name. */}
        <div className={styles.tableWrap} tabIndex={0} role="group" aria-labelledby="compare-title">
          <table className={styles.table} data-testid="comparison">
            <thead>
              <tr>
                <th className={styles.th} scope="col">
                  {t('compare.feature')}
                </th>
                {plans.map((p) => (
                  <th key={p.id} className={styles.th} scope="col">
                    {t(`plans.${p.id}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <CompareRow label={t('compare.monthly')} cells={plans.map((p) => (p.price_monthly ? format.sar(p.price_monthly) : t('free')))} />
              <CompareRow label={t('compare.yearly')} cells={plans.map((p) => (p.price_yearly ? format.sar(p.price_yearly) : t('free')))} />
              <CompareRow label={t('compare.products')} cells={plans.map((p) => limit(p.max_products))} />
              <CompareRow label={t('compare.instantOrders')} cells={plans.map((p) => limit(p.max_instant_orders))} />
              <CompareRow label={t('compare.prioritySupport')} cells={plans.map((p) => <YesNo key={p.id} value={p.priority_support} />)} />
              <CompareRow label={t('compare.featured')} cells={plans.map((p) => <YesNo key={p.id} value={p.features.includes('plan_feature.featured_listing')} />)} />
              <CompareRow label={t('compare.analytics')} cells={plans.map((p) => <YesNo key={p.id} value={p.features.includes('plan_feature.analytics')} />)} />
              <CompareRow label={t('compare.manager')} cells={plans.map((p) => <YesNo key={p.id} value={p.features.includes('plan_feature.dedicated_manager')} />)} />
            </tbody>
          </table>
        </div>
      </section>
      <Dialog open={confirm !== null} onOpenChange={(_, d) => !d.open && !busy && (setConfirm(null), setFailure(null))}>
        <DialogSurface>
          {confirm && (
            <DialogBody>
              <DialogTitle>{t('confirm.title', { plan: t(`plans.${confirm.id}`) })}</DialogTitle>
              <DialogContent>
                <Text as="p">{t(confirm.id === currentId && paidRunning ? 'confirm.renewBody' : 'confirm.body', { plan: t(`plans.${confirm.id}`), price: priceOf(confirm) })}</Text>
                {paidRunning && confirm.id !== currentId && (
                  <Text as="p" className={styles.muted} data-testid="switch-note">
                    {t('confirm.switch', { current: t(`plans.${currentId}`), plan: t(`plans.${confirm.id}`) })}
                  </Text>
                )}
                <Text as="p" className={styles.muted}>
                  {t('confirm.refund', { count: REFUND_WINDOW_DAYS })}
                </Text>
                {failure && (
                  <MessageBar layout="multiline" intent="error" data-testid="pay-error">
                    <MessageBarBody>{failure}</MessageBarBody>
                  </MessageBar>
                )}
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setConfirm(null)} disabled={busy}>
                  {t('confirm.cancel')}
                </Button>
                <Button appearance="primary" data-testid="confirm-subscribe" disabled={busy || !online} onClick={() => void pay(confirm)}>
                  {busy ? t('confirm.leaving') : t('confirm.ok')}
                </Button>
              </DialogActions>
            </DialogBody>
          )}
        </DialogSurface>
      </Dialog>
      <Dialog open={cancelling} onOpenChange={(_, d) => !d.open && !busy && (setCancelling(false), setFailure(null))}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('cancel.title', { plan: t(`plans.${currentId}`) })}</DialogTitle>
            <DialogContent>
              <CancelBody subscription={subscription} />
              {failure && (
                <MessageBar layout="multiline" intent="error" data-testid="cancel-error">
                  <MessageBarBody>{failure}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setCancelling(false)} disabled={busy}>
                {t('cancel.keep')}
              </Button>
              <Button appearance="primary" data-testid="confirm-cancel" disabled={busy || !online} onClick={() => void cancel()}>
                {t('cancel.confirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}

/** What cancelling will do: refund now (within the window of the last payment) or run to the period's end. */
function CancelBody({ subscription }: { subscription: UserSubscription }) {
  const { t } = useTranslation('pricing');
  const format = useFormat();
  const refundable = subscription.refundable_until !== null && Date.parse(subscription.refundable_until) > Date.now();
  const price = subscription.billing_cycle === 'yearly' ? subscription.plan.price_yearly : subscription.plan.price_monthly;
  return (
    <Text as="p" data-testid="cancel-body">
      {refundable
        ? t('cancel.refundBody', { amount: format.sar(price), count: REFUND_WINDOW_DAYS })
        : t('cancel.body', { date: format.date(subscription.current_period_end ?? '') })}
    </Text>
  );
}

function UsageRow({ label, used, max, testId }: { label: string; used: number; max: number; testId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('pricing');
  const format = useFormat();
  const unlimited = max >= UNLIMITED;
  return (
    <div className={styles.usage} data-testid={testId}>
      <div className={styles.usageRow}>
        <Text>{label}</Text>
        <Text data-testid="usage-value">{unlimited ? t('usage.unlimited', { used: format.number(used) }) : t('usage.of', { used: format.number(used), max: format.number(max) })}</Text>
      </div>
      {!unlimited && <ProgressBar value={Math.min(used / Math.max(max, 1), 1)} color={used >= max ? 'error' : 'brand'} aria-label={label} thickness="large" />}
    </div>
  );
}

function CompareRow({ label, cells }: { label: string; cells: React.ReactNode[] }) {
  const styles = useStyles();
  return (
    <tr>
      <th className={styles.th} scope="row">
        {label}
      </th>
      {cells.map((c, i) => (
        <td key={i} className={styles.td}>
          {c}
        </td>
      ))}
    </tr>
  );
}

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation('pricing');
  const styles = useStyles();
  return value ? <CheckmarkRegular role="img" className={styles.check} aria-label={t("compare.yes")} /> : <DismissRegular role="img" aria-label={t("compare.no")} />;
}
