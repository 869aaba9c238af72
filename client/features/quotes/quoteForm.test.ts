import { describe, expect, it } from 'vitest';
import type { LineMatch, OwnProduct } from './prefill';
import { noErrors, quoteTotals, quoteValuesFrom, validateQuote, type QuoteValues } from './quoteForm';

const L1 = '00000000-0000-4000-8000-000000000001';
const L2 = '00000000-0000-4000-8000-000000000002';
const L3 = '00000000-0000-4000-8000-000000000003';
const P1 = '00000000-0000-4000-8000-0000000000a1';
const lines = [
  { id: L1, quantity: 200, product_id: null },
  { id: L2, quantity: 12, product_id: '00000000-0000-4000-8000-0000000000f1' },
  { id: L3, quantity: 5000, product_id: null },
];
const own = (over: Partial<OwnProduct> = {}): OwnProduct => ({
  id: P1, name: 'Cement', sku: null, price: 18.5, unit: 'bag', category_id: null, stock_quantity: null, availability_status: 'available', ...over,
});

function filled(): QuoteValues {
  const v = quoteValuesFrom(lines, null, new Map(), '2026-12-01T12:00:00Z');
  v.delivery_days = '5';
  v.lines[L1] = { quoted: true, unit_price: '18.50', quantity: '', note: '', substitute_product_id: '' };
  v.lines[L3] = { quoted: true, unit_price: '١٫٢٥', quantity: '3000', note: 'Hollow 20 cm', substitute_product_id: '' };
  return v;
}

describe('the quote form', () => {
  it('prefills matched lines from the price list and skips the rest, valid 30 days after closing', () => {
    const matches = new Map<string, LineMatch>([
      [L1, { product: own(), kind: 'product', available: null }],
      [L2, { product: own({ price: 2400, stock_quantity: 8 }), kind: 'category', available: 8 }],
    ]);
    const v = quoteValuesFrom(lines, null, matches, '2026-12-01T12:00:00Z');
    expect(v.lines[L1]).toEqual({ quoted: true, unit_price: '18.5', quantity: '', note: '', substitute_product_id: '' });
    // The line named another product: the supplier's own is offered in its place, for what is in stock.
    expect(v.lines[L2]).toMatchObject({ quoted: true, unit_price: '2400', quantity: '8', substitute_product_id: P1 });
    expect(v.lines[L3]?.quoted).toBe(false);
    expect(v.valid_until).toBe('2026-12-31');
  });

  it('starts a revision from the quote as sent', () => {
    const v = quoteValuesFrom(lines, {
      delivery_days: 3, valid_until: '2027-01-10', notes: 'Cash on delivery',
      lines: [{ rfq_line_id: L3, unit_price: 1.2, quantity: null, note: null, substitute_product_id: null }],
    }, new Map([[L1, { product: own(), kind: 'product', available: null }]]), '2026-12-01T12:00:00Z');
    expect(v).toMatchObject({ delivery_days: '3', valid_until: '2027-01-10', notes: 'Cash on delivery' });
    expect(v.lines[L1]?.quoted).toBe(false);
    expect(v.lines[L3]).toMatchObject({ quoted: true, unit_price: '1.2' });
  });

  it('sends only the quoted lines, in the RFQ’s order, a quantity at or above the asked one as the whole', () => {
    const v = filled();
    v.lines[L1]!.quantity = '200';
    const { errors, input } = validateQuote(v, lines);
    expect(noErrors(errors)).toBe(true);
    expect(input?.lines).toEqual([
      { rfq_line_id: L1, unit_price: 18.5, quantity: null, note: '', substitute_product_id: null },
      { rfq_line_id: L3, unit_price: 1.25, quantity: 3000, note: 'Hollow 20 cm', substitute_product_id: null },
    ]);
    expect(input).toMatchObject({ delivery_days: 5, valid_until: '2026-12-31' });
  });

  it('names each bad field on its own line, and asks for at least one line', () => {
    const v = filled();
    v.lines[L1]!.unit_price = '';
    v.lines[L3]!.unit_price = '1.255';
    v.lines[L3]!.quantity = '0';
    v.delivery_days = '0';
    v.valid_until = '';
    const { errors, input } = validateQuote(v, lines);
    expect(input).toBeUndefined();
    expect(errors.lines).toEqual({ [L1]: { unit_price: 'required' }, [L3]: { unit_price: 'money', quantity: 'quantity' } });
    expect(errors.fields).toEqual({ delivery_days: 'days', valid_until: 'required' });

    const none = filled();
    for (const id of [L1, L3]) none.lines[id]!.quoted = false;
    // A skipped line's text is not checked.
    none.lines[L1]!.unit_price = 'abc';
    const skipped = validateQuote(none, lines);
    expect(skipped.errors.form).toBe('noLines');
    expect(skipped.errors.lines).toEqual({});
  });

  it('totals the quoted lines on the quantity they would deliver, VAT rounded per line', () => {
    const v = filled();
    // 200 × 18.50 = 3700.00, VAT 555.00; 3000 × 1.25 = 3750.00, VAT 562.50
    expect(quoteTotals(v, lines)).toEqual({ subtotal: 7450, vat_total: 1117.5, total: 8567.5, lines: 2 });
    v.lines[L1]!.unit_price = '0.05';
    v.lines[L1]!.quantity = '1.5';
    // 1.5 × 0.05 = 0.075 → 0.08, VAT 0.012 → 0.01 (the line's VAT rounded on its own)
    expect(quoteTotals(v, lines)).toEqual({ subtotal: 3750.08, vat_total: 562.51, total: 4312.59, lines: 2 });
  });
});
