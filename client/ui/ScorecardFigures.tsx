/**
 * A company's scorecard for one window, the one widget for it (the comparison's supplier
 * column, the supplier's card, the supplier's own page): each figure the server measured,
 * or "not enough deals yet" when it shows none (shared/scorecard.ts holds figures under
 * SCORECARD_MIN_DEALS deals back). It only formats what it is given.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SCORECARD_MIN_DEALS, type Scorecard, type ScorecardWindow } from '../../shared/schemas/scorecard';
import { useFormat } from '../i18n/format';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalXXS, minInlineSize: 0 },
  head: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  facts: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalS, rowGap: '2px', margin: 0, fontSize: tokens.fontSizeBase200 },
  row: { display: 'contents' },
  dt: { color: tokens.colorNeutralForeground2 },
  dd: { margin: 0, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

interface Props {
  /** the window's scorecard, or null before any of the company's deals was measured */
  card: Scorecard | null | undefined;
  window: ScorecardWindow;
  /** On the root, for tests ('scorecard' unless told). */
  testId?: string;
}

export function ScorecardFigures({ card, window, testId = 'scorecard' }: Props) {
  const styles = useStyles();
  const { t } = useTranslation('scorecards');
  const format = useFormat();
  const deals = card?.deals ?? 0;
  const percent = (x: number) => format.number(x, { style: 'percent', maximumFractionDigits: 1 });
  const rows: Array<[string, string, string]> = [];
  if (card) {
    if (card.on_time_rate != null) rows.push(['on-time', t('onTime'), percent(card.on_time_rate)]);
    if (card.fill_rate != null) rows.push(['fill', t('fill'), percent(card.fill_rate)]);
    if (card.rejection_rate != null) rows.push(['rejection', t('rejection'), percent(card.rejection_rate)]);
    if (card.price_vs_median_percent != null) {
      const signed = format.number(card.price_vs_median_percent / 100, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
      rows.push(['price', t('price'), t('priceValue', { percent: signed })]);
    }
    if (card.median_quote_hours != null) rows.push(['quote-time', t('quoteTime'), t('hours', { hours: format.number(card.median_quote_hours, { maximumFractionDigits: 1 }) })]);
    const d = card.disputes;
    if (d.opened != null) rows.push(['disputes', t('disputes'), t('disputesValue', { opened: format.number(d.opened), forBuyer: format.number(d.for_buyer ?? 0), forSeller: format.number(d.for_seller ?? 0) })]);
  }
  return (
    <div className={styles.root} data-testid={testId}>
      <span className={styles.head}>
        {t(`window.${window}`)} · {t('deals', { count: deals })}
      </span>
      {rows.length ? (
        <dl className={styles.facts}>
          {rows.map(([key, label, value]) => (
            <div key={key} className={styles.row} data-testid={`${testId}-${key}`}>
              <dt className={styles.dt}>{label}</dt>
              <dd className={styles.dd}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <span className={styles.muted} title={t('notEnoughHelp', { min: SCORECARD_MIN_DEALS })} data-testid={`${testId}-not-enough`}>
          {t('notEnough')}
        </span>
      )}
    </div>
  );
}
