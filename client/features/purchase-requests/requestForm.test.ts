import { describe, expect, it } from 'vitest';
import { marketMedians } from './marketPrices';
import { emptyRequest, lineFromBudget, newRequestLine, requestSummary, validateRequest, type RequestDraft } from './requestForm';

const SITE = '00000000-0000-4000-8000-000000000001';
const BUDGET = '00000000-0000-4000-8000-000000000002';
const CEMENT = '00000000-0000-4000-8000-000000000003';
const OWNER = '00000000-0000-4000-8000-000000000004';
const MANAGER = '00000000-0000-4000-8000-000000000005';
// The design's example: none up to 5,000, the manager up to 50,000, the owner above.
const LEVELS = [
  { up_to_amount: 5000, approver_ids: [] },
  { up_to_amount: 50000, approver_ids: [MANAGER] },
  { up_to_amount: null, approver_ids: [OWNER] },
];

const draft = (lines: Array<Partial<RequestDraft['lines'][number]>>): RequestDraft => ({ ...emptyRequest(SITE), lines: lines.map((l) => newRequestLine(l)) });

describe('the new request form', () => {
  it('shows the amount with VAT and the levels it needs as it is typed', () => {
    // 100 bags at 26 SAR: 2,600 before VAT, 2,990 with it: no level.
    expect(requestSummary(draft([{ quantity: '100', estimated_unit_price: '26' }]), LEVELS)).toEqual({ amount: 2990, levels: [], complete: true });
    // 20,000 with VAT needs the manager's level only; Arabic digits are read too.
    expect(requestSummary(draft([{ quantity: '١٠٠', estimated_unit_price: '173.913' }]), LEVELS).levels).toEqual([2]);
    // 80,500 with VAT: the manager then the owner.
    expect(requestSummary(draft([{ quantity: '10', estimated_unit_price: '7000' }]), LEVELS)).toMatchObject({ amount: 80500, levels: [2, 3] });
  });

  it('needs every level while a line has no price (the strictest rule)', () => {
    const summary = requestSummary(draft([{ quantity: '1', estimated_unit_price: '10' }, { quantity: '2', estimated_unit_price: '' }]), LEVELS);
    expect(summary).toEqual({ amount: null, levels: [2, 3], complete: true });
  });

  it('takes a budget line with its description and unit, and the market median of its category and unit as the price', () => {
    const median = (category: string | null, unit: string) => (category === CEMENT && unit === 'كيس' ? 18.5 : null);
    const line = lineFromBudget(newRequestLine({ quantity: '40' }), { id: BUDGET, description: 'أسمنت بورتلاندي', unit: 'كيس', category_id: CEMENT }, median);
    expect(line).toMatchObject({ budget_line_id: BUDGET, description: 'أسمنت بورتلاندي', unit: 'كيس', quantity: '40', estimated_unit_price: '18.5', market_median: 18.5 });
    // No median known: the price stays what was typed, and says no market price prefilled it.
    const typed = lineFromBudget(newRequestLine({ estimated_unit_price: '9' }), { id: BUDGET, description: 'رمل', unit: 'م3', category_id: null }, median);
    expect(typed).toMatchObject({ estimated_unit_price: '9', market_median: null });
  });

  it('says under each field what the server would refuse, and makes the input when nothing is', () => {
    const bad: RequestDraft = { ...emptyRequest(''), needed_by: '2026-13-40', lines: [newRequestLine({ description: '', quantity: '0', unit: 'كيس', estimated_unit_price: '-1' })] };
    const { errors, input } = validateRequest(bad);
    expect(input).toBeUndefined();
    expect(errors.head).toMatchObject({ site_id: 'required', needed_by: 'date' });
    expect(errors.lines[bad.lines[0].id]).toEqual({ description: 'required', quantity: 'quantity', estimated_unit_price: 'price' });
    expect(validateRequest({ ...emptyRequest(SITE), lines: [] }).errors.head.lines).toBe('noLines');

    const good: RequestDraft = { ...emptyRequest(SITE), needed_by: '2026-12-20', note: '  ', lines: [newRequestLine({ budget_line_id: BUDGET, description: 'أسمنت', quantity: '12,5', unit: 'كيس', estimated_unit_price: '' })] };
    expect(validateRequest(good).input).toEqual({
      site_id: SITE,
      needed_by: '2026-12-20',
      note: null,
      lines: [{ id: good.lines[0].id, budget_line_id: BUDGET, description: 'أسمنت', quantity: 12.5, unit: 'كيس', estimated_unit_price: null }],
    });
  });
});

describe('the market medians on the device', () => {
  it('takes, per category and unit, the median of the most recently read RFQ that has one', () => {
    const line = (category_id: string | null, unit: string, median: number | null) => ({ category_id, unit, market_price: median === null ? null : { low: 1, high: 100, median } });
    const medians = marketMedians([
      { updated_at: '2026-11-01T00:00:00.000Z', lines: [line(CEMENT, 'كيس', 17), line(null, 'كيس', 99)] },
      { updated_at: '2026-11-20T00:00:00.000Z', lines: [line(CEMENT, 'كيس', 18.5), line(CEMENT, 'طن', null)] },
    ] as never);
    expect([...medians.values()]).toEqual([18.5]);
  });
});
