/**
 * Notification: kind and params let the client render it in the reader's language;
 * title and message carry the server's rendering in the recipient's language.
 */
import { z } from 'zod';
import { BILLING_CYCLES, NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES, PLAN_IDS, URGENCY_LEVELS, VERIFICATION_TIERS, type NotificationType } from '../constants';
import { dateSchema, paginationFields, timestampSchema, uuidSchema } from './common';
import { PROBLEM_KINDS } from './delivery';
import { transportRequestLifecycle } from '../lifecycles/transport';

/**
 * The kinds the server sends and what each one's params carry: the server writes its
 * stored title and message of each kind (server/modules/notifications/messages.ts), the
 * client renders each in the reader's language from its locale files
 * (client/features/notifications/render.ts); shared/notifications.test.ts holds both to
 * this list. Ids in params point to what the notification is about; names and titles are
 * as they were when it was sent.
 */
export const NOTIFICATION_PARAMS = {
  /** Before sealed tendering: a bid with its amount. No longer sent (a bid is sealed until the opening); kept so stored ones still render. */
  'bid.new': z.object({ company: z.string(), amount: z.number(), project_title: z.string(), project_id: uuidSchema, bid_id: uuidSchema }),
  'bid.accepted': z.object({ project_title: z.string(), project_id: uuidSchema }),
  'bid.rejected': z.object({ project_title: z.string(), project_id: uuidSchema }),
  /** To the owner: a new bid came in; only how many there are now, the bid is sealed. */
  'tender.bid_received': z.object({ project_title: z.string(), project_id: uuidSchema, bid_count: z.number().int() }),
  /** To the owner and every bidder: the bids were opened. */
  'tender.opened': z.object({ project_title: z.string(), project_id: uuidSchema, bid_count: z.number().int(), opened_at: z.string() }),
  /** To every bidder: an award was made; awarded says whether it is the reader's bid; the standstill runs until standstill_ends_at. */
  'tender.awarded': z.object({ project_title: z.string(), project_id: uuidSchema, awarded: z.boolean(), standstill_ends_at: z.string() }),
  /** To the owner: a losing bidder objected to the award. */
  'tender.objection_filed': z.object({ project_title: z.string(), project_id: uuidSchema, objection_id: uuidSchema, company: z.string() }),
  /** To the objector and the awarded bidder (to every bidder when upheld, since the award is withdrawn). */
  'tender.objection_answered': z.object({
    project_title: z.string(),
    project_id: uuidSchema,
    objection_id: uuidSchema,
    decision: z.enum(['upheld', 'rejected']),
  }),
  /** To the owner: a contractor asked a question on the tender (who asked is on the question, for the owner). */
  'tender.question_asked': z.object({ project_title: z.string(), project_id: uuidSchema, question_id: uuidSchema }),
  /** To every contractor who bid or asked on the tender: an answer was published. */
  'tender.question_answered': z.object({ project_title: z.string(), project_id: uuidSchema, question_id: uuidSchema }),
  /** To every contractor who bid (not withdrawn): the owner issued an addendum replacing a tender document; they may revise their bid. title: the new version's. */
  'tender.addendum_issued': z.object({ project_title: z.string(), project_id: uuidSchema, document_id: uuidSchema, title: z.string() }),
  /**
   * To every bidder of a two-envelope tender: the technical evaluation of their envelope;
   * a failed one carries the reason, its financial envelope stays sealed for ever and its
   * bid bond is released (bond_released: it had one).
   */
  'tender.technical_result': z.object({
    project_title: z.string(),
    project_id: uuidSchema,
    pass: z.boolean(),
    reason: z.string().nullable().optional(),
    bond_released: z.boolean().optional(),
  }),
  /** To every bidder and the owner: the award is final; awarded says whether it is the reader's bid. */
  'tender.award_final': z.object({ project_title: z.string(), project_id: uuidSchema, awarded: z.boolean() }),
  'project.cancelled': z.object({ project_title: z.string(), project_id: uuidSchema }),
  'instant_order.new': z.object({ title: z.string(), location: z.string(), order_id: uuidSchema, urgency_level: z.enum(URGENCY_LEVELS) }),
  'order_response.new': z.object({ company: z.string(), price: z.number(), order_title: z.string(), order_id: uuidSchema, response_id: uuidSchema }),
  'order_response.accepted': z.object({ order_title: z.string(), order_id: uuidSchema }),
  'order_response.rejected': z.object({ order_title: z.string(), order_id: uuidSchema }),
  /** To the approvers of a purchase request's next level (at its raising and each time a level is passed): it waits for them. site: the site's name; requester: who raised it. */
  'purchase_request.waiting': z.object({ number: z.string(), site: z.string(), requester: z.string(), purchase_request_id: uuidSchema }),
  /** To its requester: every level it needed approved it (or it needed none). */
  'purchase_request.approved': z.object({ number: z.string(), site: z.string(), purchase_request_id: uuidSchema }),
  /** To its requester: an approver rejected it, with a reason. */
  'purchase_request.rejected': z.object({ number: z.string(), site: z.string(), reason: z.string(), purchase_request_id: uuidSchema }),
  /** an order over its approved amount (or placed without a request) waits for the reader's approval: its request of kind order */
  'purchase_request.order_waiting': z.object({ number: z.string(), site: z.string(), amount: z.number(), purchase_request_id: uuidSchema }),
  /** To the site's company owner and its manager: orders just committed took a budget line's committed amount past 80 % or 100 % of its budget. line: its description (or code). */
  'site_budget.passed': z.object({ site: z.string(), line: z.string(), percent: z.union([z.literal(80), z.literal(100)]), site_id: uuidSchema }),
  /** To each supplier an RFQ reaches (the market's sellers in its categories, or the invited). */
  'rfq.new': z.object({ title: z.string(), location: z.string(), rfq_id: uuidSchema }),
  /** To the RFQ's buyer: a supplier quoted, or revised their quote. */
  'rfq_quote.new': z.object({ company: z.string(), rfq_title: z.string(), rfq_id: uuidSchema, quote_id: uuidSchema }),
  'rfq_quote.revised': z.object({ company: z.string(), rfq_title: z.string(), rfq_id: uuidSchema, quote_id: uuidSchema }),
  /** To a winning supplier: lines of their quote were awarded, as this purchase order (amount: its total with VAT). */
  'rfq.awarded': z.object({ rfq_title: z.string(), rfq_id: uuidSchema, number: z.string(), amount: z.number(), purchase_order_id: uuidSchema }),
  /** To a supplier who quoted and won no line. */
  'rfq.lost': z.object({ rfq_title: z.string(), rfq_id: uuidSchema }),
  /** To the seller: a purchase order not from an award (an accepted instant-order offer). company: the buyer. */
  'purchase_order.issued': z.object({ number: z.string(), company: z.string(), amount: z.number(), purchase_order_id: uuidSchema }),
  /** To the buyer: the seller (company) answered or delivered; to the seller: the buyer (company) cancelled. */
  'purchase_order.accepted': z.object({ number: z.string(), company: z.string(), purchase_order_id: uuidSchema }),
  'purchase_order.declined': z.object({ number: z.string(), company: z.string(), purchase_order_id: uuidSchema }),
  'purchase_order.cancelled': z.object({ number: z.string(), company: z.string(), purchase_order_id: uuidSchema }),
  'purchase_order.delivered': z.object({ number: z.string(), company: z.string(), purchase_order_id: uuidSchema }),
  /** To the seller: the buyer counted goods off a truck; `rejected` lines of it refused (high priority then). */
  'goods_receipt.recorded': z.object({ number: z.string(), company: z.string(), purchase_order_id: uuidSchema, rejected: z.number().int() }),
  /** To the seller: the buyer closed the order short; what was still open of it is cancelled. */
  'purchase_order.closed_short': z.object({ number: z.string(), company: z.string(), purchase_order_id: uuidSchema }),
  /** To the seller: the buyer (company) disputed received lines of order number; to answer within 3 working days. */
  'dispute.opened': z.object({ number: z.string(), company: z.string(), purchase_order_id: uuidSchema, dispute_id: uuidSchema }),
  /** To the buyer: the seller (company) accepted (a credit note or a redelivery) or rejected (with a reason) their dispute. */
  'dispute.accepted': z.object({ number: z.string(), company: z.string(), purchase_order_id: uuidSchema, dispute_id: uuidSchema }),
  'dispute.rejected': z.object({ number: z.string(), company: z.string(), reason: z.string(), purchase_order_id: uuidSchema, dispute_id: uuidSchema }),
  /** To the seller, once: the dispute of the buyer (company) on order number is past its deadline unanswered. */
  'dispute.overdue': z.object({ number: z.string(), company: z.string(), purchase_order_id: uuidSchema, dispute_id: uuidSchema }),
  /** To the buyer: the seller's tax invoice or credit note, cleared by ZATCA. */
  'invoice.issued': z.object({ number: z.string(), company: z.string(), amount: z.number(), invoice_id: uuidSchema }),
  'credit_note.issued': z.object({ number: z.string(), company: z.string(), amount: z.number(), invoice_id: uuidSchema }),
  /** To the buyer: the seller's debit note (a quantity billed short or a price increase), cleared by ZATCA: owed like an invoice. */
  'debit_note.issued': z.object({ number: z.string(), company: z.string(), amount: z.number(), invoice_id: uuidSchema }),
  /** To the seller: the buyer (company) recorded a transfer of amount against invoice number, to confirm or dispute. */
  'payment.recorded': z.object({ number: z.string(), company: z.string(), amount: z.number(), invoice_id: uuidSchema, payment_id: uuidSchema }),
  /** To the buyer: the seller (company) confirmed or disputed (with a reason) their transfer. */
  'payment.confirmed': z.object({ number: z.string(), company: z.string(), amount: z.number(), invoice_id: uuidSchema, payment_id: uuidSchema }),
  'payment.disputed': z.object({ number: z.string(), company: z.string(), amount: z.number(), reason: z.string(), invoice_id: uuidSchema, payment_id: uuidSchema }),
  /** To the seller: the buyer (company) paid amount of invoice number by card, verified with the gateway. */
  'payment.card_paid': z.object({ number: z.string(), company: z.string(), amount: z.number(), invoice_id: uuidSchema, payment_id: uuidSchema }),
  /** To the invoice's buyer and seller: the gateway gave amount (SAR) of a card payment of invoice number back to the card; the invoice owes it again. */
  'payment.card_refunded': z.object({ number: z.string(), amount: z.number(), invoice_id: uuidSchema, payment_id: uuidSchema }),
  /** To the buyer: invoice number of the seller (company) is due on due_date, or past it, with amount left. */
  'payment.due_soon': z.object({ number: z.string(), company: z.string(), amount: z.number(), due_date: z.string(), invoice_id: uuidSchema }),
  'payment.overdue': z.object({ number: z.string(), company: z.string(), amount: z.number(), due_date: z.string(), invoice_id: uuidSchema }),
  'transport_offer.new': z.object({ company: z.string(), price: z.number(), pickup: z.string(), delivery: z.string(), transport_request_id: uuidSchema }),
  'transport_request.assigned': z.object({ pickup: z.string(), delivery: z.string(), transport_request_id: uuidSchema }),
  /**
   * To the deal's seller (the purchase order's, or the supplier whose instant-order offer was
   * accepted): the buyer booked company's truck to pick up order (its number, else its
   * title) at pickup. The ids are the order's, which the seller can open (the request is the buyer's).
   */
  'transport_request.booked': z.object({
    company: z.string(),
    order: z.string(),
    pickup: z.string(),
    delivery: z.string(),
    transport_request_id: uuidSchema,
    purchase_order_id: uuidSchema.nullable(),
    order_id: uuidSchema.nullable(),
  }),
  'transport_request.status': z.object({ pickup: z.string(), delivery: z.string(), status: z.enum(transportRequestLifecycle.states), transport_request_id: uuidSchema }),
  /** To the driver: their company assigned them a delivery. */
  'delivery.assigned': z.object({ company: z.string(), pickup: z.string(), delivery: z.string(), delivery_id: uuidSchema }),
  /** To the requester: the transport company named the driver and vehicle. */
  'delivery.driver_assigned': z.object({ driver: z.string(), vehicle_plate: z.string(), pickup: z.string(), delivery: z.string(), delivery_id: uuidSchema, transport_request_id: uuidSchema }),
  /** To the requester and the deal's supplier: the driver picked the cargo up. */
  'delivery.picked_up': z.object({ driver: z.string(), pickup: z.string(), delivery: z.string(), delivery_id: uuidSchema, transport_request_id: uuidSchema }),
  /** To the requester and the deal's supplier: delivered, to this recipient. */
  'delivery.delivered': z.object({ recipient: z.string(), pickup: z.string(), delivery: z.string(), delivery_id: uuidSchema, transport_request_id: uuidSchema }),
  /** To the transport company and the deal's supplier: the requester (company) confirmed receipt. */
  'delivery.confirmed': z.object({ company: z.string(), pickup: z.string(), delivery: z.string(), delivery_id: uuidSchema, transport_request_id: uuidSchema }),
  /** To the transport company and the deal's supplier: the requester (company) reported a problem of this kind. */
  'delivery.problem': z.object({ company: z.string(), problem: z.enum(PROBLEM_KINDS), pickup: z.string(), delivery: z.string(), delivery_id: uuidSchema, transport_request_id: uuidSchema }),
  /** To the transport company: the driver it removed was carrying this job, which is back with it to give to another driver. */
  'delivery.driver_removed': z.object({ driver: z.string(), pickup: z.string(), delivery: z.string(), transport_request_id: uuidSchema }),
  /** plan: the plan's name; plan_id lets the client name it in the reader's language. */
  'subscription.subscribed': z.object({ plan: z.string(), plan_id: z.enum(PLAN_IDS), billing_cycle: z.enum(BILLING_CYCLES) }),
  'subscription.trial_started': z.object({ plan: z.string(), plan_id: z.enum(PLAN_IDS), days: z.number().int(), date: dateSchema }),
  'subscription.trial_ending': z.object({ plan: z.string(), plan_id: z.enum(PLAN_IDS).optional(), date: dateSchema }),
  /** The paid period ends on date: pay again on the pricing page to keep the plan (no card is kept to charge). */
  'subscription.renewal_due': z.object({ plan: z.string(), plan_id: z.enum(PLAN_IDS), date: dateSchema }),
  /** Cancelled after the refund window: the plan runs until date and is not renewed. */
  'subscription.cancelled': z.object({ plan: z.string(), plan_id: z.enum(PLAN_IDS), date: dateSchema }),
  /** Cancelled within the refund window: amount (SAR) goes back to the card. */
  'subscription.refunded': z.object({ plan: z.string(), plan_id: z.enum(PLAN_IDS), amount: z.number() }),
  /** To the reviewed company: a review of a deal about it is published (both sides reviewed, or the blind days passed). */
  'review.published': z.object({ company: z.string(), rating: z.number().int(), review_id: uuidSchema }),
  /** To the company's owner: the tier it earns (shared/tiers.ts) changed from previous to tier. */
  'tier.changed': z.object({ tier: z.enum(VERIFICATION_TIERS), previous: z.enum(VERIFICATION_TIERS) }),
  /** To every member of a company: an admin suspended it (company: its name), with the reason; it starts no new deal until lifted. */
  'company.suspended': z.object({ company: z.string(), reason: z.string() }),
  /** To every member of a company: its suspension was lifted. */
  'company.suspension_lifted': z.object({ company: z.string() }),
  /**
   * Refused offline writes. action: the mutation name; code: the refusal's error code
   * (the client names it in the reader's language), reason: the server's wording of it.
   * Open: what one notification says about a push's refusals may grow.
   */
  'sync.rejected': z.looseObject({
    action: z.string().optional(),
    code: z.string().optional(),
    reason: z.string().optional(),
    mutation_id: z.number().optional(),
    count: z.number().int().optional(),
  }),
} as const satisfies Record<string, z.ZodType<Record<string, unknown>>>;

