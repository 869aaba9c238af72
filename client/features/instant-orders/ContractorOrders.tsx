import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsFor } from '../../../shared/lifecycle';
import { instantOrderLifecycle } from '../../../shared/lifecycles/instant-orders';
import type { InstantOrder } from '../../../shared/schemas/instant-order';
import type { InstantOrderResponse } from '../../../shared/schemas/instant-order-response';
import { usePendingKeys } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { OrderTransport } from '../transport/DealTransport';
import { RefusedCreates } from '../../ui/RefusedCreates';
import { CreateOrderDialog } from './CreateOrderDialog';
import { useOrderMutations } from './mutations';
import { OfferRow } from './OfferRow';
import { Note, OrderCard } from './OrderCard';
import { offerKey, orderKey, useContractorOrders, useNow } from './queries';
import { useSites } from '../sites/queries';
import { orderStatusAt } from './status';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalM },
  offers: { display: 'grid', gap: tokens.spacingVerticalS },
  h3: { margin: 0, fontSize: tokens.fontSizeBase300 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
});

type Pending = { kind: 'accept'; order: InstantOrder; offer: InstantOrderResponse } | { kind: 'cancel'; order: InstantOrder } | null;

/** A contractor's side: post an order, see the offers on each, accept one or cancel. */
export function ContractorOrders({ userId }: { userId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('orders');
  const format = useFormat();
  const now = useNow();
  const rows = useContractorOrders(userId);
  const pendingKeys = usePendingKeys();
  const { accept, cancel } = useOrderMutations();
  const sites = useSites();
  const siteNames = new Map(sites?.map((s) => [s.id, s.name]));
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<Pending>(null);

  const onConfirm = async () => {
    if (!confirm) return;
    setConfirm(null);
    if (confirm.kind === 'accept') await accept(confirm.order.id, confirm.offer.id);
    else await cancel(confirm.order.id);
  };

  return (
    <div className={styles.list}>
      <div className={styles.toolbar}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)} data-testid="new-order">
          {t('new')}
        </Button>
      </div>
      <RefusedCreates name="instant_order.create" heading={(args) => String(args.title ?? '')} badge={t('status.refused')} />
      {rows && rows.length === 0 && <Note testId="orders-empty">{t('empty.contractor')}</Note>}
      {rows?.map(({ order, offers }) => {
        const status = orderStatusAt(order, now);
        const actions = actionsFor(instantOrderLifecycle, status, 'owner');
        const accepted = order.status === 'fulfilled' ? offers.find((o) => o.id === order.accepted_response_id && o.status === 'accepted') : undefined;
        return (
          <OrderCard key={order.id} order={order} now={now} pending={pendingKeys.has(orderKey(order.id))} siteName={order.site_id ? siteNames.get(order.site_id) : undefined}>
            <section className={styles.offers} aria-label={t('offers.title')}>
              <h3 className={styles.h3}>{t('offers.title')}</h3>
              {offers.length === 0 && <Note>{status === 'active' ? t('offers.none') : t('offers.noneClosed')}</Note>}
              {offers.map((offer) => (
                <OfferRow key={offer.id} offer={offer} pending={pendingKeys.has(offerKey(offer.id))}>
                  {actions.includes('accept') && offer.status === 'submitted' && (
                    <Button appearance="primary" onClick={() => setConfirm({ kind: 'accept', order, offer })} data-testid="accept-offer">
                      {t('offers.accept')}
                    </Button>
                  )}
                </OfferRow>
              ))}
            </section>
            {accepted && <OrderTransport order={order} offer={accepted} />}
            {actions.includes('cancel') && (
              <div className={styles.actions}>
                <Button onClick={() => setConfirm({ kind: 'cancel', order })} data-testid="cancel-order">
                  {t('actions.cancel')}
                </Button>
              </div>
            )}
          </OrderCard>
        );
      })}
      {creating && <CreateOrderDialog open onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.kind === 'accept'
            ? t('offers.acceptTitle', { name: confirm.offer.supplier_name ?? t('card.someone'), price: format.sar(confirm.offer.offered_price) })
            : t('actions.cancelTitle')
        }
        body={confirm?.kind === 'accept' ? t('offers.acceptBody') : t('actions.cancelBody')}
        confirm={confirm?.kind === 'accept' ? t('offers.accept') : t('actions.confirmCancel')}
        dismiss={t('actions.back')}
        onConfirm={() => void onConfirm()}
        onDismiss={() => setConfirm(null)}
      />
    </div>
  );
}
