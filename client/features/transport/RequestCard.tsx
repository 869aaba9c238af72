import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransportRequest } from '../../../shared/schemas/transport-request';
import { useFormat } from '../../i18n/format';
import { Facts, type Fact } from '../../ui/Facts';
import { ItemCard } from '../../ui/ItemCard';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusalNote } from '../../ui/RefusalNote';
import { StatusBadge } from '../../ui/StatusBadge';
import { requestKey } from './queries';
import { TRANSPORT_REQUEST_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  cargo: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6', whiteSpace: 'pre-line' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** A vehicle type: translated when it is one of ours, as typed otherwise. */
function useVehicleText() {
  const { t } = useTranslation('transport');
  return (value: string) => t(`vehicles.${value}`, { defaultValue: value });
}

/** One transport request: route, cargo, weight and volume, times, budget and status; actions below. */
export function RequestCard({ request, pending, children }: { request: TransportRequest; pending: boolean; children?: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation('transport');
  const format = useFormat();
  const vehicle = useVehicleText();
  const facts: Fact[] = [];
  if (request.cargo_weight != null) facts.push({ term: t('card.weight'), value: format.kg(request.cargo_weight), testId: 'request-weight' });
  if (request.cargo_volume != null) facts.push({ term: t('card.volume'), value: t('card.volumeValue', { volume: format.number(request.cargo_volume) }) });
  if (request.vehicle_type_required) facts.push({ term: t('card.vehicle'), value: <bdi>{vehicle(request.vehicle_type_required)}</bdi> });
  if (request.budget != null) facts.push({ term: t('card.budget'), value: format.sar(request.budget), testId: 'request-budget' });
  if (request.preferred_pickup_time) facts.push({ term: t('card.pickup'), value: format.dateTime(request.preferred_pickup_time) });
  if (request.preferred_delivery_time) facts.push({ term: t('card.delivery'), value: format.dateTime(request.preferred_delivery_time) });
  facts.push({ term: t('card.quotes'), value: format.number(request.offer_count), testId: 'request-quote-count' });

  return (
    <ItemCard
      testId="request-card"
      id={request.id}
      heading={t('card.route', { from: request.pickup_location, to: request.delivery_location })}
      badges={
        <>
          <StatusBadge label={t(`status.${request.status}`)} tone={TRANSPORT_REQUEST_TONE[request.status]} status={request.status} testId="request-status" />
          {pending && <PendingBadge />}
        </>
      }
    >
      <p className={styles.cargo}>
        <bdi>{request.cargo_description}</bdi>
      </p>
      <Facts facts={facts} />
      <Caption1 className={styles.muted}>
        {t('card.postedBy', { name: request.requester_name ?? t('card.someone'), date: format.date(request.created_at) })}
      </Caption1>
      <RefusalNote rowKey={requestKey(request.id)} />
      {children}
    </ItemCard>
  );
}
