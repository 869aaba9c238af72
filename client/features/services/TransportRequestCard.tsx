import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { LocationRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { TransportRequestListItem } from '../../data/types';
import { useFormat } from '../../i18n/format';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  route: { margin: 0, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  icon: { color: tokens.colorBrandForeground1, flexShrink: 0 },
  cargo: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingVerticalXS,
    margin: 0,
  },
  fact: { display: 'flex', flexDirection: 'column' },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0 },
});

/** One open transport request of the public list. */
export function TransportRequestCard({ request }: { request: TransportRequestListItem }) {
  const styles = useStyles();
  const { t } = useTranslation('services');
  const format = useFormat();
  const facts: Array<[string, string]> = [];
  if (request.cargo_weight != null) facts.push([t('transport.weight'), format.kg(request.cargo_weight)]);
  if (request.vehicle_type_required) facts.push([t('transport.vehicle'), request.vehicle_type_required]);
  if (request.budget != null) facts.push([t('transport.budget'), format.sar(request.budget)]);
  if (request.preferred_pickup_time) facts.push([t('transport.pickupDate'), format.date(request.preferred_pickup_time)]);
  return (
    <article className={styles.card} data-testid="transport-card">
      <h2 className={styles.route}>
        <LocationRegular className={styles.icon} aria-hidden />
        {t('transport.route', { from: request.pickup_location, to: request.delivery_location })}
      </h2>
      <p className={styles.cargo}>
        <bdi>{request.cargo_description}</bdi>
      </p>
      {facts.length > 0 && (
        <dl className={styles.facts}>
          {facts.map(([term, value]) => (
            <div key={term} className={styles.fact}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <Caption1>{t('transport.postedBy', { name: request.requester_name ?? t('transport.anonymous'), date: format.date(request.created_at) })}</Caption1>
    </article>
  );
}
