/**
 * Requests for quotation: a buyer's (contractor's) list of materials sent to the market or
 * to chosen suppliers, the suppliers' quotes line by line, the buyer's side-by-side
 * comparison and the award that turns quoted lines into purchase orders
 * (shared/schemas/purchase-order.ts). The rules over these shapes (phase, who may quote,
 * building the comparison) are in shared/rfq.ts.
 *
 * POST /api/rfqs rfqCreate -> rfq
 * GET  /api/rfqs/my (buyer) and GET /api/rfqs (addressed to the calling supplier) -> rfq[]
 * GET  /api/rfqs/{id} -> rfq
 * POST /api/rfqs/{id}/quotes rfqQuoteSubmit -> rfqQuote (201 new, 200 revised)
 * GET  /api/rfqs/{id}/quotes (buyer: every quote; supplier: their own) -> rfqQuote[]
 * GET  /api/rfqs/{id}/comparison (buyer only) -> rfqComparison
 * POST /api/rfqs/{id}/award rfqAward -> purchaseOrder[]
 * PATCH /api/rfqs/{id} rfqUpdate -> rfq (its buyer, open and before the first quote)
 */
import { z } from 'zod';
import {
  MAX,
  clientIdField,
  dateSchema,
  moneySchema,
  optionalText,
  paginationFields,
  positiveInt,
  quantitySchema,
  requiredName,
  requiredText,
  timestampSchema,
  uuidSchema,
} from './common';
import { productSupplierFields } from './product';
import { verificationTierSchema } from './profile';
import { companyScorecardsSchema } from './scorecard';
import { rfqLifecycle, rfqQuoteLifecycle, type RfqStatus } from '../lifecycles/rfqs';

/** Who an RFQ reaches: every supplier selling in its lines' categories, or only the invited ones. */
const RFQ_AUDIENCES = ['market', 'invited'] as const;
export type RfqAudience = (typeof RFQ_AUDIENCES)[number];

export type { RfqStatus };

/** Limits of one RFQ. */
const RFQ_MAX_LINES = 500;
const RFQ_MAX_INVITED = 50;
/** Entries of one award: every line of the largest RFQ split between up to four quotes. */
const RFQ_MAX_AWARDS = RFQ_MAX_LINES * 4;
/** Delivery days a quote may promise. */
const DELIVERY_DAYS_MAX = 365;

// --- the RFQ ------------------------------------------------------------------------------

/**
 * The market price of a line's category and unit (shared/market-price.ts): the unit prices
 * other companies agreed in the last 90 days, the lowest and highest dropped, as a band
 * rounded outward; the median too once enough distinct buyers and sellers make it up.
 */
const marketPriceSchema = z.object({
  low: z.number(),
  high: z.number(),
  /** null: too few companies for a single figure, the band only */
  median: z.number().nullable(),
});
export type MarketPrice = z.infer<typeof marketPriceSchema>;

const rfqLineSchema = z.object({
  id: uuidSchema,
  /** 1, 2, ...: the order the buyer listed the lines in */
  position: z.number().int().min(1),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  category_id: uuidSchema.nullable(),
  /** a catalogue product the line was made from, if any */
  product_id: uuidSchema.nullable(),
  /** the buyer's site budget line it spends: the buyer's rows only (null for a supplier) */
  budget_line_id: uuidSchema.nullable(),
  /** What other companies agreed to pay for this category and unit lately (null: too few of them, or no category), as of when the row was read. */
  market_price: marketPriceSchema.nullable(),
});
export type RfqLine = z.infer<typeof rfqLineSchema>;

/** A quote's price for one line of its RFQ. */
const rfqQuoteLineSchema = z.object({
  rfq_line_id: uuidSchema,
  unit_price: z.number(),
  /** what the supplier can deliver if less than asked; null: the whole quantity */
  quantity: z.number().nullable(),
  note: z.string().nullable(),
  /** a product of the supplier's offered instead of what the line asks for */
  substitute_product_id: uuidSchema.nullable(),
});

