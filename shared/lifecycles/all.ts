/**
 * Every status machine by entity, for the checks that read them all alike: each machine
 * is well formed (shared/lifecycle.test.ts) and each one's stored states are its table's
 * CHECK list (server/db/check-lists.test.ts). Code that moves one entity imports its own.
 */
import { bidLifecycle, objectionLifecycle, projectLifecycle } from './projects';
import { instantOrderLifecycle, instantOrderResponseLifecycle } from './instant-orders';
import { transportOfferLifecycle, transportRequestLifecycle } from './transport';
import { purchaseOrderLifecycle } from './purchase-orders';
import { rfqLifecycle, rfqQuoteLifecycle } from './rfqs';
import { deliveryLifecycle } from './deliveries';
import { disputeLifecycle } from './disputes';
import { siteLifecycle } from './sites';
import { purchaseRequestLifecycle } from './purchase-requests';
import { invoiceLifecycle, paymentLifecycle } from './invoices';
import { einvoicingUnitLifecycle, registrationLifecycle, subscriptionLifecycle } from './accounts';

export const ALL_LIFECYCLES = {
  project: projectLifecycle,
  bid: bidLifecycle,
  objection: objectionLifecycle,
  instant_order: instantOrderLifecycle,
  instant_order_response: instantOrderResponseLifecycle,
  transport_request: transportRequestLifecycle,
  transport_offer: transportOfferLifecycle,
  purchase_order: purchaseOrderLifecycle,
  rfq: rfqLifecycle,
  rfq_quote: rfqQuoteLifecycle,
  delivery: deliveryLifecycle,
  dispute: disputeLifecycle,
  site: siteLifecycle,
  purchase_request: purchaseRequestLifecycle,
  invoice: invoiceLifecycle,
  payment: paymentLifecycle,
  subscription: subscriptionLifecycle,
  einvoicing_unit: einvoicingUnitLifecycle,
  registration_request: registrationLifecycle,
};
