import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { signInAs } from '../../test/sign-in';
import { IMPORT_BODY_LIMIT_BYTES, spreadsheetText } from '../../../shared/price-list';

const CEMENT = 'ca7e0000-0000-4000-8000-000000000001';

const row = (line: number, values: Record<string, string | number | null>) => ({ line, values });

describe('price list imports', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  type Supplier = Awaited<ReturnType<typeof signInAs>>;
  const own = (s: Supplier) => knex()('products').where({ supplier_id: s.user.id }).whereNull('deleted_at').orderBy('name');
  async function supplier(plan: 'free' | 'premium' = 'premium') {
    const s = await signInAs(server, { role: 'supplier' });
    if (plan !== 'free') await knex()('subscriptions').insert({ user_id: s.user.id, plan_id: plan, status: 'active' });
    return s;
  }
  async function product(s: Supplier, over: Record<string, unknown>) {
    const res = await s.post('/api/products', { name: 'قديم', price: 30, unit: 'كيس', ...over });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  }

  it('applies the valid rows, creating and updating, and reports the rest', async () => {
    const s = await supplier();
    const old = await product(s, { sku: 'OLD-1', stock_quantity: 5 });
    const res = await s.post('/api/products/imports', {
      mode: 'valid',
      file_name: 'prices.xlsx',
      rows: [
        row(2, { sku: 'N-1', name: ' أسمنت  مقاوم ', price: '١٬٢٥٠٫٥٠ ر.س', unit: 'كيس', stock: '٠', category: 'الأسمنت والخرسانة' }),
        row(3, { sku: 'OLD-1', price: 'SAR 35', stock: '1,200' }),
        row(4, { sku: 'N-2', name: '', price: 3, unit: 'حبة' }),
        row(5, { name: null, price: null }),
        row(6, { sku: 'N-3', name: 'رمل', price: 'غالي', unit: 'م³' }),
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      file_name: 'prices.xlsx',
      mode: 'valid',
      undone_at: null,
      summary: { create: 1, update: 1, unchanged: 0, invalid: 2 },
      invalid: [
        { line: 4, issues: ['missing_name'] },
        { line: 6, issues: ['price_not_number'] },
      ],
    });
    const rows = await own(s);
    expect(rows.map((r) => [r.sku, r.name, r.price, r.stock_quantity, r.availability_status, r.category_id])).toEqual([
      ['N-1', 'أسمنت مقاوم', 1250.5, 0, 'out_of_stock', CEMENT],
      ['OLD-1', 'قديم', 35, 1200, 'available', null],
    ]);
    // Every written product is in the change log.
    for (const r of rows) expect(await knex()('changes').where({ entity: 'product', entity_id: r.id }).count('* as n').first()).not.toEqual({ n: 0 });
    expect((await s.get('/api/products/imports/last')).body).toMatchObject({ id: res.body.id, summary: { create: 1, update: 1 } });

    // Undo: the new product goes, the updated one is back as it was.
    const undo = await s.post('/api/products/imports/last/undo', {});
    expect(undo.status).toBe(200);
    expect(undo.body.undone_at).not.toBeNull();
    expect((await own(s)).map((r) => [r.id, r.price, r.stock_quantity, r.availability_status])).toEqual([[old.id, 30, 5, 'available']]);
    const created = await knex()('products').where({ supplier_id: s.user.id, sku: 'N-1' }).first('id', 'deleted_at');
    expect(created.deleted_at).toBeInstanceOf(Date);
    expect(await knex()('changes').where({ entity: 'product', op: 'delete', entity_id: created.id }).count('* as n').first()).toEqual({ n: 1 });
    // Once only.
    const again = await s.post('/api/products/imports/last/undo', {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('nothing_to_undo');
  });

  it('mode all: one row with a problem refuses the file with every problem by line, writing nothing', async () => {
    const s = await supplier();
    const res = await s.post('/api/products/imports', {
      mode: 'all',
      rows: [
        row(2, { sku: 'D-1', name: 'بلاط', price: 20, unit: 'م²' }),
        row(3, { sku: 'D-1', name: 'بلاط فاخر', price: 25, unit: 'م²' }),
        row(4, { sku: 'D-2', name: 'بلوك', price: 3, unit: 'حبة', category: 'لا توجد' }),
        row(5, { sku: 'D-3', name: 'جبس', price: 9, unit: 'كيس' }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('import_invalid');
    expect(res.body.details).toEqual([
      { path: 'line:2', message: 'duplicate_sku', code: 'duplicate_sku' },
      { path: 'line:3', message: 'duplicate_sku', code: 'duplicate_sku' },
      { path: 'line:4', message: 'unknown_category', code: 'unknown_category' },
    ]);
    expect(await own(s)).toEqual([]);
    expect(await knex()('product_imports').where({ supplier_id: s.user.id })).toEqual([]);
    expect((await s.get('/api/products/imports/last')).status).toBe(404);
  });

  it('counts new products against the plan: past it, valid mode stops there, all mode refuses', async () => {
    const s = await supplier('free'); // 10 products
    for (let i = 0; i < 8; i++) await product(s, { name: `منتج ${i}` });
    const rows = [1, 2, 3].map((i) => row(i + 1, { name: `جديد ${i}`, price: 1, unit: 'كيس' }));
    const all = await s.post('/api/products/imports', { mode: 'all', rows });
    expect(all.status).toBe(400);
    expect(all.body.details).toEqual([{ path: 'line:4', message: 'plan_limit', code: 'plan_limit' }]);
    const valid = await s.post('/api/products/imports', { mode: 'valid', rows });
    expect(valid.body.summary).toEqual({ create: 2, update: 0, unchanged: 0, invalid: 1 });
    expect((await own(s)).length).toBe(10);
  });

  it('checks again on the server whatever the browser previewed', async () => {
    const s = await supplier();
    const other = await supplier();
    const theirs = await product(other, { sku: 'X' });
    const res = await s.post('/api/products/imports', { mode: 'valid', rows: [row(2, { id: theirs.id, price: 1 }), row(3, { sku: 'Y', name: 'x'.repeat(201), price: 1, unit: 'u' })] });
    expect(res.body.invalid).toEqual([
      { line: 2, issues: ['unknown_id', 'missing_name', 'missing_unit'] },
      { line: 3, issues: ['text_too_long'] },
    ]);
    expect((await knex()('products').where({ id: theirs.id }).first()).price).toBe(30);
  });

  it('refuses a body that is not rows of cells, and non-suppliers', async () => {
    const s = await supplier();
    expect((await s.post('/api/products/imports', { mode: 'some', rows: [] })).status).toBe(400);
    expect((await s.post('/api/products/imports', { mode: 'all', rows: [{ line: 1, values: { colour: 'red' } }] })).status).toBe(400);
    const contractor = await signInAs(server, { role: 'contractor' });
    expect((await contractor.post('/api/products/imports', { mode: 'all', rows: [row(1, { name: 'x', price: 1, unit: 'u' })] })).status).toBe(403);
  });

  it('takes a body far over 100 kB (thousands of rows in one transaction)', async () => {
    const s = await supplier();
    const rows = Array.from({ length: 3000 }, (_, i) => row(i + 2, { sku: `S-${i}`, name: `منتج رقم ${i} للاختبار`, price: `${i}.50`, unit: 'كيس', stock: i % 7, description: 'وصف '.repeat(10) }));
    const res = await s.post('/api/products/imports', { mode: 'all', rows });
    expect(res.status).toBe(201);
    expect(res.body.summary.create).toBe(3000);
    expect(await knex()('products').where({ supplier_id: s.user.id, availability_status: 'out_of_stock' }).count('* as n').first()).toEqual({ n: Math.ceil(3000 / 7) });
  });

  it('answers 413 past its 8 MB body, and says 8 MB (the limit it applies)', async () => {
    const s = await supplier();
    const bytes = IMPORT_BODY_LIMIT_BYTES + 1024;
    const rows = [row(2, { name: 'x', price: 1, unit: 'u', description: 'و'.repeat(bytes / 2) })];
    const res = await s.post('/api/products/imports', { mode: 'all', rows });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'payload_too_large', error: 'Request body is larger than 8 MB' });
  });

  it('reads a spreadsheet cell neutralised against formulas back as the name written', async () => {
    const s = await supplier();
    const names = ['=HYPERLINK("http://x.example","y")', '+1', "'quoted", '@SUM(1)'];
    const res = await s.post('/api/products/imports', {
      mode: 'all',
      rows: names.map((name, i) => row(i + 2, { sku: `Q-${i}`, name: spreadsheetText(name), price: 1, unit: 'u' })),
    });
    expect(res.status).toBe(201);
    expect((await own(s)).map((r) => r.name).sort()).toEqual([...names].sort());
  });

  it('keeps a SKU unique among a supplier\'s live products (409 sku_taken), free again once deleted', async () => {
    const s = await supplier();
    const first = await product(s, { sku: 'U-1' });
    const dup = await s.post('/api/products', { name: 'ب', price: 1, unit: 'كيس', sku: 'U-1' });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('sku_taken');
    const other = await supplier();
    await product(other, { sku: 'U-1' });
    expect((await s.delete(`/api/products/${first.id}`)).status).toBe(204);
    await product(s, { sku: 'U-1' });
  });

  it('lets tracked stock decide availability, and untracked stock leave it manual', async () => {
    const s = await supplier();
    const p = await product(s, { stock_quantity: 0 });
    expect((await s.get(`/api/products/${p.id}`)).body).toMatchObject({ stock_quantity: 0, availability_status: 'out_of_stock', sku: null, low_stock_threshold: null });
    expect((await s.patch(`/api/products/${p.id}`, { stock_quantity: 4, low_stock_threshold: 5 })).body).toMatchObject({ availability_status: 'available', low_stock_threshold: 5 });
    expect((await s.patch(`/api/products/${p.id}`, { availability_status: 'out_of_stock' })).body.availability_status).toBe('available');
    expect((await s.patch(`/api/products/${p.id}`, { stock_quantity: null, availability_status: 'out_of_stock' })).body.availability_status).toBe('out_of_stock');
  });
});
