import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PurchaseOrder, PurchaseOrderSide } from '../../../shared/schemas/purchase-order';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { Facts } from '../../ui/Facts';
import { ItemCard } from '../../ui/ItemCard';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusalNote } from '../../ui/RefusalNote';
import { StatusBadge } from '../../ui/StatusBadge';
import { purchaseOrderKey } from './queries';
import { Identifier } from '../../ui/Identifier';
import { PURCHASE_ORDER_TONE } from '../../ui/statusTones';

/** The status and the reader's side of an order, as badges. */
export function PurchaseOrderBadges({ order, side, pending }: { order: PurchaseOrder; side: PurchaseOrderSide; pending: boolean }) {
  const { t } = useTranslation('purchase-orders');
  return (
    <>
      <StatusBadge label={t(`status.${order.status}`)} tone={PURCHASE_ORDER_TONE[order.status]} status={order.status} testId="po-status" />
      <StatusBadge label={t(`side.${side}`)} tone="subtle" status={side} testId="po-side" />
      {pending && <PendingBadge />}
    </>
  );
}

/** One purchase order of the list: its number, what it buys, the other party, the total. */
export function PurchaseOrderCard({ order, side, pending }: { order: PurchaseOrder; side: PurchaseOrderSide; pending: boolean }) {
  const { t } = useTranslation('purchase-orders');
  const format = useFormat();
  const navigate = useNavigate();
  const counterparty = side === 'buyer' ? order.seller_name : order.buyer_name;
  return (
    <ItemCard
      testId="po-card"
      id={order.id}
      heading={<Identifier testId="po-number">{order.number}</Identifier>}
      badges={<PurchaseOrderBadges order={order} side={side} pending={pending} />}
    >
      <Facts
        facts={[
          { term: t('card.title'), value: <bdi>{order.title}</bdi> },
          { term: side === 'buyer' ? t('card.seller') : t('card.buyer'), value: <bdi>{counterparty ?? t('card.someone')}</bdi>, testId: 'po-counterparty' },
          ...(order.site_name ? [{ term: t('detail.site'), value: <bdi>{order.site_name}</bdi>, testId: 'po-site' }] : []),
          { term: t('card.total'), value: format.sar(order.total), testId: 'po-total' },
          { term: t('card.issued'), value: format.date(order.issued_at) },
        ]}
      />
      <RefusalNote rowKey={purchaseOrderKey(order.id)} />
      <div>
        <Button onClick={() => void navigate(`${PATHS.purchaseOrders}/${order.id}`)} data-testid="open-po">
          {t('actions.open')}
        </Button>
      </div>
    </ItemCard>
  );
}
