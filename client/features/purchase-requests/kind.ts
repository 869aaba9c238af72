/** How a request reads by its kind: a site's ask, or the approval orders of the site wait for. */
import { useTranslation } from 'react-i18next';
import type { ShownRequest } from './queries';

/** What a request of kind order stands for: an order over what its request approved, or one placed without a request; null for a site's ask. */
export function useKindLabel() {
  const { t } = useTranslation('purchase-requests');
  return (request: Pick<ShownRequest, 'kind' | 'source_request_id'>): string | null =>
    request.kind === 'order' ? t(request.source_request_id ? 'kind.overApproved' : 'kind.withoutRequest') : null;
}
