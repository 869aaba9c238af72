/** One admin tab: search, a page of rows with their actions, paging, and the delete confirmation. */
import {
  Badge,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  MessageBar,
  MessageBarBody,
  Option,
  Switch,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, DeleteRegular, SearchRegular } from '@fluentui/react-icons';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { partyName } from '../../../shared/party-name';
import { ErrorBox } from '../../ui/ErrorBox';
import { ADMIN_PAGE_SIZE, adminDelete, adminPatchUser, useAdminList, type AdminRows, type AdminTab, type DeletableTab } from '../../data/api/admin';
import { MONEY_STATUSES, isMoneyTab, moneyRowView, moneyStatusLabel, type MoneyT } from './moneyRows';
import { ApiError } from '../../data/api';
import { useFormat } from '../../i18n/format';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { SearchField } from '../../ui/SearchField';
import { coverOf } from '../../ui/cover';
import { ImageWithFallback } from '../../ui/ImageWithFallback';
import { SuspendCompany } from './SuspendCompany';

const useStyles = makeStyles({
  // One column as wide as the screen: a search box's own width (wider with its clear button
  // while focused) must not widen the column, or the rows would flow off a phone's screen.
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalM },
  list: { display: 'grid', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  main: { display: 'grid', gap: tokens.spacingVerticalXXS, minInlineSize: 0, flexGrow: 1, flexBasis: '240px' },
  name: { overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: tokens.spacingHorizontalM },
  flip: { ':dir(rtl)': { transform: 'scaleX(-1)' } },
  thumb: { inlineSize: '56px', blockSize: '56px', flexShrink: 0, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
});

type Deletable = { tab: DeletableTab; id: string; name: string };

export function AdminList({ tab, me, online }: { tab: AdminTab; me: string; online: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(['admin', 'purchase-orders', 'invoices', 'payments']);
  const format = useFormat();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [page, setPage] = useState(0);
  const [reload, setReload] = useState(0);
  // The money tabs filter by status too (null: every status).
  const [status, setStatus] = useState<string | null>(null);
  const list = useAdminList(tab, deferred, page, reload, status);
  const [deleting, setDeleting] = useState<Deletable | null>(null);
  const [notice, setNotice] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / ADMIN_PAGE_SIZE)) : 1;

  const run = async (work: () => Promise<unknown>, done: string) => {
    setNotice(null);
    try {
      await work();
      setNotice({ intent: 'success', text: done });
      setReload((n) => n + 1);
    } catch (error) {
      setNotice({ intent: 'error', text: error instanceof ApiError ? error.message : t('failed') });
    }
  };

  const rows = () => {
    if (!list.data) return null;
    const items = list.data.items as Array<AdminRows[AdminTab]>;
    return items.map((row) => {
      if (isMoneyTab(tab)) {
        const view = moneyRowView(tab, row as AdminRows[typeof tab], t as MoneyT, format);
        return <Row key={row.id} title={view.title} badge={view.badge} lines={view.lines} testId="admin-money-row" />;
      }
      if (tab === 'products') {
        const p = row as AdminRows['products'];
        return (
          <Row key={p.id} title={p.name} image={<Cover product={p} />} lines={[`${p.supplier_name ?? '—'} · ${format.sar(p.price)} / ${p.unit}`, format.date(p.created_at)]}>
            <DeleteButton disabled={!online} label={t('deleteNamed', { name: p.name })} onClick={() => setDeleting({ tab: 'products', id: p.id, name: p.name })} />
          </Row>
        );
      }
      if (tab === 'projects') {
        const p = row as AdminRows['projects'];
        return (
          <Row key={p.id} title={p.title} lines={[`${p.government_name ?? '—'} · ${p.location}`, format.date(p.created_at)]} badge={t(`projectStatus.${p.status}`)}>
            <DeleteButton disabled={!online} label={t('deleteNamed', { name: p.title })} onClick={() => setDeleting({ tab: 'projects', id: p.id, name: p.title })} />
          </Row>
        );
      }
      if (tab === 'users') {
        const u = row as AdminRows['users'];
        const self = u.id === me;
        const name = partyName(u) ?? u.email;
        return (
          <Row
            key={u.id}
            title={name}
            lines={[u.email, u.role ? t(`roles.${u.role}`) : t('noSetup')]}
            badge={u.is_owner ? t('owner') : self ? t('you') : undefined}
            testId="admin-user"
          >
            {/* The tier is earned by the company's record (shared/tiers.ts): shown, never set here. */}
            {u.verification_tier !== null && (
              <Text className={styles.muted} aria-label={t('tierFor', { name })} data-testid="admin-tier">
                {t('tierEarned', { tier: t(`tiers.${u.verification_tier}`) })}
              </Text>
            )}
            <Switch
              label={t('adminFlag')}
              checked={u.is_admin}
              disabled={!online || self || u.is_owner}
              onChange={(_, d) => void run(() => adminPatchUser(u.id, { is_admin: d.checked }), t(d.checked ? 'madeAdmin' : 'removedAdmin', { name }))}
              data-testid="admin-toggle"
            />
            <DeleteButton disabled={!online || self || u.is_owner} label={t('deleteNamed', { name })} onClick={() => setDeleting({ tab: 'users', id: u.id, name })} />
            {/* A company is its founder's account: the row with the company's profile. */}
            {u.role !== null && u.role !== 'admin' && <SuspendCompany companyId={u.id} name={name} suspension={u} disabled={!online || self || u.is_owner} run={run} />}
          </Row>
        );
      }
      const q = row as AdminRows['quickSignups'];
      return (
        <Row
          key={q.id}
          title={q.company_name}
          badge={t(`signupType.${q.signup_type}`)}
          lines={[`${q.contact_person} · ${q.city}`, `${q.email} · ${q.phone}`, q.service_description, format.date(q.created_at)]}
        />
      );
    });
  };

  return (
    <div className={styles.root}>
      <SearchField
        aria-label={t(`search.${tab}`)}
        placeholder={t(`search.${tab}`)}
        value={search}
        onChange={(_, d) => {
          setSearch(d.value);
          setPage(0);
        }}
        data-testid="admin-search"
      />
      {isMoneyTab(tab) && (
        <Dropdown
          aria-label={t('money.statusFilter')}
          value={status ? moneyStatusLabel(tab, status, t as MoneyT) : t('money.allStatuses')}
          selectedOptions={[status ?? '']}
          onOptionSelect={(_, d) => {
            setStatus(d.optionValue || null);
            setPage(0);
          }}
          data-testid="admin-status-filter"
        >
          <Option value="">{t('money.allStatuses')}</Option>
          {MONEY_STATUSES[tab].map((s) => (
            <Option key={s} value={s}>
              {moneyStatusLabel(tab, s, t as MoneyT)}
            </Option>
          ))}
        </Dropdown>
      )}
      {notice && (
        <MessageBar layout="multiline" intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'} data-testid="admin-notice">
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      )}
      {list.error && !list.loading ? (
        <ErrorBox message={list.error.message} onRetry={list.retry} />
      ) : !list.data || (list.loading && list.data.items.length === 0) ? (
        <ListSkeleton label={t('loading')} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={<SearchRegular />} title={t(deferred.trim() ? 'empty.search' : `empty.${tab}`)} />
      ) : (
        <>
          <Text className={styles.muted} role="status" data-testid="admin-total">
            {t('total', { count: list.data.total })}
          </Text>
          <ul className={styles.list} data-testid="admin-list" aria-busy={list.loading}>
            {rows()}
          </ul>
          {pages > 1 && (
            <nav className={styles.pager} aria-label={t('paging')}>
              <Button icon={<ChevronLeftRegular className={styles.flip} />} disabled={page === 0} onClick={() => setPage((p) => p - 1)} data-testid="prev-page">
                {t('previous')}
              </Button>
              <Text data-testid="page-of">{t('pageOf', { page: format.number(page + 1), pages: format.number(pages) })}</Text>
              <Button icon={<ChevronRightRegular className={styles.flip} />} iconPosition="after" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)} data-testid="next-page">
                {t('next')}
              </Button>
            </nav>
          )}
        </>
      )}
      <Dialog open={deleting !== null} onOpenChange={(_, d) => !d.open && setDeleting(null)}>
        <DialogSurface>
          {deleting && (
            <DialogBody>
              <DialogTitle>{t(`confirm.${deleting.tab}.title`)}</DialogTitle>
              <DialogContent>{t(`confirm.${deleting.tab}.body`, { name: deleting.name })}</DialogContent>
              <DialogActions>
                <Button onClick={() => setDeleting(null)}>{t('cancel')}</Button>
                <Button
                  appearance="primary"
                  data-testid="confirm-delete"
                  onClick={() => {
                    const target = deleting;
                    setDeleting(null);
                    void run(() => adminDelete(target.tab, target.id), t('deleted', { name: target.name }));
                  }}
                >
                  {t('delete')}
                </Button>
              </DialogActions>
            </DialogBody>
          )}
        </DialogSurface>
      </Dialog>
    </div>
  );
}

