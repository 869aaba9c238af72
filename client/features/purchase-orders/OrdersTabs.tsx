import { Tab, TabList } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../paths';

/** The orders screen's two lists: the purchase orders, and the disputes on them. */
export function OrdersTabs({ current }: { current: 'orders' | 'disputes' }) {
  const { t } = useTranslation('purchase-orders');
  const navigate = useNavigate();
  return (
    <TabList selectedValue={current} onTabSelect={(_, d) => void navigate(d.value === 'disputes' ? PATHS.disputes : PATHS.purchaseOrders)} data-testid="orders-tabs">
      <Tab value="orders" data-testid="tab-orders">
        {t('tabs.orders')}
      </Tab>
      <Tab value="disputes" data-testid="tab-disputes">
        {t('tabs.disputes')}
      </Tab>
    </TabList>
  );
}
