import { Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { InstantOrder } from '../../../shared/schemas/instant-order';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { Facts, type Fact } from '../../ui/Facts';
import { ItemCard } from '../../ui/ItemCard';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusalNote } from '../../ui/RefusalNote';
import { StatusBadge } from '../../ui/StatusBadge';
import { orderKey } from './queries';
import { orderStatusAt } from './status';
import { INSTANT_ORDER_TONE, URGENCY_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  description: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6', whiteSpace: 'pre-line' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The budget range as the order gives it: both ends, one end, or none. */
function useBudgetText() {
  const { t } = useTranslation('orders');
  const format = useFormat();
  return (min: number | null, max: number | null): string | null => {
    if (min != null && max != null) return min === max ? format.sar(min) : t('card.budgetRange', { min: format.sar(min), max: format.sar(max) });
    if (min != null) return t('card.budgetFrom', { min: format.sar(min) });
    if (max != null) return t('card.budgetUpTo', { max: format.sar(max) });
    return null;
  };
}

/** One instant order: what, how much, where, by when, its status and urgency; actions below. `siteName`: the contractor's site it buys for, when known on the device. */
export function OrderCard({ order, now, pending, siteName, children }: { order: InstantOrder; now: number; pending: boolean; siteName?: string; children?: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation('orders');
  const format = useFormat();
  const budgetText = useBudgetText();
  const status = orderStatusAt(order, now);
  const budget = budgetText(order.budget_range_min, order.budget_range_max);

  const facts: Fact[] = [
    { term: t('card.quantity'), value: t('card.quantityValue', { quantity: format.number(order.quantity), unit: order.unit }), testId: 'order-quantity' },
    { term: t('card.location'), value: <bdi>{order.location}</bdi> },
  ];
  if (order.site_id && siteName) facts.push({ term: t('card.site'), value: <RouterLink to={`${PATHS.sites}/${order.site_id}`}><bdi>{siteName}</bdi></RouterLink>, testId: 'order-site' });
  if (budget) facts.push({ term: t('card.budget'), value: budget, testId: 'order-budget' });
  if (order.delivery_deadline) facts.push({ term: t('card.deadline'), value: format.dateTime(order.delivery_deadline) });
  // When it stops taking offers matters only while it takes them, or to say when it stopped.
  if (status === 'active' || status === 'expired') {
    facts.push({ term: status === 'expired' ? t('card.expiredOn') : t('card.expires'), value: format.dateTime(order.expires_at) });
  }
  facts.push({ term: t('card.offers'), value: format.number(order.response_count), testId: 'order-offer-count' });

  return (
    <ItemCard
      testId="order-card"
      id={order.id}
      heading={<bdi>{order.title}</bdi>}
      badges={
        <>
          <StatusBadge label={t(`status.${status}`)} tone={INSTANT_ORDER_TONE[status]} status={status} testId="order-status" />
          <StatusBadge label={t(`urgency.${order.urgency_level}`)} tone={URGENCY_TONE[order.urgency_level]} status={order.urgency_level} testId="order-urgency" />
          {pending && <PendingBadge />}
        </>
      }
    >
      <p className={styles.description}>
        <bdi>{order.description}</bdi>
      </p>
      <Facts facts={facts} />
      <Caption1 className={styles.muted}>
        {t('card.postedBy', { name: order.contractor_name ?? t('card.someone'), date: format.date(order.created_at) })}
      </Caption1>
      <RefusalNote rowKey={orderKey(order.id)} />
      {children}
    </ItemCard>
  );
}

/** A line of muted text under a card (why no action is offered). */
export function Note({ children, testId }: { children: ReactNode; testId?: string }) {
  const styles = useStyles();
  return (
    <Text className={styles.muted} data-testid={testId}>
      {children}
    </Text>
  );
}
