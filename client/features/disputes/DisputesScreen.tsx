import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { ChatWarningRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PURCHASE_ORDER_SIDES, type PurchaseOrderSide } from '../../../shared/lifecycles/purchase-orders';
import { accountIdOf } from '../../../shared/schemas/user';
import { useSession } from '../../data/session';
import { PATHS } from '../../paths';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { useItemPage } from '../../ui/useItemPage';
import { OrdersTabs } from '../purchase-orders/OrdersTabs';
import { DisputeCard } from './DisputeCard';
import { DisputeDetail } from './DisputeDetail';
import { disputeSideOf, useDisputes } from './queries';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  list: { display: 'grid', gap: tokens.spacingVerticalM },
});

type Filter = 'all' | PurchaseOrderSide;

/**
 * /disputes: the disputes of the company's orders, as buyer or seller (a tab of the orders
 * screen), open ones first; /disputes/{id}: one of them. Read from the local store, so it
 * works offline; the answers wait in the outbox.
 */
export function DisputesScreen() {
  const styles = useStyles();
  const { t } = useTranslation('disputes');
  const { id, movedTo } = useItemPage(PATHS.disputes);
  const { session } = useSession();
  const [search, setSearch] = useSearchParams();
  const disputes = useDisputes();
  if (movedTo) return <Navigate to={movedTo} replace />;
  if (session.status !== 'signedIn') return null;
  const accountId = accountIdOf(session.user);
  if (id) return <DisputeDetail id={id} accountId={accountId} />;
  const filter: Filter = PURCHASE_ORDER_SIDES.find((s) => s === search.get('as')) ?? 'all';
  const shown = (disputes ?? [])
    .filter((d) => filter === 'all' || disputeSideOf(d, accountId) === filter)
    // Open ones first (the ones someone is to answer), then the newest.
    .sort((a, b) => Number(b.status === 'open') - Number(a.status === 'open'));
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <ScreenHeading title={t('title')} intro={t('intro')} />
      <OrdersTabs current="disputes" />
      <TabList selectedValue={filter} onTabSelect={(_, d) => setSearch(d.value === 'all' ? {} : { as: String(d.value) })} size="small">
        <Tab value="all">{t('filter.all')}</Tab>
        <Tab value="buyer">{t('filter.buyer')}</Tab>
        <Tab value="seller">{t('filter.seller')}</Tab>
      </TabList>
      {disputes === undefined ? (
        <ListSkeleton label={t('loading')} />
      ) : shown.length === 0 ? (
        <EmptyState icon={<ChatWarningRegular />} title={t('empty.title')} body={t('empty.body')} testId="disputes-empty" />
      ) : (
        <div className={styles.list} data-testid="disputes-list">
          {shown.map((d) => (
            <DisputeCard key={d.id} dispute={d} side={disputeSideOf(d, accountId)} />
          ))}
        </div>
      )}
    </section>
  );
}
