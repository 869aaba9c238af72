import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstantOrderResponse } from '../../../shared/schemas/instant-order-response';
import { useFormat } from '../../i18n/format';
import { PendingBadge } from '../../ui/PendingBadge';
import { StatusBadge } from '../../ui/StatusBadge';
import { SubmittedBy } from '../../ui/SubmittedBy';
import { INSTANT_ORDER_OFFER_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gap: tokens.spacingVerticalXS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  price: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  notes: { margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** One offer: who (or "your offer"), price, delivery time, notes and its status. */
export function OfferRow({ offer, pending, title, children }: { offer: InstantOrderResponse; pending: boolean; title?: string; children?: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation(['orders', 'common']);
  const format = useFormat();
  const tier = offer.supplier_verification_tier !== 'unverified' ? t(`common:tiers.${offer.supplier_verification_tier}`, { defaultValue: '' }) : '';
  return (
    <div className={styles.row} data-testid="offer-row" data-id={offer.id} data-status={offer.status}>
      <div className={styles.head}>
        <Text weight="semibold">{title ?? <bdi>{offer.supplier_name ?? t('card.someone')}</bdi>}</Text>
        <span>
          <StatusBadge label={t(`offerStatus.${offer.status}`)} tone={INSTANT_ORDER_OFFER_TONE[offer.status]} status={offer.status} testId="offer-status" />{' '}
          {pending && <PendingBadge />}
        </span>
      </div>
      <Text className={styles.price} data-testid="offer-price">
        {format.sar(offer.offered_price)}
      </Text>
      {offer.exemption_reason_code && (
        <Text className={styles.muted} data-testid="offer-vat">
          {t(offer.vat_category === 'E' ? 'form.vat.exempt' : 'form.vat.zero', { reason: t(`form.vatReasons.${offer.exemption_reason_code}`, { defaultValue: offer.exemption_reason_code }) })}
        </Text>
      )}
      {offer.delivery_time_hours != null && (
        <Text className={styles.muted}>{t('offers.hours', { count: offer.delivery_time_hours })}</Text>
      )}
      {tier && <Text className={styles.muted}>{t('offers.tier', { tier })}</Text>}
      <SubmittedBy name={offer.created_by_name} />
      {offer.notes && (
        <p className={styles.notes}>
          <bdi>{offer.notes}</bdi>
        </p>
      )}
      {children && <div className={styles.actions}>{children}</div>}
    </div>
  );
}
