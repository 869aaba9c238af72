import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsFor } from '../../../shared/lifecycle';
import { transportRequestLifecycle } from '../../../shared/lifecycles/transport';
import type { TransportOffer } from '../../../shared/schemas/transport-offer';
import type { TransportRequest } from '../../../shared/schemas/transport-request';
import { usePendingKeys } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { deliveryForRequest } from '../deliveries/deliveryView';
import { RequesterDeliveryPanel } from '../deliveries/DeliveryPanel';
import { useDeliveries } from '../deliveries/queries';
import { RefusedCreates } from '../../ui/RefusedCreates';
import { CreateRequestDialog } from './CreateRequestDialog';
import { useTransportMutations } from './mutations';
import { quoteKey, requestKey, useOwnRequests } from './queries';
import { QuoteRow } from './QuoteRow';
import { RequestCard } from './RequestCard';
import { Muted } from './Muted';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalM },
  quotes: { display: 'grid', gap: tokens.spacingVerticalS },
  h3: { margin: 0, fontSize: tokens.fontSizeBase300 },
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
});

type Confirm = { kind: 'accept'; request: TransportRequest; quote: TransportOffer } | { kind: 'cancel'; request: TransportRequest } | null;

/** Anyone but a transport company: request transport, compare quotes, accept one, cancel. */
export function RequesterRequests({ userId }: { userId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('transport');
  const format = useFormat();
  const rows = useOwnRequests(userId);
  const deliveries = useDeliveries();
  const pendingKeys = usePendingKeys();
  const { accept, move } = useTransportMutations();
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);

  const onConfirm = async () => {
    if (!confirm) return;
    setConfirm(null);
    if (confirm.kind === 'accept') await accept(confirm.request.id, confirm.quote.id);
    else await move(confirm.request.id, 'cancelled');
  };

  return (
    <div className={styles.list}>
      <div className={styles.toolbar}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)} data-testid="new-request">
          {t('new')}
        </Button>
      </div>
      <RefusedCreates
        name="transport_request.create"
        heading={(args) => t('card.route', { from: String(args.pickup_location ?? ''), to: String(args.delivery_location ?? '') })}
        badge={t('status.refused')}
      />
      {rows && rows.length === 0 && <Muted testId="requests-empty">{t('empty.requester')}</Muted>}
      {rows?.map(({ request, quotes }) => {
        const actions = actionsFor(transportRequestLifecycle, request.status, 'owner');
        const delivery = deliveryForRequest(deliveries ?? [], request);
        return (
          <RequestCard key={request.id} request={request} pending={pendingKeys.has(requestKey(request.id))}>
            <section className={styles.quotes} aria-label={t('quotes.title')}>
              <h3 className={styles.h3}>{t('quotes.title')}</h3>
              {quotes.length === 0 && <Muted>{request.status === 'pending' ? t('quotes.none') : t('quotes.noneClosed')}</Muted>}
              {quotes.map((quote) => (
                <QuoteRow key={quote.id} quote={quote} pending={pendingKeys.has(quoteKey(quote.id))} showScorecard>
                  {actions.includes('accept') && quote.status === 'submitted' && (
                    <Button appearance="primary" onClick={() => setConfirm({ kind: 'accept', request, quote })} data-testid="accept-quote">
                      {t('quotes.accept')}
                    </Button>
                  )}
                </QuoteRow>
              ))}
            </section>
            {delivery && <RequesterDeliveryPanel delivery={delivery} />}
            {actions.includes('cancel') && (
              <div>
                <Button onClick={() => setConfirm({ kind: 'cancel', request })} data-testid="cancel-request">
                  {t('actions.cancel')}
                </Button>
              </div>
            )}
          </RequestCard>
        );
      })}
      {creating && <CreateRequestDialog onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.kind === 'accept'
            ? t('quotes.acceptTitle', { name: confirm.quote.transport_company_name ?? t('card.someone'), price: format.sar(confirm.quote.quoted_price) })
            : t('actions.cancelTitle')
        }
        body={confirm?.kind === 'accept' ? t('quotes.acceptBody') : confirm?.request.status === 'assigned' ? t('actions.cancelAssignedBody') : t('actions.cancelBody')}
        confirm={confirm?.kind === 'accept' ? t('quotes.accept') : t('actions.confirmCancel')}
        dismiss={t('actions.back')}
        onConfirm={() => void onConfirm()}
        onDismiss={() => setConfirm(null)}
      />
    </div>
  );
}
