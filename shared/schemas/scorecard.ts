/**
 * A company's scorecard: its record as a seller, measured from the deals themselves
 * (server/modules/scorecards/compute.ts), never typed by anyone. One per window: '12m'
 * the twelve months before it was computed, 'all' all time.
 *
 * GET /api/companies/{id}/scorecard -> companyScorecards (both windows)
 * GET /api/companies/{id}/scorecard?window=12m|all -> scorecard
 * GET /api/company/scorecard (the company's own) -> ownScorecard: both windows and the
 *   orders that pulled a figure down
 * The comparison (GET /api/rfqs/{id}/comparison) and each quote carry their supplier's
 * companyScorecards.
 */
import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';

/** Fewer deals than this behind a figure, and it is not shown: "not enough deals yet". */
export const SCORECARD_MIN_DEALS = 3;

const SCORECARD_WINDOWS = ['12m', 'all'] as const;
const scorecardWindowSchema = z.enum(SCORECARD_WINDOWS);
export type ScorecardWindow = z.infer<typeof scorecardWindowSchema>;

/** A share of 0..1, or null under SCORECARD_MIN_DEALS deals. */
const rate = z.number().min(0).max(1).nullable();

export const scorecardSchema = z.object({
  window: scorecardWindowSchema,
  /** orders with a goods receipt (in the window: by their first receipt) */
  deals: z.number().int().min(0),
  /** of the quantities due by the order's promised day, the share received by that day (a partial receipt counts for its quantity) */
  on_time_rate: rate,
  /** of the quantities ordered, the share received */
  fill_rate: rate,
  /** of the quantities received, the share rejected at the site */
  rejection_rate: rate,
  /** its prices against the market median of the same category and unit: +5.0 is 5 % above */
  price_vs_median_percent: z.number().nullable(),
  /** the median time from an RFQ's publication to this company's quote, in hours */
  median_quote_hours: z.number().min(0).nullable(),
  /** disputes opened against it, and how they ended: accepted (for the buyer) or rejected (for the seller) */
  disputes: z.object({ opened: z.number().int().nullable(), for_buyer: z.number().int().nullable(), for_seller: z.number().int().nullable() }),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

export const companyScorecardsSchema = z.object({ '12m': scorecardSchema, all: scorecardSchema });
export type CompanyScorecards = z.infer<typeof companyScorecardsSchema>;

export const scorecardQuerySchema = z.strictObject({ window: scorecardWindowSchema.optional() });

/** Why an order pulled a figure down. */
const SCORECARD_SHORTFALLS = ['late', 'short', 'rejected'] as const;

/** An order behind a lower figure, for its seller: what of it was late, short or rejected. */
const scorecardShortfallSchema = z.object({
  purchase_order_id: uuidSchema,
  number: z.string(),
  buyer_name: z.string(),
  /** the day it was promised (Riyadh), if it was */
  promised_day: z.string().nullable(),
  first_received_at: timestampSchema,
  reasons: z.array(z.enum(SCORECARD_SHORTFALLS)),
  /** its own shares, 0..1 (on_time null without a promised day or before it is due) */
  on_time: z.number().nullable(),
  fill: z.number(),
  rejected: z.number(),
});
export type ScorecardShortfall = z.infer<typeof scorecardShortfallSchema>;

export const ownScorecardSchema = z.object({ scorecards: companyScorecardsSchema, shortfalls: z.array(scorecardShortfallSchema) });
export type OwnScorecard = z.infer<typeof ownScorecardSchema>;
