/**
 * Which approvals a purchase request needs, as pure functions the server decides by and the
 * device shows offline (its optimistic row), so both read one rule:
 * - a request's amount is what it would cost with VAT, in SAR: its priced lines totalled as
 *   an order is (shared/vat.ts), and unknown (null) as soon as one line has no price;
 * - a site's approval levels are cumulative bands of ascending `up_to_amount`, the last one
 *   unbounded (null): an amount needs every level from the first up to the band it falls in,
 *   less the levels nobody approves at (a band "without approval");
 * - an unknown amount needs every level, the strictest rule: a line left unpriced never
 *   takes a request under its approvals;
 * - the amount that picks the levels adds the site's other live requests raised in the
 *   24 hours before that share a budget line with it (a line without one shares the key
 *   "none"): one buy split into small requests the same day is approved as one.
 */
import { documentTotals, lineAmounts } from './vat';

export interface ApprovalLevel {
  /** The band's top, VAT included (SAR); null on the last level only. */
  up_to_amount: number | null;
  approver_ids: readonly string[];
}

export interface PricedLine {
  quantity: number;
  /** SAR before VAT; null or absent when the line has no estimated price. */
  estimated_unit_price?: number | null;
}

/** The VAT-included total of the lines (halalas-exact, like an order's), or null when any line lacks a price. */
export function requestAmount(lines: readonly PricedLine[]): number | null {
  if (lines.some((l) => l.estimated_unit_price == null)) return null;
  return documentTotals(lines.map((l) => lineAmounts(l.quantity, l.estimated_unit_price!))).total;
}

/**
 * The level numbers (1-based positions in `levels`) a request of `amount` needs, in order:
 * each level up to the first whose band holds the amount (or every level for an unknown
 * amount), skipping those with no approvers.
 */
export function requiredLevels(levels: readonly ApprovalLevel[], amount: number | null): number[] {
  const top = amount === null ? levels.length - 1 : levels.findIndex((l) => l.up_to_amount === null || amount <= l.up_to_amount);
  const last = top === -1 ? levels.length - 1 : top;
  const out: number[] = [];
  for (let i = 0; i <= last; i++) if (levels[i].approver_ids.length > 0) out.push(i + 1);
  return out;
}

/** The first required level not yet approved, or null when every one is. */
export function nextLevel(required: readonly number[], approvals: ReadonlyArray<{ level: number; decision: string }>): number | null {
  const approved = new Set(approvals.filter((a) => a.decision === 'approved').map((a) => a.level));
  return required.find((level) => !approved.has(level)) ?? null;
}

/** Who may act on a request now: the approvers of its next level (none once it is decided). */
export function waitingFor(levels: readonly ApprovalLevel[], next: number | null): string[] {
  return next === null ? [] : [...(levels[next - 1]?.approver_ids ?? [])];
}

/** How long before a request its site's requests on a shared budget line count toward its level amount. */
export const SPLIT_WINDOW_MS = 24 * 3600 * 1000;

/** The key a line counts under for splitting: its budget line, or "none" for a line without one. */
export const splitKey = (line: { budget_line_id?: string | null }): string => line.budget_line_id ?? 'none';

export interface SplitCandidate {
  amount: number | null;
  created_at: string | Date;
  keys: readonly string[];
}

/**
 * The amount that picks a request's levels: its own plus each other live request of the site
 * (`others`: pending or approved, never itself) raised in the 24 hours before it that shares
 * a split key with it; one raised in the same instant counts too (times are kept finer than a
 * millisecond, and counting both is the stricter side). Unknown (null) when any amount summed is unknown.
 */
export function levelAmount(own: SplitCandidate, others: readonly SplitCandidate[]): number | null {
  const at = new Date(own.created_at).getTime();
  const keys = new Set(own.keys);
  let halalas = own.amount === null ? null : Math.round(own.amount * 100);
  for (const o of others) {
    const t = new Date(o.created_at).getTime();
    if (!(t <= at && t >= at - SPLIT_WINDOW_MS) || !o.keys.some((k) => keys.has(k))) continue;
    halalas = halalas === null || o.amount === null ? null : halalas + Math.round(o.amount * 100);
  }
  return halalas === null ? null : halalas / 100;
}
