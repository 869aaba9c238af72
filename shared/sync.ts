/**
 * The sync protocol, shared by the server endpoints and the client
 * engine. The cursor is opaque to clients: they store the last one they got and send it
 * back. A mutation id increases per client; a replayed id gets its stored result again.
 */
import { z } from 'zod';
import { bidSchema } from './schemas/bid';
import { categorySchema } from './schemas/category';
import { deliverySchema } from './schemas/delivery';
import { uuidSchema } from './schemas/common';
import { instantOrderSchema } from './schemas/instant-order';
import { instantOrderResponseSchema } from './schemas/instant-order-response';
import { notificationSchema } from './schemas/notification';
import { productSchema } from './schemas/product';
import { profileSchema } from './schemas/profile';
import { taxProfileSchema } from './schemas/tax-profile';
import { projectSchema } from './schemas/project';
import { subscriptionPlanSchema, userSubscriptionSchema } from './schemas/subscription';
import { transportOfferSchema } from './schemas/transport-offer';
import { transportRequestSchema } from './schemas/transport-request';
import { objectionSchema, openingRecordSchema } from './schemas/tender';
import { rfqQuoteSchema, rfqSchema } from './schemas/rfq';
import { purchaseOrderSchema } from './schemas/purchase-order';
import { invoiceSchema } from './schemas/invoice';
import { goodsReceiptSchema } from './schemas/goods-receipt';
import { disputeSchema } from './schemas/dispute';
import { siteSchema } from './schemas/site';
import { purchaseRequestSchema } from './schemas/purchase-request';
import { projectDocumentSchema } from './schemas/project-document';
import { technicalEnvelopeSchema } from './schemas/bid-document';

export const SYNC_ENTITIES = [
  'product',
  'category',
  'plan',
  'project',
  'bid',
  'instant_order',
  'instant_order_response',
  'transport_request',
  'transport_offer',
  'notification',
  'profile',
  'subscription',
  'tender_opening',
  'objection',
  'delivery',
  'rfq',
  'rfq_quote',
  'purchase_order',
  'invoice',
  'goods_receipt',
  'dispute',
  'site',
  'purchase_request',
  'project_document',
  'technical_envelope',
] as const;
export type SyncEntity = (typeof SYNC_ENTITIES)[number];

const PULL_DEFAULT_LIMIT = 1000;
const PULL_MAX_LIMIT = 5000;
const PUSH_MAX_MUTATIONS = 200;

const clientIdSchema = z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/, 'client_id: letters, digits, - and _');

export const pullQuerySchema = z.strictObject({
  cursor: z
    .string()
    .max(40)
    .regex(/^c\d{1,15}(?:h\d{1,15})?(?:a[0-9a-f]{12})?$/, 'invalid cursor') // 15 digits stay exact in a JS number
    .optional()
    .or(z.literal('')),
  limit: z.coerce.number().int().min(1).max(PULL_MAX_LIMIT).default(PULL_DEFAULT_LIMIT),
  /** The caller's client: the answer then says up to which of its mutations it reflects. */
  client_id: clientIdSchema.optional(),
  /**
   * Only these entities (comma-separated): a first sync fetches what makes the app usable
   * (notifications, own orders) before the catalogue. Such a cursor covers only those
   * entities; the client resumes the whole feed from the smallest of its cursors.
   */
  entities: z
    .string()
    .max(400)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(SYNC_ENTITIES)).max(SYNC_ENTITIES.length))
    .optional(),
});

/**
 * The row each entity's upserts carry: the row as the REST API presents it (GET of one),
 * profile and subscription with the id of their user. The client stores rows of these
 * types, parsed from the pull, never cast.
 */
const SYNC_ROWS = {
  product: productSchema,
  category: categorySchema,
  plan: subscriptionPlanSchema,
  project: projectSchema,
  bid: bidSchema,
  instant_order: instantOrderSchema,
  instant_order_response: instantOrderResponseSchema,
  transport_request: transportRequestSchema,
  transport_offer: transportOfferSchema,
  notification: notificationSchema,
  /** the company's profile, its tax profile inside (null before one is saved) */
  profile: profileSchema.extend({ id: uuidSchema, tax_profile: taxProfileSchema.nullable() }),
  subscription: userSubscriptionSchema.extend({ id: uuidSchema }),
  /** the opening record, id = its project's id */
  tender_opening: openingRecordSchema,
  objection: objectionSchema,
  /** a delivery as its parties see it: never a price (shared/schemas/delivery.ts) */
  delivery: deliverySchema,
  /** as its reader sees it: the buyer with supplier_ids and quote_count, a supplier with my_quote */
  rfq: rfqSchema,
  /** seen by its supplier and the RFQ's buyer only */
  rfq_quote: rfqQuoteSchema,
  purchase_order: purchaseOrderSchema,
  /** the seller's from its issue; the buyer's once ZATCA cleared it */
  invoice: invoiceSchema,
  /** a receipt against an order, seen by the order's buyer and seller */
  goods_receipt: goodsReceiptSchema,
  /** a dispute on an order's received lines, seen by its buyer and seller */
  dispute: disputeSchema,
  /** a site of a company, with its budget lines and approval rules, seen by its company's people */
  site: siteSchema,
  /** a request of a site, seen by its company's people; what it needs now worked out at each read */
  purchase_request: purchaseRequestSchema,
  /** a tender's document (each version, a superseded one marked), seen by every reader of its project */
  project_document: projectDocumentSchema,
  /** a two-envelope tender's bid's technical envelope (id = the bid's), seen by its bidder, and by the owner from the opening; never an amount */
  technical_envelope: technicalEnvelopeSchema,
} satisfies Record<SyncEntity, z.ZodObject>;
/** An entity's row as the pull sends it: what the client stores and its local effects write. */
export type SyncRow<E extends SyncEntity> = z.infer<(typeof SYNC_ROWS)[E]>;

