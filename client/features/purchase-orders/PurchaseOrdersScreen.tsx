import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { accountIdOf } from '../../../shared/schemas/user';
import { useSession } from '../../data/session';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { useItemPage } from '../../ui/useItemPage';
import { PATHS } from '../../paths';
import { PurchaseOrderDetail } from './PurchaseOrderDetail';
import { PurchaseOrderList } from './PurchaseOrderList';
import { OrdersTabs } from './OrdersTabs';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
});

/**
 * /purchase-orders: the company's purchase orders as buyer or seller, and
 * /purchase-orders/{id}: one of them (the address a notification about it opens).
 * Read from the local store, so it works offline; answers wait in the outbox.
 */
export function PurchaseOrdersScreen() {
  const styles = useStyles();
  const { t } = useTranslation('purchase-orders');
  const { id, movedTo } = useItemPage(PATHS.purchaseOrders);
  const { session } = useSession();
  if (movedTo) return <Navigate to={movedTo} replace />;
  if (session.status !== 'signedIn') return null;
  const accountId = accountIdOf(session.user);
  if (id) return <PurchaseOrderDetail id={id} accountId={accountId} />;
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <ScreenHeading title={t('title')} intro={t('intro')} />
      <OrdersTabs current="orders" />
      <PurchaseOrderList accountId={accountId} />
    </section>
  );
}
