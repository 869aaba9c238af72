/** The builder's draft checked as the server will check it, plus its own time rules. */
import { describe, expect, it } from 'vitest';
import type { RfqDraft } from './draft';
import { validateDraft } from './rfqForm';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const line = (id: string, quantity: string, unit = 'كيس') => ({ id, description: 'أسمنت', quantity, unit, category_id: null, product_id: null });
const L1 = '00000000-0000-4000-8000-000000000001';
const L2 = '00000000-0000-4000-8000-000000000002';
const draft = (over: Partial<RfqDraft> = {}): RfqDraft => ({
  title: 'فيلا الرياض',
  location: 'الرياض، حي النرجس',
  needed_by: '',
  closes_at: '2026-12-01T12:00',
  audience: 'market',
  supplier_ids: [],
  lines: [line(L1, '٢٠٠')],
  ...over,
});

describe('the RFQ draft', () => {
  it('makes the input with quantities read as people type them', () => {
    const { input } = validateDraft(draft(), NOW);
    expect(input?.lines[0]).toMatchObject({ id: L1, quantity: 200, unit: 'كيس' });
    expect(input?.supplier_ids).toBeUndefined();
  });

  it('names each line field in error by its line, and a request with no lines', () => {
    const { errors, input } = validateDraft(draft({ lines: [line(L1, 'كثير'), line(L2, '5', '')] }), NOW);
    expect(input).toBeUndefined();
    expect(errors.lines).toEqual({ [L1]: { quantity: 'quantity' }, [L2]: { unit: 'required' } });
    expect(validateDraft(draft({ lines: [] }), NOW).errors.head.lines).toBe('noLines');
  });

  it('sends the site and each line’s budget line, and no budget line without a site', () => {
    const SITE = '00000000-0000-4000-8000-000000000010';
    const BUDGET = '00000000-0000-4000-8000-000000000011';
    const withSite = validateDraft(draft({ site_id: SITE, lines: [{ ...line(L1, '5'), budget_line_id: BUDGET }, line(L2, '3')] }), NOW).input;
    expect(withSite).toMatchObject({ site_id: SITE, lines: [{ id: L1, budget_line_id: BUDGET }, { id: L2, budget_line_id: null }] });
    const without = validateDraft(draft({ site_id: null, lines: [{ ...line(L1, '5'), budget_line_id: BUDGET }] }), NOW).input;
    expect(without).toMatchObject({ site_id: null, lines: [{ id: L1, budget_line_id: null }] });
  });

  it('refuses a closing time past, a needed-by date before it, and an invited request without suppliers', () => {
    expect(validateDraft(draft({ closes_at: '2026-11-27T12:00' }), NOW).errors.head.closes_at).toBe('closesPast');
    expect(validateDraft(draft({ needed_by: '2026-11-30' }), NOW).errors.head.needed_by).toBe('neededBeforeClose');
    expect(validateDraft(draft({ audience: 'invited' }), NOW).errors.head.supplier_ids).toBe('suppliers');
  });
});
