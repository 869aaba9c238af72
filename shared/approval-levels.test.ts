import { describe, expect, it } from 'vitest';
import { levelAmount, nextLevel, requestAmount, requiredLevels, splitKey, waitingFor, type ApprovalLevel } from './approval-levels';

const manager = 'manager-id';
const owner = 'owner-id';
/** The example: up to 5,000 no approval, up to 50,000 the manager, above that the manager then the owner. */
const levels: ApprovalLevel[] = [
  { up_to_amount: 5000, approver_ids: [] },
  { up_to_amount: 50000, approver_ids: [manager] },
  { up_to_amount: null, approver_ids: [owner] },
];

describe('requestAmount', () => {
  it('totals priced lines with 15 % VAT, rounded to halalas as an order is', () => {
    expect(requestAmount([{ quantity: 10, estimated_unit_price: 100 }])).toBe(1150);
    // Three lines of 0.7: VAT once on 2.10 (0.315 -> 0.32), not 0.11 a line.
    expect(requestAmount([0.7, 0.7, 0.7].map((p) => ({ quantity: 1, estimated_unit_price: p })))).toBe(2.42);
    expect(requestAmount([])).toBe(0);
  });

  it('is unknown (null) as soon as one line has no price', () => {
    expect(requestAmount([{ quantity: 10, estimated_unit_price: 100 }, { quantity: 1 }])).toBeNull();
    expect(requestAmount([{ quantity: 1, estimated_unit_price: null }])).toBeNull();
  });
});

describe('requiredLevels', () => {
  it.each([
    [3000, []],
    [20000, [2]],
    [80000, [2, 3]],
    [5000, []], // exactly at a band's top: that band
    [5000.01, [2]],
    [50000, [2]],
    [50000.01, [2, 3]],
    [0, []],
  ])('an amount of %d needs levels %j', (amount, expected) => {
    expect(requiredLevels(levels, amount)).toEqual(expected);
  });

  it('needs every level with approvers when the amount is unknown (the strictest rule)', () => {
    expect(requiredLevels(levels, null)).toEqual([2, 3]);
  });

  it('skips levels without approvers, wherever they are', () => {
    const gap: ApprovalLevel[] = [
      { up_to_amount: 1000, approver_ids: [manager] },
      { up_to_amount: 10000, approver_ids: [] },
      { up_to_amount: null, approver_ids: [owner] },
    ];
    expect(requiredLevels(gap, 500)).toEqual([1]);
    expect(requiredLevels(gap, 9000)).toEqual([1]);
    expect(requiredLevels(gap, 20000)).toEqual([1, 3]);
  });

  it("reads the default rules of a new site: nothing under 10,000, the owner above", () => {
    const defaults: ApprovalLevel[] = [
      { up_to_amount: 10000, approver_ids: [] },
      { up_to_amount: null, approver_ids: [owner] },
    ];
    expect(requiredLevels(defaults, 10000)).toEqual([]);
    expect(requiredLevels(defaults, 10000.01)).toEqual([2]);
    expect(requiredLevels(defaults, null)).toEqual([2]);
  });

  it('needs nothing of a site without levels or without approvers', () => {
    expect(requiredLevels([], 1e9)).toEqual([]);
    expect(requiredLevels([{ up_to_amount: null, approver_ids: [] }], null)).toEqual([]);
  });
});

describe('nextLevel and waitingFor', () => {
  it('is the first required level not approved, and its approvers wait', () => {
    expect(nextLevel([2, 3], [])).toBe(2);
    expect(waitingFor(levels, 2)).toEqual([manager]);
    expect(nextLevel([2, 3], [{ level: 2, decision: 'approved' }])).toBe(3);
    expect(waitingFor(levels, 3)).toEqual([owner]);
    expect(nextLevel([2, 3], [{ level: 2, decision: 'approved' }, { level: 3, decision: 'approved' }])).toBeNull();
    expect(waitingFor(levels, null)).toEqual([]);
    expect(nextLevel([], [])).toBeNull();
  });

  it('does not count a rejection as passed', () => {
    expect(nextLevel([2, 3], [{ level: 2, decision: 'rejected' }])).toBe(2);
  });

  it("asks again at a level the owner's new rules added, whatever was approved before", () => {
    // Approved at level 2 under the old rules; the new rules need level 1 too.
    expect(nextLevel([1, 2], [{ level: 2, decision: 'approved' }])).toBe(1);
  });
});

describe('levelAmount', () => {
  const at = '2026-12-02T12:00:00.000Z';
  const hoursBefore = (h: number) => new Date(Date.parse(at) - h * 3600_000).toISOString();
  const own = { amount: 30000, created_at: at, keys: ['line-a'] };

  it("adds the site's requests of the 24 hours before that share a budget line", () => {
    expect(levelAmount(own, [{ amount: 25000, created_at: hoursBefore(3), keys: ['line-a', 'line-b'] }])).toBe(55000);
    expect(requiredLevels(levels, levelAmount(own, [{ amount: 25000, created_at: hoursBefore(3), keys: ['line-a'] }]))).toEqual([2, 3]);
  });

  it('leaves out other budget lines, older requests and later ones', () => {
    expect(
      levelAmount(own, [
        { amount: 25000, created_at: hoursBefore(3), keys: ['line-b'] },
        { amount: 25000, created_at: hoursBefore(24.01), keys: ['line-a'] },
        { amount: 25000, created_at: new Date(Date.parse(at) + 1000).toISOString(), keys: ['line-a'] },
      ]),
    ).toBe(30000);
    expect(levelAmount(own, [{ amount: 0.1, created_at: hoursBefore(24), keys: ['line-a'] }])).toBe(30000.1);
  });

  it('counts lines without a budget line under one key, so a blank budget line does not escape', () => {
    const blank = { amount: 4000, created_at: at, keys: [splitKey({ budget_line_id: null })] };
    expect(levelAmount(blank, [{ amount: 4000, created_at: hoursBefore(1), keys: [splitKey({})] }])).toBe(8000);
    expect(splitKey({ budget_line_id: 'line-a' })).toBe('line-a');
  });

  it('is unknown when its own amount or one summed is unknown', () => {
    expect(levelAmount({ ...own, amount: null }, [])).toBeNull();
    expect(levelAmount(own, [{ amount: null, created_at: hoursBefore(1), keys: ['line-a'] }])).toBeNull();
  });
});