/** A product's cover photo, small: the admin recognises a product by it. */
function Cover({ product }: { product: AdminRows['products'] }) {
  const styles = useStyles();
  const cover = coverOf(product, 56);
  return (
    <div className={styles.thumb}>
      <ImageWithFallback key={cover.src} src={cover.src} srcSet={cover.srcSet} sizes={cover.sizes} alt={product.name} />
    </div>
  );
}

function Row({ title, lines, badge, image, children, testId = 'admin-row' }: { title: string; lines: string[]; badge?: string; image?: React.ReactNode; children?: React.ReactNode; testId?: string }) {
  const styles = useStyles();
  return (
    <li>
      <Card data-testid={testId}>
        <div className={styles.row}>
          {image}
          <div className={styles.main}>
            <Text weight="semibold" className={styles.name}>
              <bdi>{title}</bdi> {badge && <Badge appearance="tint">{badge}</Badge>}
            </Text>
            {lines.map((line, i) => (
              <Text key={i} size={200} className={styles.muted}>
                <bdi>{line}</bdi>
              </Text>
            ))}
          </div>
          {children && <div className={styles.actions}>{children}</div>}
        </div>
      </Card>
    </li>
  );
}

function DeleteButton({ disabled, label, onClick }: { disabled: boolean; label: string; onClick: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Button icon={<DeleteRegular />} disabled={disabled} aria-label={label} onClick={onClick} data-testid="admin-delete">
      {t('delete')}
    </Button>
  );
}
