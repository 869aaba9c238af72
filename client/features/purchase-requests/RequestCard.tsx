import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { Facts } from '../../ui/Facts';
import { keepWhole } from '../../ui/Identifier';
import { ItemCard } from '../../ui/ItemCard';
import { PendingBadge } from '../../ui/PendingBadge';
import { StatusBadge } from '../../ui/StatusBadge';
import { PURCHASE_REQUEST_TONE } from '../../ui/statusTones';
import { waitsFor, type ShownRequest } from './queries';
import { useKindLabel } from './kind';

/** A request's status, whether it waits for this person, and whether it waits to be sent. */
export function RequestBadges({ request, me }: { request: ShownRequest; me: string | null }) {
  const { t } = useTranslation('purchase-requests');
  return (
    <>
      <StatusBadge label={t(`status.${request.status}`)} tone={PURCHASE_REQUEST_TONE[request.status]} status={request.status} testId="request-status" />
      {waitsFor(request, me) && <StatusBadge label={t('card.waitingForYou')} tone="important" status="waiting_for_me" testId="request-waiting-for-me" />}
      {request.pending && <PendingBadge />}
    </>
  );
}

/** The request's number, or what stands in for it until the server numbers it. */
export function useRequestNumber() {
  const { t } = useTranslation('purchase-requests');
  return (request: Pick<ShownRequest, 'number'>) => (request.number ? keepWhole(request.number) : t('noNumber'));
}

/** One request of the list: its site, amount, requester and when it is needed. */
export function RequestCard({ request, me }: { request: ShownRequest; me: string | null }) {
  const { t } = useTranslation('purchase-requests');
  const format = useFormat();
  const navigate = useNavigate();
  const number = useRequestNumber();
  const kind = useKindLabel()(request);
  return (
    <ItemCard testId="request-card" id={request.id} heading={<bdi>{number(request)}</bdi>} badges={<RequestBadges request={request} me={me} />}>
      {kind && (
        <Text weight="semibold" data-testid="request-kind">
          {kind}
        </Text>
      )}
      <Facts
        facts={[
          { term: t('card.site'), value: <bdi>{request.site_name}</bdi> },
          { term: t('card.amount'), value: request.amount === null ? t('card.unknownAmount') : format.sar(request.amount), money: request.amount !== null, testId: 'request-amount' },
          { term: t('card.requester'), value: <bdi>{request.requested_by === me ? t('you') : (request.requested_by_name ?? t('someone'))}</bdi> },
          { term: t('card.neededBy'), value: request.needed_by ? format.date(request.needed_by) : t('card.noNeededBy') },
        ]}
      />
      <Text size={200}>{t('card.lines', { count: request.lines.length })}</Text>
      <div>
        <Button onClick={() => void navigate(`${PATHS.purchaseRequests}/${request.id}`)} data-testid="open-request">
          {t('card.open')}
        </Button>
      </div>
    </ItemCard>
  );
}
