/**
 * One row of the audit trail: what was done (its label), by whom, for which company, on
 * which record, the fields it changed (before → after), when in Riyadh and from which
 * address. The person, the company and the record are buttons that narrow the trail to
 * them (the filters the routes take by id, which nobody types).
 */
import { Badge, Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { AuditEntry, AuditFilters } from '../../data/api/audit';
import { Identifier } from '../../ui/Identifier';
import { actionLabel, changeLines, recordLabel, recordTypeLabel, riyadhMoment } from './auditView';

const useStyles = makeStyles({
  main: { display: 'grid', gap: tokens.spacingVerticalXS, minInlineSize: 0 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  facts: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS, minInlineSize: 0 },
  pick: { minInlineSize: 0, maxInlineSize: '100%', overflowWrap: 'anywhere', textAlign: 'start', paddingInline: tokens.spacingHorizontalXS },
  changes: { display: 'grid', gap: tokens.spacingVerticalXXS, margin: 0, padding: 0, listStyleType: 'none' },
  change: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS, overflowWrap: 'anywhere', minInlineSize: 0 },
  before: { color: tokens.colorNeutralForeground3, textDecorationLine: 'line-through' },
  flip: { ':dir(rtl)': { transform: 'scaleX(-1)' } },
});

export function AuditEntryCard({ entry, showCompany, onFilter }: { entry: AuditEntry; showCompany: boolean; onFilter: (filter: AuditFilters) => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('audit');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const lines = changeLines(entry.changes, lng);
  const who = entry.actor_name ?? (entry.actor_id ? t('removedPerson') : t('system'));
  return (
    <li>
      <Card data-testid="audit-row" data-action={entry.action}>
        <div className={styles.main}>
          <div className={styles.head}>
            <Text weight="semibold" data-testid="audit-action">
              {actionLabel(entry.action, t)}
            </Text>
            <Text size={200} className={styles.muted} data-testid="audit-at">
              <bdi>{riyadhMoment(entry.at, lng)}</bdi>
            </Text>
          </div>
          <div className={styles.facts}>
            <Text size={200} className={styles.muted}>
              {t('by')}
            </Text>
            {entry.actor_id ? (
              <Button className={styles.pick} size="small" appearance="transparent" aria-label={t('onlyPerson', { name: who })} onClick={() => onFilter({ actor_id: entry.actor_id! })} data-testid="audit-actor">
                <bdi>{who}</bdi>
              </Button>
            ) : (
              <Text size={200} data-testid="audit-actor">
                {who}
              </Text>
            )}
            {showCompany && entry.company_id && (
              <>
                <Text size={200} className={styles.muted}>
                  {t('forCompany')}
                </Text>
                <Button
                  className={styles.pick}
                  size="small"
                  appearance="transparent"
                  aria-label={t('onlyCompany', { name: entry.company_name ?? entry.company_id })}
                  onClick={() => onFilter({ company_id: entry.company_id! })}
                  data-testid="audit-company"
                >
                  <bdi>{entry.company_name ?? t('removedCompany')}</bdi>
                </Button>
              </>
            )}
          </div>
          <div className={styles.facts}>
            <Text size={200} className={styles.muted}>
              {t('record')}
            </Text>
            <Button
              className={styles.pick}
              size="small"
              appearance="transparent"
              aria-label={t('onlyRecord', { record: recordLabel(entry, t) })}
              onClick={() => onFilter({ record_type: entry.record_type, record_id: entry.record_id })}
              data-testid="audit-record"
            >
              {recordTypeLabel(entry.record_type, t)}&nbsp;<Identifier>{entry.record_id}</Identifier>
            </Button>
          </div>
          {lines.length > 0 && (
            <ul className={styles.changes} aria-label={t('changes')}>
              {lines.map((line) => (
                <li key={line.field} className={styles.change} data-testid="audit-change">
                  <Badge appearance="tint" size="small">
                    <bdi>{line.field}</bdi>
                  </Badge>
                  <Text size={200} className={styles.before}>
                    <bdi>{line.before}</bdi>
                  </Text>
                  <ArrowRightRegular className={styles.flip} aria-label={t('becomes')} />
                  <Text size={200}>
                    <bdi>{line.after}</bdi>
                  </Text>
                </li>
              ))}
            </ul>
          )}
          <Text size={200} className={styles.muted} data-testid="audit-ip">
            {t('from')} {entry.ip ? <Identifier>{entry.ip}</Identifier> : '—'}
          </Text>
        </div>
      </Card>
    </li>
  );
}
