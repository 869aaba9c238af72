/**
 * The badge tone of every status a screen shows, one table per kind of thing, so a status
 * looks the same on every screen that shows it (a list, a card, a detail page): waiting
 * is warning, done well is success, refused or cancelled is danger, over and quiet is
 * subtle, under way is brand, informative or important.
 */
import type { AVAILABILITY_STATUSES, MemberRole, UrgencyLevel } from '../../shared/constants';
import type { BidStatus } from '../../shared/lifecycles/projects';
import type { InstantOrderResponseStatus, InstantOrderStatus } from '../../shared/lifecycles/instant-orders';
import type { TransportOfferStatus, TransportRequestStatus } from '../../shared/lifecycles/transport';
import type { DeliveryStage } from '../../shared/schemas/delivery';
import type { EinvoicingStatusView } from '../../shared/schemas/einvoicing';
import type { InvoiceStatus } from '../../shared/schemas/invoice';
import type { InvoicePaymentStatus, Payment } from '../../shared/schemas/payment';
import type { DisputeStatus } from '../../shared/schemas/dispute';
import type { SiteStatus } from '../../shared/schemas/site';
import type { PurchaseRequestStatus } from '../../shared/lifecycles/purchase-requests';
import type { PurchaseOrderStatus } from '../../shared/schemas/purchase-order';
import type { RfqQuote, RfqStatus } from '../../shared/schemas/rfq';
import type { Objection } from '../../shared/schemas/tender';
import type { ShownProjectStatus, TenderPhase } from '../../shared/tender';
import type { StatusTone } from './StatusBadge';
import type { CrCheckResult } from '../../shared/schemas/cr-verification';

export const PROJECT_TONE: Record<ShownProjectStatus, StatusTone> = { open: 'brand', awarded: 'informative', in_progress: 'warning', completed: 'success', cancelled: 'subtle' };
export const BID_TONE: Record<BidStatus, StatusTone> = { submitted: 'informative', accepted: 'success', rejected: 'danger', withdrawn: 'subtle' };
export const TENDER_PHASE_TONE: Record<TenderPhase, StatusTone> = { bidding: 'informative', technical_evaluation: 'important', evaluation: 'important', standstill: 'warning' };
export const OBJECTION_TONE: Record<Objection['status'], StatusTone> = { open: 'warning', upheld: 'success', rejected: 'danger' };

/** An RFQ's status, to its buyer and to the suppliers asked alike: closed waits for the buyer's award. */
export const RFQ_TONE: Record<RfqStatus, StatusTone> = { open: 'brand', closed: 'warning', awarded: 'success', cancelled: 'danger' };
/** A supplier's side of an RFQ: not quoted yet (none), quoted, won or lost. */
export const RFQ_QUOTE_TONE: Record<'none' | RfqQuote['status'], StatusTone> = { none: 'warning', submitted: 'informative', won: 'success', lost: 'subtle' };

export const PURCHASE_ORDER_TONE: Record<PurchaseOrderStatus, StatusTone> = {
  // Waits for the buyer's own approvers before it reaches the seller.
  awaiting_approval: 'warning',
  issued: 'brand',
  accepted: 'success',
  declined: 'danger',
  // Goods are arriving (some open still) or all in: the buyer's receipts set these.
  partially_received: 'warning',
  received: 'success',
  delivered: 'informative',
  closed: 'subtle',
  cancelled: 'danger',
};
/** A dispute: open waits for the seller's answer; accepted settles it; rejected is refused. */
/** A contractor's site: under way, or closed. */
export const SITE_TONE: Record<SiteStatus, StatusTone> = { active: 'brand', closed: 'subtle' };
/** A site's purchase request: pending waits for an approver; approved may be bought; rejected and cancelled end it. */
export const PURCHASE_REQUEST_TONE: Record<PurchaseRequestStatus, StatusTone> = { pending: 'warning', approved: 'success', rejected: 'danger', cancelled: 'subtle' };
export const DISPUTE_TONE: Record<DisputeStatus, StatusTone> = { open: 'warning', accepted: 'success', rejected: 'danger' };

export const INVOICE_TONE: Record<InvoiceStatus, StatusTone> = { pending: 'warning', cleared: 'success', reported: 'success', rejected: 'danger' };
export const INVOICE_PAYMENT_TONE: Record<InvoicePaymentStatus, StatusTone> = {
  unpaid: 'informative',
  partially_paid: 'warning',
  paid: 'success',
  overdue: 'danger',
  credited: 'subtle',
};
export const PAYMENT_TONE: Record<Payment['status'], StatusTone> = { recorded: 'warning', confirmed: 'success', disputed: 'danger' };

export const INSTANT_ORDER_TONE: Record<InstantOrderStatus, StatusTone> = { active: 'brand', fulfilled: 'success', cancelled: 'danger', expired: 'subtle' };
export const INSTANT_ORDER_OFFER_TONE: Record<InstantOrderResponseStatus, StatusTone> = { submitted: 'informative', accepted: 'success', rejected: 'danger' };
export const URGENCY_TONE: Record<UrgencyLevel, StatusTone> = { urgent: 'danger', high: 'warning', normal: 'informative', low: 'subtle' };

export const TRANSPORT_REQUEST_TONE: Record<TransportRequestStatus, StatusTone> = {
  pending: 'warning',
  assigned: 'brand',
  in_transit: 'important',
  delivered: 'success',
  cancelled: 'danger',
};
export const TRANSPORT_QUOTE_TONE: Record<TransportOfferStatus, StatusTone> = { submitted: 'informative', accepted: 'success', rejected: 'danger' };
export const DELIVERY_STAGE_TONE: Record<DeliveryStage, StatusTone> = {
  assigned: 'brand',
  picked_up: 'informative',
  on_the_way: 'important',
  delivered: 'success',
  confirmed: 'success',
  problem: 'danger',
};

/** Where a company's e-invoicing unit stands with ZATCA. */
export const EINVOICING_TONE: Record<EinvoicingStatusView['status'], StatusTone> = { none: 'informative', compliance: 'warning', ready: 'success', failed: 'danger' };
/** A company's last check against the commercial register: only an active CR under its own name verifies it. */
export const CR_CHECK_TONE: Record<CrCheckResult, StatusTone> = {
  verified: 'success',
  name_mismatch: 'warning',
  suspended: 'danger',
  expired: 'danger',
  inactive: 'danger',
  not_found: 'danger',
};
/** A person's role in a company team, on its members and on the invitations that make them. */
export const MEMBER_ROLE_TONE: Record<MemberRole, StatusTone> = { owner: 'brand', member: 'informative', driver: 'success' };

export const AVAILABILITY_TONE: Record<(typeof AVAILABILITY_STATUSES)[number], StatusTone> = { available: 'success', out_of_stock: 'danger' };
