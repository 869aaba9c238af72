import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ITEM_PARAM } from '../../../shared/push';
import { accountIdOf } from '../../../shared/schemas/user';
import { useSession } from '../../data/session';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { PurchaseOrderDetail } from './PurchaseOrderDetail';
import { PurchaseOrderList } from './PurchaseOrderList';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
});

/**
 * /purchase-orders: the company's purchase orders as buyer or seller, and
 * /purchase-orders?item={id}: one of them (the address a notification about it opens).
 * Read from the local store, so it works offline; answers wait in the outbox.
 */
export function PurchaseOrdersScreen() {
  const styles = useStyles();
  const { t } = useTranslation('purchase-orders');
  const [search] = useSearchParams();
  const { session } = useSession();
  if (session.status !== 'signedIn') return null;
  const accountId = accountIdOf(session.user);
  const id = search.get(ITEM_PARAM);
  if (id) return <PurchaseOrderDetail id={id} accountId={accountId} />;
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <ScreenHeading title={t('title')} intro={t('intro')} />
      <PurchaseOrderList accountId={accountId} />
    </section>
  );
}
