/**
 * Live updates and Web Push: the categories a user turns push on or off by, which
 * category every notification kind belongs to, and where a notification leads (the exact
 * item, which is also how a device says what it shows). Imports only schemas, so the
 * service worker, the client and the server read the same mapping.
 */
import { z } from 'zod';
import type { NotificationKind } from './schemas/notification';

export const PUSH_CATEGORIES = ['offers', 'bids_awards', 'deliveries', 'account'] as const;
export type PushCategory = (typeof PUSH_CATEGORIES)[number];

/**
 * Every notification kind's category. `satisfies Record<NotificationKind, …>`: a kind added
 * to shared/schemas/notification.ts without a line here fails the type check.
 */
const PUSH_CATEGORY_OF = {
  'bid.new': 'bids_awards',
  'bid.accepted': 'bids_awards',
  'bid.rejected': 'bids_awards',
  'project.cancelled': 'bids_awards',
  'tender.bid_received': 'bids_awards',
  'tender.opened': 'bids_awards',
  'tender.awarded': 'bids_awards',
  'tender.objection_filed': 'bids_awards',
  'tender.objection_answered': 'bids_awards',
  'tender.question_asked': 'bids_awards',
  'tender.question_answered': 'bids_awards',
  'tender.addendum_issued': 'bids_awards',
  'tender.award_final': 'bids_awards',
  'tender.technical_result': 'bids_awards',
  'instant_order.new': 'offers',
  'order_response.new': 'offers',
  'order_response.accepted': 'offers',
  'order_response.rejected': 'offers',
  'purchase_request.waiting': 'offers',
  'purchase_request.approved': 'offers',
  'purchase_request.rejected': 'offers',
  'purchase_request.order_waiting': 'offers',
  'site_budget.passed': 'offers',
  'rfq.new': 'offers',
  'rfq_quote.new': 'offers',
  'rfq_quote.revised': 'offers',
  'rfq.awarded': 'bids_awards',
  'rfq.lost': 'bids_awards',
  'purchase_order.issued': 'offers',
  'purchase_order.accepted': 'offers',
  'purchase_order.declined': 'offers',
  'purchase_order.cancelled': 'offers',
  'purchase_order.delivered': 'deliveries',
  'goods_receipt.recorded': 'deliveries',
  'purchase_order.closed_short': 'offers',
  'dispute.opened': 'offers',
  'dispute.accepted': 'offers',
  'dispute.rejected': 'offers',
  'dispute.overdue': 'offers',
  'invoice.issued': 'offers',
  'credit_note.issued': 'offers',
  'debit_note.issued': 'offers',
  'payment.recorded': 'offers',
  'payment.confirmed': 'offers',
  'payment.disputed': 'offers',
  'payment.card_paid': 'offers',
  'payment.card_refunded': 'offers',
  'payment.due_soon': 'offers',
  'payment.overdue': 'offers',
  'transport_offer.new': 'offers',
  'transport_request.assigned': 'deliveries',
  'transport_request.booked': 'deliveries',
  'transport_request.status': 'deliveries',
  'delivery.assigned': 'deliveries',
  'delivery.driver_assigned': 'deliveries',
  'delivery.picked_up': 'deliveries',
  'delivery.delivered': 'deliveries',
  'delivery.confirmed': 'deliveries',
  'delivery.problem': 'deliveries',
  'delivery.driver_removed': 'deliveries',
  'company.suspended': 'account',
  'company.suspension_lifted': 'account',
  'subscription.subscribed': 'account',
  'subscription.trial_started': 'account',
  'subscription.trial_ending': 'account',
  'subscription.renewal_due': 'account',
  'subscription.cancelled': 'account',
  'subscription.refunded': 'account',
  'review.published': 'account',
  'tier.changed': 'account',
  'sync.rejected': 'account',
} as const satisfies Record<NotificationKind, PushCategory>;

/** A kind this code does not know (from a newer server) counts as account news. */
export const pushCategoryOf = (kind: string): PushCategory =>
  Object.hasOwn(PUSH_CATEGORY_OF, kind) ? PUSH_CATEGORY_OF[kind as NotificationKind] : 'account';

/**
 * The query parameter that names the card a list screen scrolls to (/projects?item={id}).
 * An item page has its own address, /<area>/{id}; links made before it had one carried
 * this parameter there too, and the page sends them on (client/ui/useItemPage.ts).
 */
export const ITEM_PARAM = 'item';