export type NotificationKind = keyof typeof NOTIFICATION_PARAMS;
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_PARAMS) as NotificationKind[];
export type NotificationParams<K extends NotificationKind> = z.input<(typeof NOTIFICATION_PARAMS)[K]>;
/** A kind this code knows (a row from a newer server may carry another). */
export const isNotificationKind = (kind: string): kind is NotificationKind => Object.hasOwn(NOTIFICATION_PARAMS, kind);

/**
 * Every kind's type: the thing the event happens to, which is the tag the reader sees and
 * filters by. A kind's own area decides it, not the type of a neighbouring feature: an
 * award of an RFQ is a purchase order the supplier now has, a credit note corrects an
 * invoice, a card payment is a payment. `satisfies Record<NotificationKind, …>`: a kind
 * added above without a line here fails the type check. notify() writes it, so no caller
 * picks one.
 */
const NOTIFICATION_TYPE_OF = {
  'bid.new': 'tender',
  'bid.accepted': 'tender',
  'bid.rejected': 'tender',
  'project.cancelled': 'tender',
  'tender.bid_received': 'tender',
  'tender.opened': 'tender',
  'tender.awarded': 'tender',
  'tender.objection_filed': 'tender',
  'tender.objection_answered': 'tender',
  'tender.question_asked': 'tender',
  'tender.question_answered': 'tender',
  'tender.addendum_issued': 'tender',
  'tender.award_final': 'tender',
  'tender.technical_result': 'tender',
  'instant_order.new': 'instant_order',
  'order_response.new': 'instant_order',
  'order_response.accepted': 'instant_order',
  'order_response.rejected': 'instant_order',
  'purchase_request.waiting': 'purchase_request',
  'purchase_request.approved': 'purchase_request',
  'purchase_request.rejected': 'purchase_request',
  'purchase_request.order_waiting': 'purchase_request',
  'site_budget.passed': 'purchase_request',
  'rfq.new': 'rfq',
  'rfq.lost': 'rfq',
  'rfq_quote.new': 'quote',
  'rfq_quote.revised': 'quote',
  'rfq.awarded': 'purchase_order',
  'purchase_order.issued': 'purchase_order',
  'purchase_order.accepted': 'purchase_order',
  'purchase_order.declined': 'purchase_order',
  'purchase_order.cancelled': 'purchase_order',
  'purchase_order.delivered': 'purchase_order',
  'goods_receipt.recorded': 'purchase_order',
  'purchase_order.closed_short': 'purchase_order',
  'dispute.opened': 'purchase_order',
  'dispute.accepted': 'purchase_order',
  'dispute.rejected': 'purchase_order',
  'dispute.overdue': 'purchase_order',
  'invoice.issued': 'invoice',
  'credit_note.issued': 'invoice',
  'debit_note.issued': 'invoice',
  'payment.recorded': 'payment',
  'payment.confirmed': 'payment',
  'payment.disputed': 'payment',
  'payment.card_paid': 'payment',
  'payment.card_refunded': 'payment',
  'payment.due_soon': 'payment',
  'payment.overdue': 'payment',
  'transport_offer.new': 'logistics',
  'transport_request.assigned': 'logistics',
  'transport_request.booked': 'logistics',
  'transport_request.status': 'logistics',
  'delivery.assigned': 'logistics',
  'delivery.driver_assigned': 'logistics',
  'delivery.picked_up': 'logistics',
  'delivery.delivered': 'logistics',
  'delivery.confirmed': 'logistics',
  'delivery.problem': 'logistics',
  'delivery.driver_removed': 'logistics',
  'subscription.subscribed': 'subscription',
  'subscription.trial_started': 'subscription',
  'subscription.trial_ending': 'subscription',
  'subscription.renewal_due': 'subscription',
  'subscription.cancelled': 'subscription',
  'subscription.refunded': 'subscription',
  'review.published': 'system',
  'tier.changed': 'system',
  'company.suspended': 'system',
  'company.suspension_lifted': 'system',
  'sync.rejected': 'system',
} as const satisfies Record<NotificationKind, NotificationType>;

