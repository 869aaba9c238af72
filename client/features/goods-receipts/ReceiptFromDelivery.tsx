import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Delivery } from '../../../shared/schemas/delivery';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { RECEIVABLE_STATUSES, receiveUrl } from './receiptForm';

/**
 * A delivery of a purchase order's goods, delivered with a proof, prompts its buyer to
 * record what actually arrived: the record-receipt form of the order, prefilled with what
 * is open and naming the delivery. Not offered once a receipt names the delivery, nor on
 * an order that takes no receipt (closed, cancelled), nor to the seller.
 */
export function ReceiptFromDelivery({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation('receipts');
  const navigate = useNavigate();
  const { db } = useLocalData();
  const delivered = (delivery.stage === 'delivered' || delivery.stage === 'confirmed') && Boolean(delivery.recipient_name);
  const order = useLiveQuery(async () => {
    if (!delivered) return null;
    const request = await db.transport_requests.get(delivery.transport_request_id);
    const orderId = request?.purchase_order_id;
    if (!orderId) return null;
    const po = await db.purchase_orders.get(orderId);
    if (!po || po.buyer_id !== db.accountId || !RECEIVABLE_STATUSES.has(po.status)) return null;
    const received = await db.goods_receipts.where('purchase_order_id').equals(po.id).filter((r) => r.delivery_id === delivery.id).count();
    return received ? null : po;
  }, [db, delivery.transport_request_id, delivery.id, delivered]);
  if (!order) return null;
  const to = receiveUrl(order.id, delivery.id);
  return (
    <MessageBar intent="info" layout="multiline" data-testid="receipt-from-delivery">
      <MessageBarBody>{t('delivery.prompt')}</MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" onClick={() => void navigate(to)} data-testid="receipt-from-delivery-open">
          {t('delivery.action')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
