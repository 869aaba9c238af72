/**
 * Where every riyal of the site stands (useSiteBudget: the server's figures, the last ones
 * kept for offline): per budget line its budget, approved, committed, received, invoiced,
 * paid and remaining, a line over its budget marked, the budgeted rate with the market's
 * median per unit beside it, then the totals and the XLSX. At a phone's width each line is
 * a card of stacked rows; from a desk's, a table.
 */
import { Badge, Caption1, Link, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { BUDGET_FIGURES, type SiteBudget, type SiteBudgetLineRow } from '../../../shared/schemas/site-budget';
import { siteBudgetXlsxUrl } from '../../data/api/sites';
import { useFormat } from '../../i18n/format';
import { CARD_SURFACE } from '../../ui/ItemCard';
import { useWide } from '../../ui/useWide';
import { useSiteBudget } from './budgetStanding';

const useStyles = makeStyles({
  panel: { display: 'grid', gap: tokens.spacingVerticalM, ...CARD_SURFACE },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  muted: { color: tokens.colorNeutralForeground2 },
  download: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  lines: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  card: { display: 'grid', gap: tokens.spacingVerticalXXS, padding: tokens.spacingHorizontalS, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}`, minWidth: 0 },
  over: { borderInlineStartWidth: '4px', borderInlineStartColor: tokens.colorPaletteRedBorder2 },
  cardHead: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'baseline', fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  rows: { display: 'grid', margin: 0 },
  row: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, paddingBlock: tokens.spacingVerticalXXS, borderBlockEndWidth: '1px', borderBlockEndStyle: 'dotted', borderBlockEndColor: tokens.colorNeutralStroke2 },
  term: { color: tokens.colorNeutralForeground3 },
  money: { margin: 0, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  negative: { color: tokens.colorPaletteRedForeground1 },
  scroll: { overflowX: 'auto', minWidth: 0 },
  table: { borderCollapse: 'collapse', width: '100%' },
  cell: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, textAlign: 'start', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, overflowWrap: 'anywhere', minWidth: '10rem' },
  num: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  overRow: { backgroundColor: tokens.colorPaletteRedBackground1 },
  total: { fontWeight: tokens.fontWeightSemibold },
});

export function SiteBudgetStanding({ siteId }: { siteId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('sites');
  const format = useFormat();
  const { budget, stale } = useSiteBudget(siteId);
  return (
    <section className={styles.panel} aria-labelledby="standing-title" data-testid="site-budget-standing" data-stale={stale || undefined}>
      <div className={styles.head}>
        <h2 id="standing-title" className={styles.h2}>
          {t('standing.title')}
        </h2>
        <Link className={styles.download} href={siteBudgetXlsxUrl(siteId)} download data-testid="site-budget-xlsx">
          <ArrowDownloadRegular aria-hidden />
          {t('standing.download')}
        </Link>
      </div>
      {budget === undefined ? (
        <Spinner size="small" label={t('loading')} />
      ) : budget === null ? (
        <Text className={styles.muted}>{stale ? t('standing.offlineNone') : t('loading')}</Text>
      ) : (
        <>
          {stale && (
            <Caption1 className={styles.muted} data-testid="site-budget-as-of">
              {t('standing.asOf', { time: format.dateTime(budget.as_of) })}
            </Caption1>
          )}
          <Standing budget={budget} />
        </>
      )}
    </section>
  );
}

function Standing({ budget }: { budget: SiteBudget }) {
  const styles = useStyles();
  const { t } = useTranslation('sites');
  const format = useFormat();
  const wide = useWide();
  const name = (l: SiteBudgetLineRow) => (l.budget_line_id ? <bdi>{l.description}</bdi> : t('standing.noLine'));
  const money = (v: number) => <span className={v < 0 ? styles.negative : undefined}>{format.sar(v)}</span>;
  const rate = (v: number | null) => (v === null ? t('standing.noMarket') : format.sar(v));
  if (wide) {
    return (
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th className={styles.num}>{t('detail.position')}</th>
              <th className={styles.cell}>{t('form.description')}</th>
              {BUDGET_FIGURES.map((f) => (
                <th key={f} className={styles.num}>
                  {t(`standing.${f}`)}
                </th>
              ))}
              <th className={styles.num}>{t('standing.rate')}</th>
              <th className={styles.num}>{t('standing.market')}</th>
            </tr>
          </thead>
          <tbody>
            {budget.lines.map((l) => (
              <tr key={l.budget_line_id ?? 'none'} className={l.over_budget ? styles.overRow : undefined} data-testid="standing-line" data-over={l.over_budget || undefined}>
                <td className={styles.num}>{l.position === null ? null : format.number(l.position)}</td>
                <td className={styles.cell}>
                  {name(l)} {l.over_budget && <Badge color="danger" appearance="tint">{t('standing.over')}</Badge>}
                </td>
                {BUDGET_FIGURES.map((f) => (
                  <td key={f} className={styles.num} data-figure={f} data-value={l[f]}>
                    {money(l[f])}
                  </td>
                ))}
                <td className={styles.num}>{l.budget_unit_price === null ? null : format.sar(l.budget_unit_price)}</td>
                <td className={styles.num}>{l.budget_line_id ? rate(l.market_unit_price) : null}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className={styles.total} data-testid="standing-totals">
              <td className={styles.cell} colSpan={2}>
                {t('standing.totals')}
              </td>
              {BUDGET_FIGURES.map((f) => (
                <td key={f} className={styles.num} data-figure={f} data-value={budget.totals[f]}>
                  {money(budget.totals[f])}
                </td>
              ))}
              <td className={styles.num} colSpan={2} />
            </tr>
          </tfoot>
        </table>
      </div>
    );
  }
  return (
    <>
      <ol className={styles.lines}>
        {budget.lines.map((l) => (
          <li key={l.budget_line_id ?? 'none'} className={l.over_budget ? `${styles.card} ${styles.over}` : styles.card} data-testid="standing-line" data-over={l.over_budget || undefined}>
            <div className={styles.cardHead}>
              {l.position !== null && <span>{l.code ? <bdi>{l.code}</bdi> : format.number(l.position)}</span>}
              {name(l)}
              {l.over_budget && (
                <Badge color="danger" appearance="tint">
                  {t('standing.over')}
                </Badge>
              )}
            </div>
            <dl className={styles.rows}>
              {BUDGET_FIGURES.map((f) => (
                <div key={f} className={styles.row}>
                  <dt className={styles.term}>{t(`standing.${f}`)}</dt>
                  <dd className={styles.money} data-figure={f} data-value={l[f]}>
                    {money(l[f])}
                  </dd>
                </div>
              ))}
              {l.budget_line_id && (
                <div className={styles.row}>
                  <dt className={styles.term}>{t('standing.rateAndMarket')}</dt>
                  <dd className={styles.money}>
                    {l.budget_unit_price === null ? '' : format.sar(l.budget_unit_price)} · {rate(l.market_unit_price)}
                  </dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ol>
      <dl className={`${styles.rows} ${styles.total}`} data-testid="standing-totals">
        <div className={styles.row}>
          <dt>{t('standing.totals')}</dt>
          <dd />
        </div>
        {BUDGET_FIGURES.map((f) => (
          <div key={f} className={styles.row}>
            <dt className={styles.term}>{t(`standing.${f}`)}</dt>
            <dd className={styles.money} data-figure={f} data-value={budget.totals[f]}>
              {money(budget.totals[f])}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