/**
 * A notification's type from its kind. The client reads it from the kind too, so a row
 * stored under an older type shows the kind's own tag; a kind this code does not know (a
 * newer server) keeps the type it came with.
 */
export function notificationTypeOf(kind: NotificationKind): NotificationType;
export function notificationTypeOf(kind: string, stored: string): string;
export function notificationTypeOf(kind: string, stored?: string): string {
  return isNotificationKind(kind) ? NOTIFICATION_TYPE_OF[kind] : (stored ?? 'system');
}

const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
const notificationPrioritySchema = z.enum(NOTIFICATION_PRIORITIES);

export const notificationSchema = z.object({
  id: uuidSchema,
  kind: z.string(),
  params: z.record(z.string(), z.unknown()),
  type: notificationTypeSchema,
  priority: notificationPrioritySchema,
  title: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: timestampSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: unread=true keeps only the unread ones. */
export const notificationListQuerySchema = z.strictObject({
  unread: z.stringbool().optional(),
  ...paginationFields,
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** PUT /api/notifications/mark-all-read: how many were unread. */
export const markAllReadResultSchema = z.object({ updated: z.number().int().min(0) });

/** Sync mutation notification.read (PUT /api/notifications/:id/read takes the id from its path). */
export const notificationReadArgsSchema = z.strictObject({ id: uuidSchema });

/** Sync mutation notification.read_all (PUT /api/notifications/mark-all-read) takes nothing. */
export const notificationReadAllArgsSchema = z.strictObject({});
