/**
 * The company's verification tier on its page and what the next tier still needs, bar by
 * bar, as the server reads the rule of shared/tiers.ts (the pricing page shows the whole
 * table). Online only (data/api/tiers.ts).
 */
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TierProgress as Progress } from '../../../shared/schemas/tier-progress';
import type { Remote } from '../../data/useRemote';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { ErrorBox } from '../../ui/ErrorBox';
import { ListSkeleton } from '../../ui/ListStates';
import { TierBadge } from '../../ui/TierBadge';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS, minInlineSize: 0 },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  list: { display: 'grid', gap: tokens.spacingVerticalXS, margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

type Shortfall = NonNullable<Progress['next']>['shortfalls'][number];

export function TierProgress({ remote }: { remote: Remote<Progress | null> }) {
  const styles = useStyles();
  const { t } = useTranslation('company');
  const { t: common } = useTranslation();
  const format = useFormat();
  const value = (s: Shortfall, v: number) => (s.criterion === 'deals' || s.criterion === 'disputes_for_buyer' ? format.number(v) : format.number(v, { style: 'percent', maximumFractionDigits: 1 }));
  const progress = remote.data;
  return (
    <Card className={styles.root} aria-labelledby="tier-progress-title" data-testid="tier-progress">
      <h2 id="tier-progress-title" className={styles.h2}>
        {t('tierProgress.title')}
      </h2>
      {remote.error ? (
        <ErrorBox message={t('tierProgress.failed')} onRetry={remote.retry} />
      ) : !progress ? (
        <ListSkeleton rows={1} label={t('tierProgress.loading')} />
      ) : (
        <>
          <div className={styles.line}>
            <Text>{t('tierProgress.now', { tier: common(`tiers.${progress.tier}`) })}</Text>
            <TierBadge tier={progress.tier} />
          </div>
          <Text as="p" className={styles.muted}>
            {t('tierProgress.deals', { count: progress.deals })}
          </Text>
          {!progress.cr_verified ? (
            <Text as="p" data-testid="tier-progress-register">
              {t('tierProgress.register')} <Link to={PATHS.companyTax}>{t('tax.title')}</Link>
            </Text>
          ) : progress.next ? (
            <>
              <Text as="p">{t('tierProgress.next', { tier: common(`tiers.${progress.next.tier}`) })}</Text>
              <ul className={styles.list} data-testid="tier-progress-needs">
                {progress.next.shortfalls.map((s) => (
                  <li key={s.criterion}>
                    {t(`tierProgress.needs.${s.criterion}`, { need: value(s, s.need) })}{' '}
                    <span className={styles.muted}>{s.have == null ? t('tierProgress.notShown') : t('tierProgress.have', { have: value(s, s.have) })}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <Text as="p">{t('tierProgress.top')}</Text>
          )}
          <Link to={PATHS.pricing}>{t('tierProgress.rules')}</Link>
        </>
      )}
    </Card>
  );
}
