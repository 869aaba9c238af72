/**
 * "How tiers are earned" on the pricing page: the rule table the server applies
 * (shared/tiers.ts TIER_RULES), rendered from it, so the page says what the server does.
 * Above it, what the table does not show: the register's check first, and how a company
 * that only buys, or a carrier, is judged.
 */
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { TIER_RULES } from '../../../shared/tiers';
import { useFormat } from '../../i18n/format';
import { TierBadge } from '../../ui/TierBadge';

const useStyles = makeStyles({
  card: { display: 'grid', gap: tokens.spacingVerticalS },
  h2: { margin: 0, fontSize: tokens.fontSizeBase400 },
  muted: { color: tokens.colorNeutralForeground2 },
  wrap: { overflowX: 'auto' },
  table: { inlineSize: '100%', borderCollapse: 'collapse' },
  cell: { padding: tokens.spacingHorizontalS, textAlign: 'start', borderBlockEndWidth: '1px', borderBlockEndStyle: 'solid', borderBlockEndColor: tokens.colorNeutralStroke2 },
});

export function TierRules() {
  const styles = useStyles();
  const { t } = useTranslation('pricing');
  const format = useFormat();
  const percent = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 1 });
  const columns = [
    { key: 'deals' as const, cell: (r: (typeof TIER_RULES)[number]) => t('tiers.atLeast', { value: format.number(r.deals) }) },
    { key: 'onTime' as const, cell: (r: (typeof TIER_RULES)[number]) => t('tiers.atLeast', { value: percent(r.on_time) }) },
    { key: 'fill' as const, cell: (r: (typeof TIER_RULES)[number]) => t('tiers.atLeast', { value: percent(r.fill) }) },
    { key: 'rejection' as const, cell: (r: (typeof TIER_RULES)[number]) => t('tiers.atMost', { value: percent(r.rejection) }) },
    { key: 'disputes' as const, cell: (r: (typeof TIER_RULES)[number]) => t('tiers.atMost', { value: format.number(r.disputes_for_buyer) }) },
  ];
  return (
    <Card className={styles.card} aria-labelledby="tier-rules-title" data-testid="tier-rules">
      <h2 id="tier-rules-title" className={styles.h2}>
        {t('tiers.title')}
      </h2>
      <Text as="p">{t('tiers.register')}</Text>
      <Text as="p">{t('tiers.ladder')}</Text>
      {/* A table wider than a phone scrolls sideways: focusable, so a keyboard can scroll it too. */}
      <div className={styles.wrap} tabIndex={0} role="group" aria-labelledby="tier-rules-title">
        <table className={styles.table}>
          <thead>
            <tr>
              <th className={styles.cell} scope="col">
                {t('tiers.tier')}
              </th>
              {columns.map((c) => (
                <th key={c.key} className={styles.cell} scope="col">
                  {t(`tiers.columns.${c.key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {TIER_RULES.map((rule) => (
              <tr key={rule.tier} data-testid={`tier-rule-${rule.tier}`}>
                <th className={styles.cell} scope="row">
                  <TierBadge tier={rule.tier} />
                </th>
                {columns.map((c) => (
                  <td key={c.key} className={styles.cell}>
                    {c.cell(rule)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Text as="p" className={styles.muted}>
        {t('tiers.buyers')}
      </Text>
    </Card>
  );
}
