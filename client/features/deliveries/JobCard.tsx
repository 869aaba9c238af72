import { Button, Link, makeStyles, tokens } from '@fluentui/react-components';
import { CallRegular, LocationRegular } from '@fluentui/react-icons';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextDriverStep, type Delivery } from '../../../shared/schemas/delivery';
import { useFormat } from '../../i18n/format';
import { Facts, type Fact } from '../../ui/Facts';
import { ItemCard } from '../../ui/ItemCard';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusalNote } from '../../ui/RefusalNote';
import { formatSaudiPhone } from '../../ui/phone';
import { StatusBadge } from '../../ui/StatusBadge';
import { DeliveredDialog } from './DeliveredDialog';
import { currentPosition, endContacts, mapsUrl, telHref } from './deliveryView';
import { useDeliveryMutations } from './mutations';
import { Proof } from './Proof';
import { deliveryKey } from './queries';
import { Timeline } from './Timeline';
import { DELIVERY_STAGE_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  cargo: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6', whiteSpace: 'pre-line' },
  places: { display: 'grid', gap: tokens.spacingVerticalXS },
  place: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'baseline' },
  term: { color: tokens.colorNeutralForeground3, minWidth: '5.5em' },
  // Who on one line, the number and its call button on the next: the same shape at both ends, whatever the name's length.
  contact: { display: 'grid', gap: tokens.spacingVerticalXS, overflowWrap: 'anywhere' },
  dial: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  number: { color: tokens.colorNeutralForeground2, whiteSpace: 'nowrap' },
  next: { width: '100%', minHeight: '48px', fontSize: tokens.fontSizeBase400 },
});

/** A place with its "open in maps" link. */
function Place({ term, address, testId }: { term: string; address: string; testId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('deliveries');
  return (
    <div className={styles.place}>
      <span className={styles.term}>{term}</span>
      <bdi>{address}</bdi>
      <Link href={mapsUrl(address)} target="_blank" rel="noopener noreferrer" data-testid={testId}>
        <LocationRegular aria-hidden /> {t('openInMaps')}
      </Link>
    </div>
  );
}

/**
 * Whom to call at one end: the name, the number as people read it, and a tap-to-call
 * button. A tel: link needs no connection, so it works from the synced job offline.
 */
function Contact({ label, name, phone, testId }: { label: string; name: string | null; phone: string | null; testId: string }) {
  const styles = useStyles();
  const { t } = useTranslation(['deliveries', 'transport']);
  if (!name && !phone) return null;
  return (
    <div className={styles.contact} data-testid={`${testId}-contact`}>
      <div className={styles.place}>
        <span className={styles.term}>{label}</span>
        <bdi>{name ?? t('transport:card.someone')}</bdi>
      </div>
      {phone && (
        <div className={styles.dial}>
          <bdi dir="ltr" className={styles.number}>
            {formatSaudiPhone(phone)}
          </bdi>
          <Button as="a" href={telHref(phone)} icon={<CallRegular />} size="small" data-testid={testId}>
            {t('call')}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * One of the driver's jobs: where from and to (with maps links), the cargo, whom to call
 * at each end,
 * the vehicle, the timeline and the one next step. A finished job is read-only, with its proof.
 */
export const JobCard = memo(function JobCard({ delivery, pending, shareLocation }: { delivery: Delivery; pending: boolean; shareLocation: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(['deliveries', 'transport']);
  const format = useFormat();
  const { step } = useDeliveryMutations();
  const [delivering, setDelivering] = useState(false);
  const [busy, setBusy] = useState(false);
  const next = nextDriverStep(delivery.stage);
  const contacts = endContacts(delivery);

  const onNext = async () => {
    if (!next || busy) return;
    if (next === 'delivered') return setDelivering(true);
    const at = new Date().toISOString();
    setBusy(true);
    try {
      await step(delivery.id, next, at, shareLocation ? await currentPosition() : null);
    } finally {
      setBusy(false);
    }
  };

  const facts: Fact[] = [{ term: t('plate'), value: <bdi>{delivery.vehicle_plate}</bdi>, testId: 'job-plate' }];
  if (delivery.cargo_weight != null) facts.push({ term: t('transport:card.weight'), value: format.kg(delivery.cargo_weight) });
  if (delivery.company_name) facts.push({ term: t('company'), value: <bdi>{delivery.company_name}</bdi> });

  return (
    <ItemCard
      testId="job-card"
      id={delivery.id}
      heading={t('transport:card.route', { from: delivery.pickup_location, to: delivery.delivery_location })}
      badges={
        <>
          <StatusBadge label={t(`stages.${delivery.stage}`)} tone={DELIVERY_STAGE_TONE[delivery.stage]} status={delivery.stage} testId="job-stage" />
          {pending && <PendingBadge />}
        </>
      }
    >
      <div className={styles.places}>
        <Place term={t('from')} address={delivery.pickup_location} testId="maps-pickup" />
        <Place term={t('to')} address={delivery.delivery_location} testId="maps-delivery" />
      </div>
      <p className={styles.cargo}>
        <bdi>{delivery.cargo_description}</bdi>
      </p>
      <Facts facts={facts} />
      <Contact label={t('atPickup')} {...contacts.pickup} testId="call-pickup" />
      <Contact label={t('atDropoff')} {...contacts.dropoff} testId="call-dropoff" />
      <Timeline delivery={delivery} />
      <Proof delivery={delivery} />
      <RefusalNote rowKey={deliveryKey(delivery.id)} />
      {next && (
        <Button className={styles.next} appearance="primary" disabled={busy} onClick={() => void onNext()} data-testid="next-step" data-step={next}>
          {t(`next.${next}`)}
        </Button>
      )}
      {delivering && <DeliveredDialog delivery={delivery} shareLocation={shareLocation} onClose={() => setDelivering(false)} />}
    </ItemCard>
  );
});
