/** The local effect of a product edit follows the database's stock rule: tracked stock decides availability. */
import { describe, expect, it } from 'vitest';
import type { AnyRow, EffectContext, RowKey } from '../db/schema';
import { productEffects } from './products';
import type { RowMap } from './types';

const ID = '00000000-0000-4000-8000-000000000002';
const KEY = `product:${ID}` as RowKey;
const ctx = { now: '2026-11-25T05:00:00.000Z', user_id: 'u', language: 'ar' } as unknown as EffectContext;

function edit(row: Partial<AnyRow>, patch: Record<string, unknown>) {
  const rows: RowMap = new Map([[KEY, { id: ID, price: 10, ...row } as AnyRow]]);
  productEffects['product.update'].apply({ id: ID, ...patch } as never, rows, ctx);
  return rows.get(KEY)!;
}

describe('product.update on this device', () => {
  it('makes a product with stock 0 out of stock, and available again with stock', () => {
    expect(edit({ stock_quantity: 5, availability_status: 'available' }, { stock_quantity: 0 })).toMatchObject({ stock_quantity: 0, availability_status: 'out_of_stock' });
    expect(edit({ stock_quantity: 0, availability_status: 'out_of_stock' }, { stock_quantity: 3 })).toMatchObject({ availability_status: 'available' });
  });
  it('keeps a tracked product\'s availability with its stock whatever is asked', () => {
    expect(edit({ stock_quantity: 4, availability_status: 'available' }, { availability_status: 'out_of_stock' }).availability_status).toBe('available');
  });
  it('leaves an untracked product\'s availability manual, and a price edit leaves it alone', () => {
    expect(edit({ stock_quantity: null, availability_status: 'available' }, { availability_status: 'out_of_stock' }).availability_status).toBe('out_of_stock');
    expect(edit({ stock_quantity: null, availability_status: 'out_of_stock' }, { stock_quantity: null }).availability_status).toBe('out_of_stock');
    expect(edit({ stock_quantity: 0, availability_status: 'available' }, { price: 12 }).availability_status).toBe('available');
  });
});
