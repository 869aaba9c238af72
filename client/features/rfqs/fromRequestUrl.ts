/** Where an approved purchase request's RFQ is made (RfqFromRequest.tsx): apart, so the request's screen links to it without loading the builder. */
import { PATHS } from '../../paths';

/** The query parameter naming the request: /rfqs/new?purchase_request={id}. */
export const PURCHASE_REQUEST_PARAM = 'purchase_request';

export const rfqFromRequestUrl = (requestId: string) => `${PATHS.rfqs}/new?${PURCHASE_REQUEST_PARAM}=${encodeURIComponent(requestId)}`;
