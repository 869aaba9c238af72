/**
 * The market price beside an RFQ line: what other companies agreed to pay for the same
 * category and unit lately, told so that no one company's price can be read from it.
 *
 * A median of every agreed price was a single deal's exact price: with two free sign-ups
 * an attacker awarded itself a very low and a very high price around a victim's one deal
 * and read the victim's price as "the market". So:
 * - the reader's own deals never count (as buyer or seller): nobody moves the price they
 *   are shown with deals of their own, nor learns the rest by subtracting theirs;
 * - the lowest and highest prices are dropped (MARKET_PRICE_TRIM of them at each end, at
 *   least one), so a lone extreme on either side never shapes the answer;
 * - only verified companies' deals count (a seller ZATCA onboarded for its VAT number, a
 *   buyer an admin verified): free sign-ups are as many parties as an attacker wants, so
 *   counting distinct parties alone would let ten of them place deals around a victim's;
 * - what remains must come from MARKET_BAND_PARTIES distinct buyers and as many distinct
 *   sellers to show anything, and then only a band rounded outward to two significant
 *   figures; from MARKET_MEDIAN_PARTIES of each the median is shown too, rounded to three
 *   (never one deal's price to the halala).
 *
 * The server selects and trims the deals (server/modules/rfqs/queries.ts); marketPriceOf
 * decides what of them is shown.
 */
import type { MarketPrice } from './schemas/rfq';

/** How far back the market looks, in days before the read. */
export const MARKET_PRICE_DAYS = 90;
/** The share of prices dropped at each end (at least one at each end) before anything is shown. */
export const MARKET_PRICE_TRIM = 0.1;
/** Distinct buyers, and distinct sellers, among the prices kept: a band from this many. */
export const MARKET_BAND_PARTIES = 3;
/** ... and the median as well from this many. */
export const MARKET_MEDIAN_PARTIES = 5;
/** A band's ends are rounded outward to this many significant figures of its high end. */
const BAND_FIGURES = 2;
/** The median is rounded to this many significant figures. */
const MEDIAN_FIGURES = 3;

/** `price` rounded to `figures` significant figures (of its halalas; at least to the halala). */
function significant(price: number, figures: number): number {
  const h = Math.round(price * 100);
  const step = 10 ** Math.max(0, String(Math.abs(h)).length - figures);
  return (Math.round(h / step) * step) / 100;
}

/** The prices kept after trimming, of one category and unit: their range, median and parties. */
export interface KeptDeals {
  low: number;
  high: number;
  median: number;
  buyers: number;
  sellers: number;
}

/** low rounded down and high rounded up, in halalas, to BAND_FIGURES figures of high. */
function band(low: number, high: number): { low: number; high: number } {
  const lo = Math.round(low * 100);
  const hi = Math.round(high * 100);
  const step = 10 ** Math.max(0, String(hi).length - BAND_FIGURES);
  return { low: (Math.floor(lo / step) * step) / 100, high: (Math.ceil(hi / step) * step) / 100 };
}

/** What the market price shows of the kept deals: nothing, a band, or a band and its median. */
export function marketPriceOf(kept: KeptDeals | undefined): MarketPrice | null {
  const parties = kept ? Math.min(kept.buyers, kept.sellers) : 0;
  if (!kept || parties < MARKET_BAND_PARTIES) return null;
  return { ...band(kept.low, kept.high), median: parties >= MARKET_MEDIAN_PARTIES ? significant(kept.median, MEDIAN_FIGURES) : null };
}
