import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Delivery } from '../../../shared/schemas/delivery';
import { useFormat } from '../../i18n/format';
import { mapsUrlAt } from './deliveryView';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  item: {
    display: 'grid',
    gap: '2px',
    paddingInlineStart: tokens.spacingHorizontalM,
    borderInlineStartWidth: '3px',
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorBrandStroke2,
  },
  step: { fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  note: { margin: 0, whiteSpace: 'pre-line' },
});

/** A delivery's events, oldest first: the step, when (in the reader's language), by whom, where (a maps link) and any note. */
export function Timeline({ delivery }: { delivery: Delivery }) {
  const styles = useStyles();
  const { t } = useTranslation('deliveries');
  const format = useFormat();
  const events = [...delivery.events].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return (
    <section aria-label={t('timeline')}>
      <ol className={styles.list} data-testid="delivery-timeline">
        {events.map((e) => (
          <li key={e.id} className={styles.item} data-testid="timeline-event" data-step={e.step}>
            <span className={styles.step}>
              {t(`steps.${e.step}`)}
              {e.problem_kind && ` · ${t(`problemKinds.${e.problem_kind}`)}`}
            </span>
            <span className={styles.meta}>
              <time dateTime={e.at}>{format.dateTime(e.at)}</time>
              {e.actor_name && (
                <>
                  {' · '}
                  <bdi>{e.actor_name}</bdi>
                </>
              )}
              {e.location && (
                <>
                  {' · '}
                  <Link href={mapsUrlAt(e.location)} target="_blank" rel="noopener noreferrer" data-testid="event-location">
                    {t('whereOnMap')}
                  </Link>
                </>
              )}
            </span>
            {/* The delivered step's note is the proof's, shown with the proof. */}
            {e.note && !(e.step === 'delivered' && e.note === delivery.proof_note) && (
              <p className={styles.note}>
                <bdi>{e.note}</bdi>
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
