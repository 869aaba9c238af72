/**
 * Review: 1 to 5 stars and an optional comment, given by a party of a completed deal (a
 * purchase order with a goods receipt, or a delivered transport request) about the other
 * party, once per party per deal, optionally about a product the deal bought.
 * Double-blind: published (published_at) once both parties have reviewed the deal or
 * REVIEW_BLIND_DAYS after its first review; until then only its author's company sees it.
 * Legacy reviews, written before reviews needed a deal, are shown apart and counted in no
 * average.
 *
 * POST /api/reviews {purchase_order_id | transport_request_id, rating, comment?, product_id?}
 * GET  /api/reviews?company_id= | ?product_id=  the published reviews (legacy ones flagged)
 * GET  /api/reviews/mine?purchase_order_id= | ?transport_request_id=  my company's review of the deal, published or not,
 *      and the products my review may name
 * Sync mutation review.create: the POST body with its id.
 */
import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_TARGET_TYPES } from '../constants';
import { MAX, clientIdField, optionalText, paginationFields, timestampSchema, uuidSchema } from './common';

/** A deal's reviews stay hidden this long after its first one unless the other party reviews sooner. */
export const REVIEW_BLIND_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a review written at `writtenAt` is published at the latest, if the other party never reviews. */
export const blindEndsAt = (writtenAt: Date): Date => new Date(writtenAt.getTime() + REVIEW_BLIND_DAYS * DAY_MS);

/** The review written at `writtenAt` is published by time alone at `now` (server/db/time-rules.ts blindPeriodOverSql). */
export const blindPeriodOver = (writtenAt: Date, now: Date): boolean => blindEndsAt(writtenAt).getTime() <= now.getTime();

const ratingSchema = z.number().int().min(RATING_MIN).max(RATING_MAX);

export const reviewSchema = z.object({
  id: uuidSchema,
  reviewer_id: uuidSchema,
  reviewer_name: z.string().nullable(),
  /** the company the reviewer acted for (null on a legacy review) */
  reviewer_company_id: uuidSchema.nullable(),
  target_type: z.enum(REVIEW_TARGET_TYPES),
  /** the reviewed company (a legacy review's product or user) */
  target_id: uuidSchema,
  product_id: uuidSchema.nullable(),
  product_name: z.string().nullable(),
  purchase_order_id: uuidSchema.nullable(),
  transport_request_id: uuidSchema.nullable(),
  rating: ratingSchema,
  comment: z.string().nullable(),
  /** written before reviews needed a deal: shown under "before verified reviews", counted nowhere */
  legacy: z.boolean(),
  /** null while the review waits for the other party (or for the blind period to end) */
  published_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Review = z.infer<typeof reviewSchema>;

/** The deal a review or a look-up names: exactly one of its purchase order or its transport request. */
const oneDeal = (v: { purchase_order_id?: string; transport_request_id?: string }) => (v.purchase_order_id === undefined) !== (v.transport_request_id === undefined);
const ONE_DEAL = { message: 'Name one deal: purchase_order_id or transport_request_id', path: ['purchase_order_id'] };

const dealFields = { purchase_order_id: uuidSchema.optional(), transport_request_id: uuidSchema.optional() };

/** POST /api/reviews: a review of the deal's other party. */
export const reviewCreateSchema = z
  .strictObject({
    ...clientIdField,
    ...dealFields,
    rating: ratingSchema,
    comment: optionalText(MAX.text),
    product_id: uuidSchema.optional(),
  })
  .refine(oneDeal, ONE_DEAL);
export type ReviewCreate = z.infer<typeof reviewCreateSchema>;
export type ReviewCreateInput = z.input<typeof reviewCreateSchema>;

/** GET /api/reviews: the published reviews of one company or one product. */
export const reviewListQuerySchema = z
  .strictObject({ company_id: uuidSchema.optional(), product_id: uuidSchema.optional(), ...paginationFields })
  .refine((v) => (v.company_id === undefined) !== (v.product_id === undefined), { message: 'Name company_id or product_id', path: ['company_id'] });
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** GET /api/reviews/mine: the deal whose review by my company is asked for. */
export const reviewMineQuerySchema = z.strictObject(dealFields).refine(oneDeal, ONE_DEAL);
export type ReviewMineQuery = z.infer<typeof reviewMineQuerySchema>;

/** GET /api/reviews/mine: my company's review of the deal (none, or one), and the products of it my review may name. */
export const reviewMineSchema = z.object({
  reviews: z.array(reviewSchema),
  products: z.array(z.object({ id: uuidSchema, name: z.string() })),
});
export type ReviewMine = z.infer<typeof reviewMineSchema>;