/** One change of the feed: an entity's row as it is now, or its delete (gone, or no longer visible to this user). */
export type Change = {
  [E in SyncEntity]: { entity: E; id: string; op: 'upsert'; data: SyncRow<E> } | { entity: E; id: string; op: 'delete' };
}[SyncEntity];

/** Parses a change by its entity and op (one lookup each, then the row's own schema). */
const entityChanges = SYNC_ENTITIES.map((entity) =>
  z.discriminatedUnion('op', [
    z.object({ entity: z.literal(entity), id: z.string(), op: z.literal('upsert'), data: SYNC_ROWS[entity] as z.ZodObject }),
    z.object({ entity: z.literal(entity), id: z.string(), op: z.literal('delete') }),
  ]),
);
const changeSchema = z.discriminatedUnion('entity', entityChanges as [(typeof entityChanges)[number]]) as unknown as z.ZodType<Change>;

export const pullPageSchema = z.object({
  changes: z.array(changeSchema),
  cursor: z.string(),
  has_more: z.boolean(),
  /**
   * With `client_id`: the last of that client's mutations the server had applied before
   * it read these changes, so the rows here include the effect of every mutation up to it.
   */
  last_mutation_id: z.number().optional(),
  /** On a page read from the start (no cursor): about how many changes there are in all, this page's included. */
  remaining: z.number().optional(),
});
/** The cursor is older than the log keeps: pull everything again. */
export const pullResetSchema = z.object({ reset: z.literal(true) });
export const pullResponseSchema = z.union([pullPageSchema, pullResetSchema]);
export type PullResponse = z.infer<typeof pullResponseSchema>;

const mutationSchema = z.strictObject({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  name: z.string().min(1).max(64),
  args: z.unknown(),
});

export const pushBodySchema = z.strictObject({
  client_id: clientIdSchema,
  mutations: z.array(mutationSchema).max(PUSH_MAX_MUTATIONS),
});
export type PushBody = z.infer<typeof pushBodySchema>;

const mutationResultSchema = z.object({
  id: z.number(),
  status: z.enum(['applied', 'rejected']),
  code: z.string().optional(),
  error: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type MutationResult = z.infer<typeof mutationResultSchema>;

export const pushResponseSchema = z.object({
  results: z.array(mutationResultSchema),
  last_mutation_id: z.number(),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

/**
 * The cursor is the feed position (commit-ordered) of the last change served: `c<pos>`.
 * A client reading from scratch that is still below the pruned horizon gets
 * `c<pos>h<horizon>`: it started empty, so the deletes pruned before the horizon concern
 * nothing it holds, and its cursor stays good as long as the horizon does not move.
 * Then `a<account>`: the first 12 hex digits of the account the feed was read as. A person
 * who joins or leaves a company reads as another account from then on, and a cursor of the
 * old one is answered with a reset (what their device holds is another account's view).
 */
export const accountTag = (accountId: string): string => accountId.replace(/-/g, '').slice(0, 12).toLowerCase();
export const encodeCursor = (pos: number, scratchHorizon?: number, accountId?: string): string =>
  `c${pos}${scratchHorizon === undefined ? '' : `h${scratchHorizon}`}${accountId === undefined ? '' : `a${accountTag(accountId)}`}`;
export function decodeCursorParts(cursor: string | undefined): { pos: number; scratchHorizon?: number; account?: string } {
  const m = cursor ? /^c(\d+)(?:h(\d+))?(?:a([0-9a-f]{12}))?$/.exec(cursor) : null;
  if (!m) return { pos: 0 };
  return {
    pos: Number(m[1]),
    ...(m[2] === undefined ? {} : { scratchHorizon: Number(m[2]) }),
    ...(m[3] === undefined ? {} : { account: m[3] }),
  };
}
export const decodeCursor = (cursor: string | undefined): number => decodeCursorParts(cursor).pos;
