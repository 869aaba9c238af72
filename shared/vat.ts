/**
 * VAT on a line and on a document, as a Saudi tax invoice states it (ZATCA's rules, with
 * EN 16931's BR-S-09): each line's amount (quantity × unit price) and its VAT are rounded
 * to halalas on their own, half away from zero; the document's subtotal is the sum of its
 * lines' amounts, and its VAT is worked out once per rate on the lines' amounts at that
 * rate, rounded the same way. That VAT can differ by a halala or more from the sum of the
 * lines' own VAT (ten lines of 0.10 SAR: 0.15, where the lines' VAT adds up to 0.20).
 * Orders, quotes and invoices all total by this one rule, so an invoice states the total
 * of its order.
 *
 * The arithmetic is done in integers (halalas, tenths of a unit), with BigInt so the
 * largest numeric(14,2) price times the largest quantity stays exact; a float product
 * such as 1.005 × 3 would round the wrong way.
 */
import { PRICE_DECIMALS, roundTo } from './numbers';

/** The standard VAT rate in Saudi Arabia. */
export const VAT_RATE = 0.15;

/** Decimals a quantity is kept at (numeric(14,1), quantitySchema's step). */
const QUANTITY_DECIMALS = 1;

/** `n` as a whole number of 10^-decimals units (n already at that scale, or rounded to it). */
const scaled = (n: number, decimals: number): bigint => BigInt(Math.round(roundTo(n, decimals) * 10 ** decimals));

/** a / b rounded half away from zero, in integers. */
function divRound(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (x * 2n + y) / (y * 2n);
  return negative ? -q : q;
}

const toSar = (halalas: bigint): number => Number(halalas) / 10 ** PRICE_DECIMALS;

export interface LineAmounts {
  /** quantity × unit price, in SAR at two decimals */
  line_total: number;
  /** line_total × rate, rounded to two decimals on its own */
  vat_amount: number;
}

/** A line's amount and VAT, each rounded to halalas half away from zero. */
export function lineAmounts(quantity: number, unitPrice: number, rate: number = VAT_RATE): LineAmounts {
  const tenths = scaled(quantity, QUANTITY_DECIMALS);
  const halalas = scaled(unitPrice, PRICE_DECIMALS);
  const total = divRound(tenths * halalas, 10n ** BigInt(QUANTITY_DECIMALS));
  // The rate in basis points of a basis point (0.15 -> 1500 per 10,000): exact for any rate with up to 4 decimals.
  const rateUnits = BigInt(Math.round(rate * 10_000));
  const vat = divRound(total * rateUnits, 10_000n);
  return { line_total: toSar(total), vat_amount: toSar(vat) };
}

export interface DocumentTotals {
  subtotal: number;
  vat_total: number;
  total: number;
}

/** VAT at `rate` on an amount (SAR), rounded to halalas half away from zero. */
export const vatOn = (amount: number, rate: number): number => lineAmounts(1, amount, rate).vat_amount;

/**
 * A document's totals: the sum of its lines' amounts, and VAT once per rate on the
 * amounts at that rate (added in halalas). A line without a rate is at VAT_RATE.
 */
export function documentTotals(lines: ReadonlyArray<{ line_total: number; vat_rate?: number }>): DocumentTotals {
  const byRate = new Map<number, bigint>();
  for (const line of lines) {
    const rate = line.vat_rate ?? VAT_RATE;
    byRate.set(rate, (byRate.get(rate) ?? 0n) + scaled(line.line_total, PRICE_DECIMALS));
  }
  let subtotal = 0n;
  let vat = 0n;
  for (const [rate, amount] of byRate) {
    subtotal += amount;
    vat += scaled(vatOn(toSar(amount), rate), PRICE_DECIMALS);
  }
  return { subtotal: toSar(subtotal), vat_total: toSar(vat), total: toSar(subtotal + vat) };
}

/**
 * The net amount (halalas) that, with its VAT at `rate` rounded as a line's is, comes to
 * exactly `gross` halalas, or null when none does: how a price that includes VAT is stated
 * on a one-line invoice. One more halala of net can round its VAT up by one, adding two to
 * the total, so some totals are out of reach: at 15 %, 2,978.00 SAR is one (2,589.56 +
 * 388.43 = 2,977.99; 2,589.57 + 388.44 = 2,978.01).
 */
export function netOfGross(gross: number, rate: number = VAT_RATE): number | null {
  const guess = Math.round(gross / (1 + rate));
  for (const net of [guess, guess - 1, guess + 1]) {
    const { vat_amount } = lineAmounts(1, net / 100, rate);
    if (net + Math.round(vat_amount * 100) === gross) return net;
  }
  return null;
}

/**
 * What is charged for a price that includes VAT (halalas): the price itself, or one halala
 * less when no net amount reaches it, so the tax invoice states exactly what was paid (two
 * totals out of reach are never next to each other).
 */
export const chargeableGross = (price: number, rate: number = VAT_RATE): number => (netOfGross(price, rate) === null ? price - 1 : price);