/** The supplier as quotes show them (the same fields product rows carry, from their profile). */
const quoteSupplierFields = {
  supplier_name: productSupplierFields.supplier_name,
  supplier_verification_tier: productSupplierFields.supplier_verification_tier,
  supplier_city: productSupplierFields.supplier_city,
  supplier_average_rating: productSupplierFields.supplier_average_rating,
  supplier_total_reviews: productSupplierFields.supplier_total_reviews,
  /** the supplier's scorecard, both windows (shared/schemas/scorecard.ts); null before any deal or quote of it was measured */
  supplier_scorecard: companyScorecardsSchema.nullable(),
};

/** One supplier's quote on an RFQ: seen by that supplier and the RFQ's buyer, never by other suppliers. */
export const rfqQuoteSchema = z.object({
  id: uuidSchema,
  rfq_id: uuidSchema,
  supplier_id: uuidSchema,
  ...quoteSupplierFields,
  delivery_days: z.number().int(),
  valid_until: dateSchema,
  notes: z.string().nullable(),
  /** only the lines quoted (a skipped line has none), in the RFQ's line order */
  lines: z.array(rfqQuoteLineSchema),
  /** 1 for the first submission, +1 for each revision */
  revision: z.number().int().min(1),
  status: z.enum(rfqQuoteLifecycle.states),
  /** the person of the supplier's company who sent the current revision */
  created_by_name: z.string().nullable(),
  /** when the current revision was sent */
  submitted_at: timestampSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type RfqQuote = z.infer<typeof rfqQuoteSchema>;

export const rfqSchema = z.object({
  id: uuidSchema,
  /** the buyer's account (their company's for a member) */
  buyer_id: uuidSchema,
  buyer_name: z.string().nullable(),
  buyer_verification_tier: verificationTierSchema,
  title: z.string(),
  /** the site the materials go to */
  location: z.string(),
  needed_by: dateSchema.nullable(),
  closes_at: timestampSchema,
  /** the buyer's site it buys for and the purchase request it was made from: the buyer's rows only (null for a supplier) */
  site_id: uuidSchema.nullable(),
  purchase_request_id: uuidSchema.nullable(),
  audience: z.enum(RFQ_AUDIENCES),
  /**
   * the suppliers it reached (and who were told): the invited ones, or the market's sellers
   * (the list grows while it is open, as suppliers start selling in its categories); the
   * buyer's own rows only (null for a supplier reading it)
   */
  supplier_ids: z.array(uuidSchema).nullable(),
  /** as of the reader's clock (rfqPhase): open turns closed at closes_at */
  status: z.enum(rfqLifecycle.states),
  lines: z.array(rfqLineSchema),
  /** the calling supplier's own quote; null for the buyer and for a supplier who has not quoted */
  my_quote: rfqQuoteSchema.nullable(),
  /** how many suppliers quoted: the buyer's rows only (0 for a supplier) */
  quote_count: z.number().int().min(0),
  awarded_at: timestampSchema.nullable(),
  /** the person of the buyer's company who sent it */
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Rfq = z.infer<typeof rfqSchema>;

// --- writes -------------------------------------------------------------------------------

const rfqLineCreateSchema = z.strictObject({
  id: uuidSchema,
  description: requiredText(MAX.text),
  quantity: quantitySchema,
  unit: requiredText(MAX.unit),
  category_id: uuidSchema.nullable().optional(),
  product_id: uuidSchema.nullable().optional(),
  /** a budget line of the RFQ's site */
  budget_line_id: uuidSchema.nullable().optional(),
});

const unique = (ids: string[]) => new Set(ids).size === ids.length;

/**
 * POST /api/rfqs (and the sync mutation rfq.create with `id` required). Invited RFQs name
 * their suppliers; market ones name none. The closing time is checked against the
 * server's clock when it arrives (rfq_closed if already past).
 */
/** What the buyer writes of an RFQ, on sending it and on editing it. */
const rfqContentFields = {
  title: requiredName(MAX.name),
  location: requiredText(MAX.location),
  needed_by: dateSchema.nullable().optional(),
  closes_at: timestampSchema,
  lines: z.array(rfqLineCreateSchema).min(1).max(RFQ_MAX_LINES),
};

export const rfqCreateSchema = z
  .strictObject({
    ...clientIdField,
    ...rfqContentFields,
    /** the buyer's site it buys for: its orders wait for the site's approvals by amount */
    site_id: uuidSchema.nullable().optional(),
    audience: z.enum(RFQ_AUDIENCES),
    supplier_ids: z.array(uuidSchema).max(RFQ_MAX_INVITED).optional(),
  })
  .refine((v) => v.audience !== 'invited' || (v.supplier_ids?.length ?? 0) > 0, { message: 'suppliers_required', path: ['supplier_ids'] })
  .refine((v) => v.audience !== 'market' || !v.supplier_ids?.length, { message: 'market_names_no_suppliers', path: ['supplier_ids'] })
  .refine((v) => unique(v.supplier_ids ?? []), { message: 'duplicate_supplier', path: ['supplier_ids'] })
  .refine((v) => unique(v.lines.map((l) => l.id)), { message: 'duplicate_line', path: ['lines'] })
  .refine((v) => !!v.site_id || v.lines.every((l) => !l.budget_line_id), { message: 'budget_line_without_site', path: ['lines'] });
export type RfqCreate = z.infer<typeof rfqCreateSchema>;
export type RfqCreateInput = z.input<typeof rfqCreateSchema>;

const rfqQuoteLineSubmitSchema = z.strictObject({
  rfq_line_id: uuidSchema,
  unit_price: moneySchema,
  quantity: quantitySchema.nullable().optional(),
  note: optionalText(MAX.location),
  substitute_product_id: uuidSchema.nullable().optional(),
});

/**
 * POST /api/rfqs/{id}/quotes: the whole quote each time (a revision replaces every line;
 * a line left out is not quoted). A supplier has one quote per RFQ: sending again, under
 * its id or another, revises it until the RFQ closes.
 */
export const rfqQuoteSubmitSchema = z
  .strictObject({
    ...clientIdField,
    delivery_days: positiveInt(DELIVERY_DAYS_MAX),
    valid_until: dateSchema,
    notes: optionalText(MAX.text),
    lines: z.array(rfqQuoteLineSubmitSchema).min(1).max(RFQ_MAX_LINES),
  })
  .refine((v) => unique(v.lines.map((l) => l.rfq_line_id)), { message: 'duplicate_line', path: ['lines'] });
export type RfqQuoteSubmitInput = z.input<typeof rfqQuoteSubmitSchema>;

/** The sync mutation rfq_quote.submit: the quote body with its id required and the RFQ's id (the path's). */
export const rfqQuoteSubmitArgsSchema = rfqQuoteSubmitSchema.safeExtend({ id: uuidSchema, rfq_id: uuidSchema });
export type RfqQuoteSubmitArgs = z.infer<typeof rfqQuoteSubmitArgsSchema>;

/**
 * POST /api/rfqs/{id}/award: which quotes win each awarded line, and how much of it each
 * orders (whole to one supplier is every line to one quote; a line left out is not
 * bought). `quantity` defaults to what the quote offers of the line; a line partly
 * offered may name several quotes, each once, their quantities together at most the
 * line's (shared/rfq.ts planAward, award_over_ordered). Once per RFQ.
 */
export const rfqAwardSchema = z
  .strictObject({
    awards: z
      .array(z.strictObject({ rfq_line_id: uuidSchema, quote_id: uuidSchema, quantity: quantitySchema.optional() }))
      .min(1)
      .max(RFQ_MAX_AWARDS),
  })
  .refine((v) => unique(v.awards.map((a) => `${a.rfq_line_id}|${a.quote_id}`)), { message: 'duplicate_line', path: ['awards'] });
export type RfqAward = z.infer<typeof rfqAwardSchema>;
/** The sync mutation rfq.award: the award body and the RFQ's id as `id`. */
export const rfqAwardArgsSchema = rfqAwardSchema.safeExtend({ id: uuidSchema });
export type RfqAwardArgs = z.infer<typeof rfqAwardArgsSchema>;

/**
 * PATCH /api/rfqs/{id}: the buyer's whole RFQ again, while it is open and no supplier has
 * quoted (shared/rfq.ts editRefusal). The lines replace its lines (a line kept keeps its
 * id). Who it goes to is not edited: the suppliers it reached were told of it; a market
 * RFQ whose new lines sell in more categories reaches their sellers too.
 */
export const rfqUpdateSchema = z
  .strictObject(rfqContentFields)
  .refine((v) => unique(v.lines.map((l) => l.id)), { message: 'duplicate_line', path: ['lines'] });
export type RfqUpdateInput = z.input<typeof rfqUpdateSchema>;
/** The sync mutation rfq.update: the edit and the RFQ's id (the path's). */
export const rfqUpdateArgsSchema = z
  .strictObject({ id: uuidSchema, ...rfqContentFields })
  .refine((v) => unique(v.lines.map((l) => l.id)), { message: 'duplicate_line', path: ['lines'] });
export type RfqUpdateArgs = z.infer<typeof rfqUpdateArgsSchema>;

/** The sync mutation rfq.cancel (POST /api/rfqs/{id}/cancel): the buyer withdraws an RFQ not yet awarded. */
export const rfqCancelArgsSchema = z.strictObject({ id: uuidSchema });

/** GET /api/rfqs and /api/rfqs/my. */
export const rfqListQuerySchema = z.strictObject({
  status: z.enum(rfqLifecycle.states).optional(),
  ...paginationFields,
});
export type RfqListQuery = z.infer<typeof rfqListQuerySchema>;

// --- the comparison -----------------------------------------------------------------------

/** One quote's column: the supplier, their terms and the quote's totals over the lines it quoted. */
const comparisonQuoteSchema = z.object({
  quote_id: uuidSchema,
  supplier_id: uuidSchema,
  ...quoteSupplierFields,
  delivery_days: z.number().int(),
  valid_until: dateSchema,
  revision: z.number().int(),
  submitted_at: timestampSchema,
  notes: z.string().nullable(),
  /** how many of the RFQ's lines it prices, and that share of them (0..1) */
  quoted_lines: z.number().int().min(0),
  coverage: z.number().min(0).max(1),
  /** the share of the asked quantities it offers, averaged over the RFQ's lines (0..1, 4 decimals): its totals cover this much */
  quantity_coverage: z.number().min(0).max(1),
  /** lines where it is the lowest (ties count for each) */
  lowest_lines: z.number().int().min(0),
  /** over the quantities it offers (shared/rfq.ts quoteLineAmounts) */
  subtotal: z.number(),
  vat_total: z.number(),
  total: z.number(),
});
export type ComparisonQuote = z.infer<typeof comparisonQuoteSchema>;

/** One quote's price on one line; a gap (not quoted) has unit_price null. */
const comparisonCellSchema = z.object({
  quote_id: uuidSchema,
  unit_price: z.number().nullable(),
  /** unit price × the quantity offered, before VAT (shared/rfq.ts quoteLineAmounts) */
  line_total: z.number().nullable(),
  vat_amount: z.number().nullable(),
  /** the quantity the quote gave when less than asked (null: the whole), as sent */
  quantity: z.number().nullable(),
  /** what it offers: its quantity when less than asked, else the asked one; null for a gap */
  quantity_offered: z.number().nullable(),
  note: z.string().nullable(),
  substitute_product_id: uuidSchema.nullable(),
  /** the lowest unit price on this line (every one of a tie) */
  lowest: z.boolean(),
});
export type ComparisonCell = z.infer<typeof comparisonCellSchema>;

/** One line of the RFQ with a cell per quote, in the order of `quotes`. */
const comparisonLineSchema = z.object({
  rfq_line_id: uuidSchema,
  position: z.number().int(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  category_id: uuidSchema.nullable(),
  market_price: marketPriceSchema.nullable(),
  cells: z.array(comparisonCellSchema),
  /** the lowest unit price on the line, null when nobody quoted it */
  lowest_unit_price: z.number().nullable(),
  /** how many quotes price it */
  quote_count: z.number().int().min(0),
});
export type ComparisonLine = z.infer<typeof comparisonLineSchema>;

/** GET /api/rfqs/{id}/comparison: lines down, quotes across (the buyer's only). */
export const rfqComparisonSchema = z.object({
  rfq_id: uuidSchema,
  status: z.enum(rfqLifecycle.states),
  vat_rate: z.number(),
  quotes: z.array(comparisonQuoteSchema),
  lines: z.array(comparisonLineSchema),
  /** each quoted line filled from its cheapest offers up, summed (before VAT): a split award's floor */
  best_subtotal: z.number(),
  /** lines no quote prices */
  unquoted_lines: z.number().int().min(0),
});
export type RfqComparison = z.infer<typeof rfqComparisonSchema>;
