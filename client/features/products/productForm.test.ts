import { describe, expect, it } from 'vitest';
import { changedFields, initialProductValues, toProductBody, validateProduct } from './productForm';

const valid = { ...initialProductValues(), name: 'إسمنت', price: '18.50', unit: 'كيس' };

describe('product form', () => {
  it('requires name, unit and price; min quantity defaults to 1', () => {
    expect(validateProduct(initialProductValues())).toMatchObject({ name: 'required', unit: 'required', price: 'required' });
    expect(validateProduct(valid)).toEqual({});
    expect(toProductBody(valid)).toMatchObject({ price: 18.5, min_quantity: 1, specifications: null, category_id: null });
  });

  it('refuses a price with more than two decimals, a minimum below 1 and a bad URL', () => {
    expect(validateProduct({ ...valid, price: '1.005', min_quantity: '0', image_url: 'ftp:/x' })).toMatchObject({ price: 'price', min_quantity: 'minQuantity', image_url: 'url' });
  });

  it('reads Arabic-Indic digits and turns specification rows into an object, dropping empty rows', () => {
    const body = toProductBody({ ...valid, price: '١٢٫٥', specs: [{ key: 'القطر', value: '12 مم' }, { key: '', value: '' }] });
    expect(body.price).toBe(12.5);
    expect(body.specifications).toEqual({ القطر: '12 مم' });
    expect(validateProduct({ ...valid, specs: [{ key: '', value: 'x' }] })).toMatchObject({ specifications: 'specifications' });
  });

  it('reads a decimal comma as the table and the import do: "12,5" is 12.5, "1,250" is 1250', () => {
    expect(toProductBody({ ...valid, price: '12,5' }).price).toBe(12.5);
    expect(toProductBody({ ...valid, price: '1,250' }).price).toBe(1250);
    expect(validateProduct({ ...valid, price: '1,2,3' })).toMatchObject({ price: 'price' });
  });

  it('sends only what changed in an edit', () => {
    const product = { ...toProductBody(valid), id: 'p', description: null, image_url: null, specifications: null, category_id: null } as never;
    expect(changedFields(product, { ...valid, price: '19' })).toEqual({ price: 19 });
  });
});
