import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PurchaseOrderSide } from '../../../shared/schemas/purchase-order';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { Facts } from '../../ui/Facts';
import { Identifier } from '../../ui/Identifier';
import { ItemCard } from '../../ui/ItemCard';
import { PendingBadge } from '../../ui/PendingBadge';
import { StatusBadge } from '../../ui/StatusBadge';
import { DISPUTE_TONE } from '../../ui/statusTones';
import type { ShownDispute } from './queries';

const useStyles = makeStyles({
  overdue: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** The status of a dispute, overdue while open past its deadline, and whether it waits to sync. */
export function DisputeBadges({ dispute }: { dispute: ShownDispute }) {
  const { t } = useTranslation('disputes');
  return (
    <>
      <StatusBadge label={t(`status.${dispute.status}`)} tone={DISPUTE_TONE[dispute.status]} status={dispute.status} testId="dispute-status" />
      {dispute.status === 'open' && dispute.overdue && <StatusBadge label={t('overdue')} tone="danger" status="overdue" testId="dispute-overdue" />}
      {dispute.pending && <PendingBadge />}
    </>
  );
}

/** One dispute of a list: its order, the other side, the reason, the deadline. */
export function DisputeCard({ dispute, side }: { dispute: ShownDispute; side: PurchaseOrderSide }) {
  const styles = useStyles();
  const { t } = useTranslation('disputes');
  const format = useFormat();
  const navigate = useNavigate();
  const counterparty = side === 'buyer' ? dispute.seller_name : dispute.buyer_name;
  return (
    <ItemCard testId="dispute-card" id={dispute.id} heading={<Identifier testId="dispute-order">{dispute.purchase_order_number}</Identifier>} badges={<DisputeBadges dispute={dispute} />}>
      <Facts
        facts={[
          { term: t('card.reason'), value: <bdi>{dispute.reason}</bdi> },
          { term: side === 'buyer' ? t('card.seller') : t('card.buyer'), value: <bdi>{counterparty ?? t('card.someone')}</bdi> },
          ...(dispute.status === 'open' && !dispute.pending
            ? [{ term: t('card.due'), value: <span className={dispute.overdue ? styles.overdue : undefined}>{format.dateTime(dispute.due_at)}</span>, testId: 'dispute-due' }]
            : []),
        ]}
      />
      <div>
        <Button onClick={() => void navigate(`${PATHS.disputes}/${dispute.id}`)} data-testid="open-dispute-page">
          {t('card.open')}
        </Button>
      </div>
    </ItemCard>
  );
}
