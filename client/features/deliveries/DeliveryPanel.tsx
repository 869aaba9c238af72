import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Delivery } from '../../../shared/schemas/delivery';
import type { TransportRequest } from '../../../shared/schemas/transport-request';
import { useOutbox, usePendingKeys } from '../../data/local/hooks';
import { i18n } from '../../i18n';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Facts, type Fact } from '../../ui/Facts';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusalNote } from '../../ui/RefusalNote';
import { StatusBadge } from '../../ui/StatusBadge';
import { ReviewDialog, type ReviewDeal } from '../reviews/ReviewDialog';
import { DealReview } from '../reviews/DealReview';
import { AssignDriverDialog } from './AssignDriverDialog';
import { useDeliveryMutations } from './mutations';
import { ProblemDialog } from './ProblemDialog';
import { Proof } from './Proof';
import { deliveryKey } from './queries';
import { Timeline } from './Timeline';
import { ReceiptFromDelivery } from '../goods-receipts/ReceiptFromDelivery';
import { DELIVERY_STAGE_TONE } from '../../ui/statusTones';

// The review prompt after a confirmation speaks the reviews namespace: loaded with this
// module (the transport screen's chunk), so opening the prompt does not suspend the screen.
void i18n.loadNamespaces(['reviews']);

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gap: tokens.spacingVerticalS,
    paddingBlockStart: tokens.spacingVerticalS,
    borderBlockStartWidth: '1px',
    borderBlockStartStyle: 'solid',
    borderBlockStartColor: tokens.colorNeutralStroke2,
  },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  h3: { margin: 0, fontSize: tokens.fontSizeBase300 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** Who the driver is, the plate and the stage, then the timeline and the proof. */
function DeliverySummary({ delivery }: { delivery: Delivery }) {
  const styles = useStyles();
  const { t } = useTranslation('deliveries');
  const pending = usePendingKeys().has(deliveryKey(delivery.id));
  const facts: Fact[] = [
    { term: t('driver'), value: <bdi>{delivery.driver_name ?? t('driverPending')}</bdi>, testId: 'delivery-driver' },
    { term: t('plate'), value: <bdi>{delivery.vehicle_plate}</bdi>, testId: 'delivery-plate' },
  ];
  return (
    <>
      <div className={styles.head}>
        <h3 className={styles.h3}>{t('title')}</h3>
        <StatusBadge label={t(`stages.${delivery.stage}`)} tone={DELIVERY_STAGE_TONE[delivery.stage]} status={delivery.stage} testId="delivery-stage" />
        {pending && <PendingBadge />}
      </div>
      <Facts facts={facts} />
      <Timeline delivery={delivery} />
      <Proof delivery={delivery} />
      <RefusalNote rowKey={deliveryKey(delivery.id)} />
    </>
  );
}

/**
 * The transport company's part of an assigned job: "Assign driver" (or change the driver
 * until the cargo is picked up), then the delivery as it goes.
 */
export function CompanyDeliveryPanel({ request, delivery }: { request: TransportRequest; delivery: Delivery | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation('deliveries');
  const [assigning, setAssigning] = useState(false);
  // A first assignment has no local row (the server makes the delivery): until it is sent, the outbox says who and which plate.
  const waiting = useOutbox().filter((m) => m.name === 'delivery.assign' && m.status === 'pending' && m.args.id === request.id).at(-1);
  const canAssign = request.status === 'assigned' && (!delivery || delivery.stage === 'assigned');
  if (!delivery && !canAssign) return null;
  return (
    <section className={styles.root} aria-label={t('title')} data-testid="delivery-panel">
      {delivery && <DeliverySummary delivery={delivery} />}
      {!delivery && waiting && (
        <div className={styles.head} data-testid="assignment-waiting">
          <span>{t('assignedPlate', { plate: String(waiting.args.vehicle_plate ?? '') })}</span>
          <PendingBadge />
        </div>
      )}
      {canAssign && (
        <div className={styles.actions}>
          <Button appearance={delivery || waiting ? 'secondary' : 'primary'} onClick={() => setAssigning(true)} data-testid="assign-driver-open">
            {delivery || waiting ? t('changeDriver') : t('assign')}
          </Button>
        </div>
      )}
      {assigning && <AssignDriverDialog request={request} current={delivery} onClose={() => setAssigning(false)} />}
    </section>
  );
}

/**
 * The requester's view of their delivery: the timeline and the proof, and once delivered,
 * "Confirm receipt" (then a review of the transport company: the request is a completed deal)
 * or "Report a problem"; and where its review stands.
 */
export function RequesterDeliveryPanel({ delivery }: { delivery: Delivery }) {
  const styles = useStyles();
  const { t } = useTranslation(['deliveries', 'transport']);
  const { confirm } = useDeliveryMutations();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [review, setReview] = useState<ReviewDeal | null>(null);
  const carrier = delivery.company_name ?? t('transport:card.someone');
  const deal = { transport_request_id: delivery.transport_request_id };
  return (
    <section className={styles.root} aria-label={t('title')} data-testid="delivery-panel">
      <DeliverySummary delivery={delivery} />
      <ReceiptFromDelivery delivery={delivery} />
      {delivery.stage === 'delivered' && (
        <div className={styles.actions}>
          <Button appearance="primary" onClick={() => setConfirming(true)} data-testid="confirm-receipt">
            {t('confirm')}
          </Button>
          <Button onClick={() => setReporting(true)} data-testid="report-problem">
            {t('reportProblem')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('confirmTitle')}
        body={t('confirmBody', { name: delivery.company_name ?? t('transport:card.someone') })}
        confirm={t('confirm')}
        dismiss={t('transport:actions.back')}
        confirmTestId="confirm-receipt-yes"
        onConfirm={() => {
          setConfirming(false);
          void confirm(delivery.id, '').then(() => setReview({ ref: deal, name: carrier, products: [] }));
        }}
        onDismiss={() => setConfirming(false)}
      />
      {reporting && <ProblemDialog delivery={delivery} onClose={() => setReporting(false)} />}
      {/* The request is delivered from the driver's last step: a completed deal, reviewed once per side. */}
      {(delivery.stage === 'delivered' || delivery.stage === 'confirmed') && !review && <DealReview deal={deal} otherName={carrier} />}
      <ReviewDialog deal={review} onClose={() => setReview(null)} />
    </section>
  );
}
