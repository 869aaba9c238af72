/**
 * /rfqs: a contractor's requests for quotation. /rfqs lists them, /rfqs/new builds one
 * (offline too), /rfqs/new?purchase_request={id} makes an approved purchase request's, /rfqs/{id} shows one with the quotes compared side by side and the award,
 * /rfqs/{id}?edit edits it before its first quote.
 */
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../../data/session';
import { accountIdOf } from '../../../shared/schemas/user';
import { PATHS } from '../../paths';
import { useItemPage } from '../../ui/useItemPage';
import { RfqBuilder } from './RfqBuilder';
import { RfqDetail } from './RfqDetail';
import { RfqEdit } from './RfqEdit';
import { PURCHASE_REQUEST_PARAM } from './fromRequestUrl';
import { RfqFromRequest } from './RfqFromRequest';
import { RfqList } from './RfqList';

export function RfqsScreen() {
  const { id, movedTo } = useItemPage(PATHS.rfqs);
  const [search] = useSearchParams();
  const { session } = useSession();
  if (movedTo) return <Navigate to={movedTo} replace />;
  if (session.status !== 'signedIn') return null;
  const accountId = accountIdOf(session.user);
  const fromRequest = search.get(PURCHASE_REQUEST_PARAM);
  if (id === 'new' && fromRequest) return <RfqFromRequest requestId={fromRequest} />;
  if (id === 'new') return <RfqBuilder />;
  if (id && search.has('edit')) return <RfqEdit id={id} />;
  if (id) return <RfqDetail id={id} />;
  return <RfqList accountId={accountId} />;
}
