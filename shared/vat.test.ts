import { describe, expect, it } from 'vitest';
import { VAT_RATE, documentTotals, lineAmounts } from './vat';
import { VAT_CATEGORY_CODES, lineVat, vatRateOf } from './vatex';

describe('lineAmounts', () => {
  it.each([
    // quantity, unit price, line total, VAT
    [1, 100, 100, 15],
    [200, 18.5, 3700, 555],
    [3, 0.1, 0.3, 0.05], // 0.045 VAT: half a halala goes up
    [1, 0.03, 0.03, 0], // 0.0045 goes down
    [1, 0.7, 0.7, 0.11], // 0.105 exactly: up (binary 0.7 * 0.15 is 0.10499...)
    [0.5, 0.05, 0.03, 0], // 0.025 -> 0.03 (half away from zero), its VAT 0.0045 -> 0
    [2.5, 10.01, 25.03, 3.75], // 25.025 -> 25.03; 3.7545 -> 3.75
    [12.3, 2450, 30135, 4520.25],
    [1_000_000.5, 99_999.99, 100_000_040_000, 15_000_006_000], // 100,000,039,999.995 -> 100,000,040,000.00
  ])('%d × %d is %d, VAT %d', (quantity, price, total, vat) => {
    const amounts = lineAmounts(quantity, price);
    expect(amounts).toEqual({ line_total: total, vat_amount: vat });
  });

  it('takes another rate when given', () => {
    expect(lineAmounts(1, 10, 0.05)).toEqual({ line_total: 10, vat_amount: 0.5 });
    expect(VAT_RATE).toBe(0.15);
  });
});

describe('documentTotals', () => {
  it("takes VAT once on the rate's total, as ZATCA's BR-S-09 does, not the sum of the lines' own VAT", () => {
    // Three lines of 0.7 SAR: each line's VAT 0.105 -> 0.11 (0.33 together); 15 % of 2.10 = 0.315 -> 0.32.
    const lines = [lineAmounts(1, 0.7), lineAmounts(1, 0.7), lineAmounts(1, 0.7)];
    expect(lines[0].vat_amount).toBe(0.11);
    expect(documentTotals(lines)).toEqual({ subtotal: 2.1, vat_total: 0.32, total: 2.42 });
  });

  it('adds in halalas, without a float sum drifting, and keeps each rate apart', () => {
    const lines = Array.from({ length: 10 }, () => ({ line_total: 0.1 }));
    expect(documentTotals(lines)).toEqual({ subtotal: 1, vat_total: 0.15, total: 1.15 });
    expect(documentTotals([{ line_total: 100, vat_rate: 0 }, { line_total: 0.7 }])).toEqual({ subtotal: 100.7, vat_total: 0.11, total: 100.81 });
    expect(documentTotals([])).toEqual({ subtotal: 0, vat_total: 0, total: 0 });
  });
});

describe('vatRateOf', () => {
  it('is the standard rate on a standard-rated line and none on a zero-rated or exempt one, as lineVat states it', () => {
    expect(VAT_CATEGORY_CODES.map(vatRateOf)).toEqual([VAT_RATE, 0, 0]);
    expect(lineVat('S').vat_rate).toBe(vatRateOf('S'));
    expect(lineVat('Z', 'VATEX-SA-35').vat_rate).toBe(vatRateOf('Z'));
  });
});
