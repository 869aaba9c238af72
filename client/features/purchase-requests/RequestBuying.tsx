/**
 * What a purchase request is bought as, on its screen. A request of kind request, once
 * approved, is bought once: as an RFQ (its lines carried over, in the RFQ builder) or, of
 * one line, as an instant order (its form, here); then it links to what it became. A
 * request of kind order is the approval purchase orders of the site wait for (placed over
 * what their request approved, or without one): it names them, each with its number,
 * total and status, and is decided like any request.
 */
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CartRegular, DocumentSearchRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { PurchaseOrderStatus } from '../../../shared/schemas/purchase-order';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { Identifier } from '../../ui/Identifier';
import { CARD_SURFACE } from '../../ui/ItemCard';
import { StatusBadge } from '../../ui/StatusBadge';
import { PURCHASE_ORDER_TONE } from '../../ui/statusTones';
import { RequestOrderDialog } from '../instant-orders/RequestOrderDialog';
import { rfqFromRequestUrl } from '../rfqs/fromRequestUrl';
import { useSite } from '../sites/queries';
import { buyable, type ShownRequest } from './queries';

const useStyles = makeStyles({
  panel: { display: 'grid', gap: tokens.spacingVerticalM, ...CARD_SURFACE },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  list: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  order: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  money: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
});

export function RequestBuying({ request }: { request: ShownRequest }) {
  if (request.kind === 'order') return <OrdersWaiting request={request} />;
  if (request.rfq_id || request.instant_order_id) return <BoughtAs request={request} />;
  if (buyable(request)) return <BuyActions request={request} />;
  return null;
}

function BuyActions({ request }: { request: ShownRequest }) {
  const styles = useStyles();
  const { t } = useTranslation('purchase-requests');
  const navigate = useNavigate();
  const site = useSite(request.site_id);
  const [ordering, setOrdering] = useState(false);
  // An instant order buys one material: a request of several lines becomes an RFQ.
  const oneLine = request.lines.length === 1;
  return (
    <section className={styles.panel} aria-labelledby="buy-title" data-testid="request-buy">
      <h2 id="buy-title" className={styles.h2}>
        {t('buy.title')}
      </h2>
      <Text>{t(oneLine ? 'buy.body' : 'buy.bodyLines')}</Text>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<DocumentSearchRegular />} onClick={() => void navigate(rfqFromRequestUrl(request.id))} data-testid="request-to-rfq">
          {t('buy.rfq')}
        </Button>
        {oneLine && (
          <Button icon={<CartRegular />} onClick={() => setOrdering(true)} data-testid="request-to-instant-order">
            {t('buy.instantOrder')}
          </Button>
        )}
      </div>
      {ordering && <RequestOrderDialog request={request} site={site ?? null} onClose={() => setOrdering(false)} onDone={() => setOrdering(false)} />}
    </section>
  );
}

function BoughtAs({ request }: { request: ShownRequest }) {
  const styles = useStyles();
  const { t } = useTranslation('purchase-requests');
  return (
    <section className={styles.panel} aria-labelledby="bought-title" data-testid="request-bought">
      <h2 id="bought-title" className={styles.h2}>
        {t(request.rfq_id ? 'buy.becameRfq' : 'buy.becameInstantOrder')}
      </h2>
      {request.rfq_id ? (
        <Link to={`${PATHS.rfqs}/${request.rfq_id}`} data-testid="request-rfq-link">
          {t('buy.openRfq')}
        </Link>
      ) : (
        // Instant orders are one list, each order a card on it.
        <Link to={PATHS.instantOrders} data-testid="request-instant-order-link">
          {t('buy.openInstantOrder')}
        </Link>
      )}
    </section>
  );
}

function OrdersWaiting({ request }: { request: ShownRequest }) {
  const styles = useStyles();
  const { t } = useTranslation(['purchase-requests', 'purchase-orders']);
  const format = useFormat();
  return (
    <section className={styles.panel} aria-labelledby="orders-title" data-testid="request-orders">
      <h2 id="orders-title" className={styles.h2}>
        {t('purchase-requests:orders.title')}
      </h2>
      <Text>{t(request.status === 'pending' ? 'purchase-requests:orders.bodyPending' : 'purchase-requests:orders.body')}</Text>
      {request.source_request_id && (
        <Link to={`${PATHS.purchaseRequests}/${request.source_request_id}`} data-testid="request-source-link">
          {t('purchase-requests:orders.source')}
        </Link>
      )}
      {request.purchase_orders.length === 0 ? (
        <Text>{t('purchase-requests:orders.none')}</Text>
      ) : (
        <ul className={styles.list}>
          {request.purchase_orders.map((po) => {
            const status = po.status as PurchaseOrderStatus;
            return (
              <li key={po.id} className={styles.order} data-testid="request-order" data-id={po.id} data-status={po.status}>
                <Link to={`${PATHS.purchaseOrders}/${po.id}`} aria-label={t('purchase-requests:orders.open', { number: po.number })}>
                  <Identifier>{po.number}</Identifier>
                </Link>
                <span className={styles.money} data-money>
                  {format.sar(po.total)}
                </span>
                <StatusBadge label={t(`purchase-orders:status.${status}`, { defaultValue: po.status })} tone={PURCHASE_ORDER_TONE[status]} status={po.status} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