const str = (v: unknown) => (typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v) ? v : undefined);
/** A list screen with the item's card in view: projects, instant orders, transport requests. */
const at = (path: string, id: unknown) => (str(id) ? `${path}?${ITEM_PARAM}=${str(id)}` : path);
/** An item's own page: an invoice, a purchase order, an RFQ, a supplier's quote on one. */
const page = (path: string, id: unknown) => (str(id) ? `${path}/${str(id)}` : path);

/**
 * Where a notification leads: the screen with the item it is about open. Paths are the
 * client's routes (client/paths.ts, which must import nothing, so they are written here).
 */
export function notificationTarget(kind: string, params: Record<string, unknown>): string {
  if (kind.startsWith('bid.') || kind.startsWith('project.') || kind.startsWith('tender.')) return at('/projects', params.project_id);
  if (kind.startsWith('instant_order.') || kind.startsWith('order_response.')) return at('/instant-orders', params.order_id);
  if (kind === 'rfq.awarded' || kind.startsWith('purchase_order.') || kind.startsWith('goods_receipt.')) return page('/purchase-orders', params.purchase_order_id);
  if (kind.startsWith('dispute.')) return page('/disputes', params.dispute_id);
  if (kind.startsWith('purchase_request.')) return page('/purchase-requests', params.purchase_request_id);
  if (kind.startsWith('site_budget.')) return page('/sites', params.site_id);
  if (kind === 'invoice.issued' || kind === 'credit_note.issued' || kind === 'debit_note.issued' || kind.startsWith('payment.')) return page('/invoices', params.invoice_id);
  // A supplier's RFQ news opens their quote on it; the buyer's (quotes received) their RFQ.
  if (kind === 'rfq.new' || kind === 'rfq.lost') return page('/quotes', params.rfq_id);
  if (kind.startsWith('rfq.') || kind.startsWith('rfq_quote.')) return page('/rfqs', params.rfq_id);
  // The seller told of a truck cannot see the buyer's request: it opens the order the truck is for.
  if (kind === 'transport_request.booked') return str(params.purchase_order_id) ? page('/purchase-orders', params.purchase_order_id) : at('/instant-orders', params.order_id);
  if (kind.startsWith('transport_')) return at('/transport', params.transport_request_id);
  // A delivery shows with its transport request; a driver's notification names only the delivery.
  if (kind.startsWith('delivery.')) return at('/transport', params.transport_request_id);
  if (kind.startsWith('subscription.')) return '/pricing';
  if (kind.startsWith('sync.')) return '/sync';
  // The company screen shows the tier and what the next one needs.
  if (kind === 'tier.changed') return '/company';
  return '/notifications';
}

/** What a push message carries (encrypted for the device, RFC 8291). */
export const pushMessageSchema = z.object({
  /** the notification's id, also the system notification's tag (one per notification) */
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

const deviceId = z.string().min(8).max(100).regex(/^[\w-]+$/);

/** PUT /api/push/subscription: the browser's PushSubscription as toJSON() gives it, and the device. */
export const pushSubscribeSchema = z.strictObject({
  device_id: deviceId,
  endpoint: z.url().max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeSchema>;

/** DELETE /api/push/subscription?device_id= */
export const pushDeviceQuerySchema = z.strictObject({ device_id: deviceId });

/** GET and PUT /api/push/preferences: every category, on or off. */
export const pushPreferencesSchema = z.strictObject(
  Object.fromEntries(PUSH_CATEGORIES.map((c) => [c, z.boolean()])) as Record<PushCategory, z.ZodBoolean>,
);
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/** GET /api/push/key: the server's VAPID public key (null when push is off). */
export const pushKeySchema = z.object({ public_key: z.string().nullable() });

/** POST /api/live/foreground: the item this device shows now (its path), or null when hidden. */
export const foregroundSchema = z.strictObject({ device_id: deviceId, path: z.string().max(300).nullable() });

/** GET /api/live?device_id=: the stream of a device. */
export const liveQuerySchema = z.strictObject({ device_id: deviceId.optional() });

/** The events of GET /api/live (text/event-stream). */
export const LIVE_EVENTS = {
  /** something this user may see committed: pull now */
  change: 'change',
  /** the stream is over for good, its data saying why (LIVE_END_REASONS): do not reconnect */
  end: 'end',
} as const;

/** The data of an `end` event. */
export const LIVE_END_REASONS = {
  /** the session ended (signed out, removed) */
  session: 'session',
  /**
   * the person opened more streams than LIVE_STREAMS_PER_USER and this, their oldest, was
   * closed: a tab that reconnected would close another, and that one the next
   */
  replaced: 'replaced',
} as const;
export type LiveEndReason = (typeof LIVE_END_REASONS)[keyof typeof LIVE_END_REASONS];
