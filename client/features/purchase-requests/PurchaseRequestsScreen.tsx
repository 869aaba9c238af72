import { Button, Field, Select, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ClipboardTaskListLtrRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { useItemPage } from '../../ui/useItemPage';
import { useSites } from '../sites/queries';
import { useMyUserId, useRequests, waitsFor } from './queries';
import { RequestCard } from './RequestCard';
import { RequestDetail } from './RequestDetail';
import { RequestForm } from './RequestForm';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', justifyContent: 'space-between' },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  list: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))' },
});

/** The address of the new-request form: /purchase-requests/new (?site_id= picks its site). */
export const NEW_REQUEST = 'new';

/**
 * /purchase-requests: the company's purchase requests, those waiting for the person's
 * approval or all of them, of one site or every site (?show=waiting, ?site_id=), newest
 * first; /purchase-requests/new: a new one; /purchase-requests/{id}: one request with its
 * approvals. Read from the local store, so all of it works offline.
 */
export function PurchaseRequestsScreen() {
  const styles = useStyles();
  const { t } = useTranslation('purchase-requests');
  const format = useFormat();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { id, movedTo } = useItemPage(PATHS.purchaseRequests);
  const me = useMyUserId();
  const siteId = search.get('site_id') ?? undefined;
  const requests = useRequests(siteId);
  const sites = useSites();
  if (movedTo) return <Navigate to={movedTo} replace />;
  if (id === NEW_REQUEST) return <RequestForm />;
  if (id) return <RequestDetail id={id} />;
  const show = search.get('show') === 'waiting' ? 'waiting' : 'all';
  const waiting = (requests ?? []).filter((r) => waitsFor(r, me));
  const shown = show === 'waiting' ? waiting : (requests ?? []);
  const setParam = (key: string, value: string | null) =>
    setSearch((s) => {
      const next = new URLSearchParams(s);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div className={styles.head}>
        <ScreenHeading title={t('title')} intro={t('intro')} />
        <Button appearance="primary" icon={<AddRegular />} onClick={() => void navigate(`${PATHS.purchaseRequests}/${NEW_REQUEST}${siteId ? `?site_id=${siteId}` : ''}`)} data-testid="new-request">
          {t('new')}
        </Button>
      </div>
      <div className={styles.filters}>
        <TabList selectedValue={show} onTabSelect={(_, d) => setParam('show', d.value === 'waiting' ? 'waiting' : null)} size="small" aria-label={t('tabs.label')}>
          <Tab value="waiting" data-testid="tab-waiting">
            {t('tabs.waiting')} ({format.number(waiting.length)})
          </Tab>
          <Tab value="all" data-testid="tab-all">
            {t('tabs.all')}
          </Tab>
        </TabList>
        {sites && sites.length > 1 && (
          <Field label={t('siteFilter.label')}>
            <Select value={siteId ?? ''} onChange={(_, d) => setParam('site_id', d.value || null)} data-testid="request-site-filter">
              <option value="">{t('siteFilter.all')}</option>
              {sites.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </div>
      {requests === undefined ? (
        <ListSkeleton label={t('loading')} />
      ) : shown.length === 0 ? (
        show === 'waiting' ? (
          <EmptyState icon={<ClipboardTaskListLtrRegular />} title={t('empty.waitingTitle')} body={t('empty.waitingBody')} testId="requests-empty" />
        ) : (
          <EmptyState icon={<ClipboardTaskListLtrRegular />} title={t('empty.title')} body={t('empty.body')} testId="requests-empty" />
        )
      ) : (
        <div className={styles.list} data-testid="requests-list">
          {shown.map((r) => (
            <RequestCard key={r.id} request={r} me={me} />
          ))}
        </div>
      )}
    </section>
  );
}
