import { describe, expect, it } from 'vitest';
import { matchLines, sameUnit, type MatchedLine, type OwnProduct } from './prefill';

const CEMENT_CAT = '00000000-0000-4000-8000-0000000000c1';
const STEEL_CAT = '00000000-0000-4000-8000-0000000000c2';

const product = (over: Partial<OwnProduct> & { id: string }): OwnProduct => ({
  name: 'Product',
  sku: null,
  price: 10,
  unit: 'bag',
  category_id: null,
  stock_quantity: null,
  availability_status: 'available',
  ...over,
});
const line = (over: Partial<MatchedLine> & { id: string }): MatchedLine => ({
  description: 'Something',
  quantity: 100,
  unit: 'bag',
  category_id: null,
  product_id: null,
  ...over,
});

describe('matching RFQ lines to the supplier’s own products', () => {
  it('takes the supplier’s own product the line was made from first', () => {
    const own = [product({ id: 'p1', category_id: CEMENT_CAT }), product({ id: 'p2', category_id: CEMENT_CAT })];
    const m = matchLines([line({ id: 'l1', product_id: 'p2', category_id: CEMENT_CAT })], own);
    expect(m.get('l1')).toMatchObject({ kind: 'product', product: { id: 'p2' } });
  });

  it('matches by SKU: the SKU of another supplier’s product the line names, or a code in the description', () => {
    const own = [product({ id: 'mine', sku: 'CEM-50' }), product({ id: 'rebar', sku: 'RB12' })];
    const skuOf = (id: string) => (id === 'theirs' ? 'cem-50' : undefined);
    const m = matchLines(
      [line({ id: 'a', product_id: 'theirs' }), line({ id: 'b', description: 'Rebar (RB12), 12 mm.' }), line({ id: 'c', description: 'XRB12 bars' })],
      own,
      skuOf,
    );
    expect(m.get('a')).toMatchObject({ kind: 'sku', product: { id: 'mine' } });
    expect(m.get('b')).toMatchObject({ kind: 'sku', product: { id: 'rebar' } });
    expect(m.has('c')).toBe(false);
  });

  it('matches by category and unit only when exactly one product fits', () => {
    const one = [product({ id: 'c1', category_id: CEMENT_CAT, unit: 'Bag' }), product({ id: 's1', category_id: STEEL_CAT, unit: 'ton' })];
    expect(matchLines([line({ id: 'l', category_id: CEMENT_CAT, unit: 'bag ' })], one).get('l')).toMatchObject({ kind: 'category', product: { id: 'c1' } });
    // Same category, another unit: no match.
    expect(matchLines([line({ id: 'l', category_id: STEEL_CAT, unit: 'bar' })], one).has('l')).toBe(false);
    const two = [...one, product({ id: 'c2', category_id: CEMENT_CAT, unit: 'bag' })];
    expect(matchLines([line({ id: 'l', category_id: CEMENT_CAT })], two).has('l')).toBe(false);
  });

  it('never matches a product out of stock, and offers the stock when it is less than asked', () => {
    const own = [
      product({ id: 'empty', sku: 'A1', stock_quantity: 0 }),
      product({ id: 'out', sku: 'B1', availability_status: 'out_of_stock' }),
      product({ id: 'short', sku: 'C1', stock_quantity: 40 }),
      product({ id: 'plenty', sku: 'D1', stock_quantity: 500 }),
    ];
    const m = matchLines(
      ['A1', 'B1', 'C1', 'D1'].map((sku) => line({ id: sku, description: `${sku} item`, quantity: 100 })),
      own,
    );
    expect(m.has('A1')).toBe(false);
    expect(m.has('B1')).toBe(false);
    expect(m.get('C1')?.available).toBe(40);
    expect(m.get('D1')?.available).toBeNull();
  });

  it('reads units as people write them', () => {
    expect(sameUnit('طن.', 'طن')).toBe(true);
    expect(sameUnit('Cubic  metre', 'cubic metre')).toBe(true);
    expect(sameUnit('كيس', 'طن')).toBe(false);
  });
});
