import { Button, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptsSubmissions } from '../../../shared/lifecycle';
import { instantOrderLifecycle } from '../../../shared/lifecycles/instant-orders';
import type { InstantOrder } from '../../../shared/schemas/instant-order';
import { usePendingKeys, useRejections } from '../../data/local/hooks';
import { OfferDialog } from './OfferDialog';
import { OfferRow } from './OfferRow';
import { Note, OrderCard } from './OrderCard';
import { offerKey, orderKey, useNow, useSupplierOrders } from './queries';
import { byUrgency, newestFirst, orderStatusAt } from './status';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalM },
});

type TabValue = 'open' | 'mine';

/** A supplier's side: every active order, most urgent first, to offer on; and their own offers with the outcome. */
export function SupplierOrders({ userId }: { userId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('orders');
  const now = useNow();
  const view = useSupplierOrders(userId);
  const pendingKeys = usePendingKeys();
  const rejections = useRejections();
  const [tab, setTab] = useState<TabValue>('open');
  const [offering, setOffering] = useState<InstantOrder | null>(null);

  const { open, mine } = useMemo(() => {
    if (!view) return { open: undefined, mine: undefined };
    // An order whose offer was refused stays under "my offers", where the refusal shows.
    const refused = new Set(
      rejections.filter((r) => r.name === 'instant_order_response.create').map((r) => String(r.args.instant_order_id)),
    );
    return {
      open: view.orders.filter((o) => orderStatusAt(o, now) === 'active').sort(byUrgency),
      mine: view.orders.filter((o) => view.mine.has(o.id) || refused.has(o.id)).sort(newestFirst),
    };
  }, [view, rejections, now]);

  const list = tab === 'open' ? open : mine;

  return (
    <div className={styles.list}>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabValue)} data-testid="orders-tabs">
        <Tab value="open" data-testid="tab-open">
          {t('tabs.open')}
        </Tab>
        <Tab value="mine" data-testid="tab-mine">
          {t('tabs.mine')}
        </Tab>
      </TabList>
      {list && list.length === 0 && <Note testId="orders-empty">{t(tab === 'open' ? 'empty.open' : 'empty.mine')}</Note>}
      {list?.map((order) => {
        const status = orderStatusAt(order, now);
        const offer = view?.mine.get(order.id);
        const canOffer = acceptsSubmissions(instantOrderLifecycle, status) && (!offer || offer.status === 'submitted');
        return (
          <OrderCard key={order.id} order={order} now={now} pending={pendingKeys.has(orderKey(order.id))}>
            {offer && <OfferRow offer={offer} pending={pendingKeys.has(offerKey(offer.id))} title={t('offers.yours')} />}
            {canOffer && (
              <div>
                <Button appearance={offer ? 'secondary' : 'primary'} onClick={() => setOffering(order)} data-testid="send-offer">
                  {offer ? t('actions.changeOffer') : t('actions.offer')}
                </Button>
              </div>
            )}
          </OrderCard>
        );
      })}
      {offering && <OfferDialog order={offering} existing={view?.mine.get(offering.id)} onClose={() => setOffering(null)} />}
    </div>
  );
}
