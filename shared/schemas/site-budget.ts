/**
 * Where every riyal of a site stands: GET /api/sites/{id}/budget (its company's people) and
 * the same figures in GET /api/sites/{id}/budget.xlsx. Per budget line, in SAR with VAT,
 * each rounded to halalas, each a sum of the documents themselves (server/modules/sites/budget.ts):
 * - budget: the line's budget amount;
 * - approved: the approved purchase requests (kind 'request') on the line, their lines'
 *   quantity × estimated price with VAT (an unpriced line counts 0);
 * - committed: the order lines on the budget line of the site's orders that stand (any
 *   status but awaiting_approval, declined, cancelled), less what was closed short;
 * - received: what was accepted of them (received less rejected less sent back for
 *   redelivery) at the order's prices;
 * - invoiced: what the seller's live tax invoices bill of them (less credit notes, plus
 *   debit notes) at the order's prices;
 * - paid: each invoice's confirmed payments spread over its lines pro rata;
 * - remaining: budget − committed; over_budget when committed > budget.
 * A row with budget_line_id null gathers what the site's orders spend on no budget line
 * (budget 0), so the totals add up to every order of the site.
 */
import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';

const figures = {
  budget: z.number(),
  approved: z.number(),
  committed: z.number(),
  received: z.number(),
  invoiced: z.number(),
  paid: z.number(),
  remaining: z.number(),
};

/** The figures of a row and of the totals, in the order the screen and the sheet show them. */
export const BUDGET_FIGURES = ['budget', 'approved', 'committed', 'received', 'invoiced', 'paid', 'remaining'] as const;
export type BudgetFigure = (typeof BUDGET_FIGURES)[number];

const siteBudgetLineRowSchema = z.object({
  /** null on the row of what is spent on no budget line */
  budget_line_id: uuidSchema.nullable(),
  position: z.number().int().nullable(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  category_id: uuidSchema.nullable(),
  ...figures,
  over_budget: z.boolean(),
  /** budget / quantity (SAR per unit, VAT included), null without a quantity */
  budget_unit_price: z.number().nullable(),
  /** the market's median per unit for the line's category and unit (SAR before VAT, as the RFQ's market price), null when the market has none */
  market_unit_price: z.number().nullable(),
});
export type SiteBudgetLineRow = z.infer<typeof siteBudgetLineRowSchema>;

export const siteBudgetSchema = z.object({
  site_id: uuidSchema,
  site_name: z.string(),
  lines: z.array(siteBudgetLineRowSchema),
  totals: z.object({ ...figures, over_budget: z.boolean() }),
  /** when the server read the figures */
  as_of: timestampSchema,
});
export type SiteBudget = z.infer<typeof siteBudgetSchema>;
