import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { ReceiptRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrderSide } from '../../../shared/schemas/purchase-order';
import { usePendingKeys } from '../../data/local/hooks';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { PurchaseOrderCard } from './PurchaseOrderCard';
import { purchaseOrderKey, sideOf, usePurchaseOrders } from './queries';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalM },
});

type Filter = 'all' | PurchaseOrderSide;

/** The company's purchase orders, newest first; buying and selling apart when it has both. */
export function PurchaseOrderList({ accountId }: { accountId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('purchase-orders');
  const orders = usePurchaseOrders();
  const pendingKeys = usePendingKeys();
  const [filter, setFilter] = useState<Filter>('all');
  if (!orders) return <ListSkeleton label={t('loading')} />;
  if (!orders.length) return <EmptyState icon={<ReceiptRegular />} title={t('empty.title')} body={t('empty.body')} testId="pos-empty" />;
  const sides = new Set(orders.map((o) => sideOf(o, accountId)));
  const shown = filter === 'all' ? orders : orders.filter((o) => sideOf(o, accountId) === filter);
  return (
    <div className={styles.list}>
      {sides.size > 1 && (
        <TabList selectedValue={filter} onTabSelect={(_, d) => setFilter(d.value as Filter)} aria-label={t('filter')}>
          <Tab value="all" data-testid="po-filter-all">
            {t('filters.all')}
          </Tab>
          <Tab value="buyer" data-testid="po-filter-buyer">
            {t('filters.buyer')}
          </Tab>
          <Tab value="seller" data-testid="po-filter-seller">
            {t('filters.seller')}
          </Tab>
        </TabList>
      )}
      {shown.map((order) => (
        <PurchaseOrderCard key={order.id} order={order} side={sideOf(order, accountId)} pending={pendingKeys.has(purchaseOrderKey(order.id))} />
      ))}
    </div>
  );
}
