import { Button, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptsSubmissions, actionsFor } from '../../../shared/lifecycle';
import { transportRequestLifecycle } from '../../../shared/lifecycles/transport';
import type { TransportRequest } from '../../../shared/schemas/transport-request';
import { usePendingKeys, useRejections } from '../../data/local/hooks';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { deliveryForRequest } from '../deliveries/deliveryView';
import { CompanyDeliveryPanel } from '../deliveries/DeliveryPanel';
import { useDeliveries } from '../deliveries/queries';
import { useTransportMutations } from './mutations';
import { Muted } from './Muted';
import { quoteKey, requestKey, useCompanyRequests } from './queries';
import { QuoteDialog } from './QuoteDialog';
import { QuoteRow } from './QuoteRow';
import { RequestCard } from './RequestCard';
import { DealReview } from '../reviews/DealReview';
import { actorOf, byJobOrder, newestFirst } from './status';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

type TabValue = 'open' | 'quotes' | 'jobs';

/** A transport company: pending requests to quote on, its quotes and their outcome, and the jobs it moves. */
export function CompanyRequests({ userId }: { userId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('transport');
  const view = useCompanyRequests(userId);
  const deliveries = useDeliveries();
  const pendingKeys = usePendingKeys();
  const rejections = useRejections();
  const { move } = useTransportMutations();
  const [tab, setTab] = useState<TabValue>('open');
  const [quoting, setQuoting] = useState<TransportRequest | null>(null);
  const [delivering, setDelivering] = useState<TransportRequest | null>(null);

  const lists = useMemo(() => {
    if (!view) return undefined;
    // A request whose quote was refused stays under "my quotes", where the refusal shows.
    const refused = new Set(rejections.filter((r) => r.name === 'transport_offer.create').map((r) => String(r.args.transport_request_id)));
    return {
      open: view.requests.filter((r) => r.status === 'pending').sort(newestFirst),
      quotes: view.requests.filter((r) => view.mine.has(r.id) || refused.has(r.id)).sort(newestFirst),
      jobs: view.requests.filter((r) => actorOf(r, userId, view.mine) === 'assignee').sort(byJobOrder),
    };
  }, [view, rejections, userId]);

  const list = lists?.[tab];

  return (
    <div className={styles.list}>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabValue)}>
        <Tab value="open" data-testid="tab-open">
          {t('tabs.open')}
        </Tab>
        <Tab value="quotes" data-testid="tab-quotes">
          {t('tabs.quotes')}
        </Tab>
        <Tab value="jobs" data-testid="tab-jobs">
          {t('tabs.jobs')}
        </Tab>
      </TabList>
      {list && list.length === 0 && <Muted testId="requests-empty">{t(`empty.${tab}`)}</Muted>}
      {list?.map((request) => {
        const mine = view?.mine.get(request.id);
        const canQuote = acceptsSubmissions(transportRequestLifecycle, request.status) && (!mine || mine.status === 'submitted');
        const assignee = actorOf(request, userId, view!.mine) === 'assignee';
        const delivery = assignee ? deliveryForRequest(deliveries ?? [], request) : undefined;
        // Once a driver has the job, the driver's steps move it; before that the company may move it itself.
        const jobActions = assignee && !delivery ? actionsFor(transportRequestLifecycle, request.status, 'assignee') : [];
        return (
          <RequestCard key={request.id} request={request} pending={pendingKeys.has(requestKey(request.id))}>
            {mine && <QuoteRow quote={mine} pending={pendingKeys.has(quoteKey(mine.id))} title={t('quotes.yours')} />}
            <div className={styles.actions}>
              {canQuote && (
                <Button appearance={mine ? 'secondary' : 'primary'} onClick={() => setQuoting(request)} data-testid="send-quote">
                  {mine ? t('actions.changeQuote') : t('actions.quote')}
                </Button>
              )}
              {jobActions.includes('start_transit') && (
                <Button appearance="primary" onClick={() => void move(request.id, 'in_transit')} data-testid="start-transit">
                  {t('actions.startTransit')}
                </Button>
              )}
              {jobActions.includes('deliver') && (
                <Button appearance="primary" onClick={() => setDelivering(request)} data-testid="deliver">
                  {t('actions.deliver')}
                </Button>
              )}
            </div>
            {assignee && <CompanyDeliveryPanel request={request} delivery={delivery} />}
            {/* A delivered request is a completed deal: the carrier reviews the requester once. */}
            {assignee && request.status === 'delivered' && <DealReview deal={{ transport_request_id: request.id }} otherName={request.requester_name ?? t('card.someone')} />}
          </RequestCard>
        );
      })}
      {quoting && <QuoteDialog request={quoting} existing={view?.mine.get(quoting.id)} onClose={() => setQuoting(null)} />}
      <ConfirmDialog
        open={delivering !== null}
        title={t('actions.deliverTitle')}
        body={t('actions.deliverBody')}
        confirm={t('actions.deliver')}
        dismiss={t('actions.back')}
        onConfirm={() => {
          if (delivering) void move(delivering.id, 'delivered');
          setDelivering(null);
        }}
        onDismiss={() => setDelivering(null)}
      />
    </div>
  );
}
