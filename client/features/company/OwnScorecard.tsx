/**
 * A seller's own scorecard on its company page: both windows as buyers see them, and the
 * orders that pulled a figure down (late, short, goods rejected), each linking to the
 * order. Online only (data/api/scorecards.ts): the list is read from the orders when asked.
 */
import { Badge, Card, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OwnScorecard as Own } from '../../../shared/schemas/scorecard';
import type { Remote } from '../../data/useRemote';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { Identifier } from '../../ui/Identifier';
import { ErrorBox } from '../../ui/ErrorBox';
import { ListSkeleton } from '../../ui/ListStates';
import { ScorecardFigures } from '../../ui/ScorecardFigures';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM, minInlineSize: 0 },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
  windows: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' },
  list: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  item: { display: 'grid', gap: tokens.spacingVerticalXXS, padding: tokens.spacingHorizontalS, minInlineSize: 0 },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

export function OwnScorecard({ remote }: { remote: Remote<Own | null> }) {
  const styles = useStyles();
  const { t } = useTranslation('scorecards');
  const format = useFormat();
  const percent = (x: number) => format.number(x, { style: 'percent', maximumFractionDigits: 1 });
  const own = remote.data;
  return (
    <section className={styles.root} aria-labelledby="own-scorecard-title" data-testid="own-scorecard">
      <h2 id="own-scorecard-title" className={styles.h2}>
        {t('own.title')}
      </h2>
      <p className={styles.muted}>{t('own.intro')}</p>
      {remote.error && remote.error.code !== 'network_error' ? (
        <ErrorBox message={t('own.failed')} onRetry={remote.retry} />
      ) : remote.error ? (
        <p className={styles.muted}>{t('own.offline')}</p>
      ) : !own ? (
        <ListSkeleton rows={1} label={t('loading')} />
      ) : (
        <>
          <Card className={styles.windows}>
            <ScorecardFigures card={own.scorecards['12m']} window="12m" testId="own-scorecard-12m" />
            <ScorecardFigures card={own.scorecards.all} window="all" testId="own-scorecard-all" />
          </Card>
          <p className={styles.muted}>{t('measured')}</p>
          <h3 className={styles.h2}>{t('own.shortfalls')}</h3>
          {own.shortfalls.length === 0 ? (
            <p className={styles.muted}>{t('own.none')}</p>
          ) : (
            <ul className={styles.list}>
              {own.shortfalls.map((s) => (
                <li key={s.purchase_order_id}>
                  <Card className={styles.item} data-testid="scorecard-shortfall">
                    <div className={styles.line}>
                      <Link to={`${PATHS.purchaseOrders}/${s.purchase_order_id}`}>
                        <Identifier>{s.number}</Identifier>
                      </Link>
                      <bdi>{s.buyer_name}</bdi>
                      {s.reasons.map((r) => (
                        <Badge key={r} appearance="tint" color={r === 'late' ? 'warning' : 'danger'} data-testid={`shortfall-${r}`}>
                          {t(`own.reason.${r}`)}
                        </Badge>
                      ))}
                    </div>
                    <span className={styles.muted}>
                      {s.promised_day ? t('own.promised', { day: format.date(s.promised_day) }) : t('own.notPromised')}
                      {' · '}
                      {t('own.shares', { onTime: s.on_time == null ? '—' : percent(s.on_time), fill: percent(s.fill), rejected: percent(s.rejected) })}
                    </span>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
