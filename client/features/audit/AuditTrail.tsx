/**
 * The audit trail, one component for both readers: the admin's whole trail (a tab of the
 * admin panel) and a company owner's part of it (/company/audit), told apart only by
 * `source` (data/api/audit.ts). Filters by action and by Riyadh days here, by person,
 * company and record from a row; pages like the admin's lists; the CSV link carries the
 * same filters. Online only: offline it says so and asks nothing.
 */
import { Button, Dropdown, Field, Input, Link, MessageBar, MessageBarBody, Option, Tag, TagGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ChevronLeftRegular, ChevronRightRegular, HistoryRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '../../../shared/schemas/audit';
import { AUDIT_PAGE_SIZE, auditCsvUrl, useAuditTrail, type AuditAction, type AuditFilters, type AuditSource } from '../../data/api/audit';
import { useFormat } from '../../i18n/format';
import { ErrorBox } from '../../ui/ErrorBox';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { AuditEntryCard } from './AuditEntryCard';
import { actionLabel, recordLabel } from './auditView';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalM },
  filters: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))', alignItems: 'end' },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  csv: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground2 },
  list: { display: 'grid', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: tokens.spacingHorizontalM },
  flip: { ':dir(rtl)': { transform: 'scaleX(-1)' } },
  tags: { flexWrap: 'wrap', minInlineSize: 0 },
  // A record's filter names its id: on a phone it wraps inside the tag rather than pushing the page sideways.
  tag: { height: 'auto', minBlockSize: '32px', maxInlineSize: '100%' },
  tagText: { whiteSpace: 'normal', overflowWrap: 'anywhere', paddingBlock: tokens.spacingVerticalXXS },
});

/** The filters a row sets (by id), shown as tags to take off. */
const PICKED = ['actor_id', 'company_id', 'record_id'] as const;

export function AuditTrail({ source, online }: { source: AuditSource; online: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('audit');
  const format = useFormat();
  const [filters, setFilters] = useState<AuditFilters>({});
  // What a row's button picked, by name (the filter itself holds an id).
  const [names, setNames] = useState<Partial<Record<(typeof PICKED)[number], string>>>({});
  const [page, setPage] = useState(0);
  const list = useAuditTrail(source, filters, page, online);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / AUDIT_PAGE_SIZE)) : 1;
  const filtered = Object.values(filters).some(Boolean);

  const update = (next: AuditFilters) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(0);
  };
  const drop = (key: (typeof PICKED)[number]) => update(key === 'record_id' ? { record_type: undefined, record_id: undefined } : { [key]: undefined });

  if (!online) {
    return (
      <MessageBar layout="multiline" intent="warning" data-testid="audit-offline">
        <MessageBarBody>{t('offline')}</MessageBarBody>
      </MessageBar>
    );
  }

  return (
    <div className={styles.root} data-testid="audit-trail">
      <div className={styles.filters}>
        <Field label={t('filters.action')}>
          <Dropdown
            value={filters.action ? actionLabel(filters.action, t) : t('filters.allActions')}
            selectedOptions={[filters.action ?? '']}
            onOptionSelect={(_, d) => update({ action: (d.optionValue || undefined) as AuditAction | undefined })}
            data-testid="audit-filter-action"
          >
            <Option value="">{t('filters.allActions')}</Option>
            {AUDIT_ACTIONS.map((a) => (
              <Option key={a} value={a}>
                {actionLabel(a, t)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('filters.from')} hint={t('filters.riyadhDays')}>
          <Input type="date" value={filters.from ?? ''} max={filters.to} onChange={(_, d) => update({ from: d.value || undefined })} data-testid="audit-from" />
        </Field>
        <Field label={t('filters.to')}>
          <Input type="date" value={filters.to ?? ''} min={filters.from} onChange={(_, d) => update({ to: d.value || undefined })} data-testid="audit-to" />
        </Field>
      </div>
      {PICKED.some((k) => filters[k]) && (
        <TagGroup className={styles.tags} aria-label={t('filters.picked')} onDismiss={(_, d) => drop(d.value as (typeof PICKED)[number])}>
          {PICKED.filter((k) => filters[k]).map((k) => (
            <Tag
              key={k}
              className={styles.tag}
              primaryText={{ className: styles.tagText }}
              value={k}
              dismissible
              dismissIcon={{ 'aria-label': t('filters.remove') }}
              data-testid={`audit-picked-${k}`}
            >
              {t(`filters.${k}`, { name: names[k] ?? filters[k] })}
            </Tag>
          ))}
        </TagGroup>
      )}
      <div className={styles.bar}>
        <Text className={styles.muted} role="status" data-testid="audit-total">
          {list.data ? t('total', { count: list.data.total }) : ''}
        </Text>
        <div className={styles.csv}>
          {filtered && (
            <Button
              size="small"
              onClick={() => {
                setFilters({});
                setNames({});
                setPage(0);
              }}
              data-testid="audit-clear"
            >
              {t('filters.clear')}
            </Button>
          )}
          <Link className={styles.csv} href={auditCsvUrl(source, filters)} download data-testid="audit-csv">
            <ArrowDownloadRegular aria-hidden />
            {t(filtered ? 'csvFiltered' : 'csv')}
          </Link>
        </div>
      </div>
      {list.error && !list.loading ? (
        <ErrorBox message={list.error.message} onRetry={list.retry} />
      ) : !list.data || (list.loading && list.data.items.length === 0) ? (
        <ListSkeleton label={t('loading')} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={<HistoryRegular />} title={t(filtered ? 'empty.filtered' : 'empty.none')} />
      ) : (
        <>
          <ul className={styles.list} data-testid="audit-list" aria-busy={list.loading}>
            {list.data.items.map((entry) => (
              <AuditEntryCard
                key={entry.id}
                entry={entry}
                showCompany={source === 'admin'}
                onFilter={(next) => {
                  if (next.actor_id) setNames((n) => ({ ...n, actor_id: entry.actor_name ?? next.actor_id }));
                  if (next.company_id) setNames((n) => ({ ...n, company_id: entry.company_name ?? next.company_id }));
                  if (next.record_id) setNames((n) => ({ ...n, record_id: recordLabel(entry, t) }));
                  update(next);
                }}
              />
            ))}
          </ul>
          {pages > 1 && (
            <nav className={styles.pager} aria-label={t('paging')}>
              <Button icon={<ChevronLeftRegular className={styles.flip} />} disabled={page === 0} onClick={() => setPage((p) => p - 1)} data-testid="audit-prev">
                {t('previous')}
              </Button>
              <Text data-testid="audit-page-of">{t('pageOf', { page: format.number(page + 1), pages: format.number(pages) })}</Text>
              <Button icon={<ChevronRightRegular className={styles.flip} />} iconPosition="after" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)} data-testid="audit-next">
                {t('next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
