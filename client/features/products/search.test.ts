import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BinaaDb } from '../../data/db/database';
import { RANK, parseTerm, productIndex, searchIndex, type IndexedProduct, type SearchTerm } from '../../data/local/search';
import { readCatalogue } from './queries';

const wordsOf = (entry: IndexedProduct) => entry.spaced.trim().split(' ');

/** The ranking spelled out entry by entry (what searchIndex must equal): highest rank first, newest first within one. */
function rankRows<T extends IndexedProduct>(rows: T[], term: SearchTerm): T[] {
  const rankOf = (row: T) => {
    if (row.name === term.term) return RANK.exact;
    if (row.name.startsWith(term.term)) return RANK.prefix;
    return term.words.every((w) => wordsOf(row).includes(w)) ? RANK.word : RANK.partial;
  };
  const newestFirst = (a: T, b: T) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);
  return rows
    .map((row) => ({ row, rank: rankOf(row) }))
    .sort((a, b) => b.rank - a.rank || newestFirst(a.row, b.row))
    .map((r) => r.row);
}

const base = { description: null, price: 10, unit: 'kg', min_quantity: 1, stock_quantity: null, category_id: null, category_name: null, image_url: null, specifications: null, availability_status: 'available', average_rating: 0, total_reviews: 0, supplier_name: null, supplier_verification_tier: 'unverified', updated_at: '2026-01-01T00:00:00Z', supplier_id: '00000000-0000-4000-8000-000000000001' };
let n = 0;
const product = (name: string, created: string, extra: Record<string, unknown> = {}) => ({ ...base, id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, name, created_at: created, ...extra });

describe('offline catalogue search', () => {
  const db = new BinaaDb(`search-test-${Date.now()}`);
  beforeAll(async () => {
    const rows = [
      product('إسمنت بورتلاندي مقاوم', '2026-01-05T00:00:00Z'),
      product('الأسمنت', '2026-01-01T00:00:00Z'),
      product('أسمنت أبيض', '2026-01-04T00:00:00Z', { category_id: '00000000-0000-4000-8000-0000000000c1' }),
      product('حديد تسليح 12 ملم', '2026-01-03T00:00:00Z', { description: 'حديد سابك' }),
      product('Portland Cement 50kg', '2026-01-02T00:00:00Z'),
      product('普通硅酸盐水泥', '2026-01-06T00:00:00Z'),
    ];
    await db.products.bulkPut(rows.map((r) => ({ ...r, _gen: 1 })) as never);
  });
  afterAll(() => db.delete());

  it('finds Arabic words whatever their hamza or article, names starting with the term first', async () => {
    const page = await readCatalogue(db, { search: 'اسمنت', categoryId: null, limit: 10 });
    expect(page.items.map((p) => p.name)).toEqual(['إسمنت بورتلاندي مقاوم', 'أسمنت أبيض', 'الأسمنت']);
    expect(page.total).toBe(3);
  });

  it('needs every word, matches word prefixes and Arabic-Indic digits', async () => {
    expect((await readCatalogue(db, { search: 'حدي ١٢', categoryId: null, limit: 10 })).items.map((p) => p.name)).toEqual(['حديد تسليح 12 ملم']);
    expect((await readCatalogue(db, { search: 'حديد 13', categoryId: null, limit: 10 })).total).toBe(0);
  });

  it('finds a product by a word of its description', async () => {
    expect((await readCatalogue(db, { search: 'سابك', categoryId: null, limit: 10 })).items.map((p) => p.name)).toEqual(['حديد تسليح 12 ملم']);
  });

  it('is case-insensitive, finds Chinese characters, and filters by category', async () => {
    expect((await readCatalogue(db, { search: 'CEMENT', categoryId: null, limit: 10 })).items.map((p) => p.name)).toEqual(['Portland Cement 50kg']);
    expect((await readCatalogue(db, { search: '水泥', categoryId: null, limit: 10 })).total).toBe(1);
    expect((await readCatalogue(db, { search: 'اسمنت', categoryId: '00000000-0000-4000-8000-0000000000c1', limit: 10 })).items.map((p) => p.name)).toEqual(['أسمنت أبيض']);
  });

  it('sorts every match by the shared rule, offline: by price, with a term, and nearest the reader', async () => {
    const sorted = new BinaaDb(`search-sort-${Date.now()}`);
    const rows = [
      product('بلوك أحمر', '2026-03-01T00:00:00Z', { price: 4, supplier_city: 'جدة' }),
      product('بلوك أبيض', '2026-03-02T00:00:00Z', { price: 2.5, supplier_city: 'الدمام' }),
      product('رمل', '2026-03-03T00:00:00Z', { price: 1 }),
      product('بلوك أسود', '2026-03-04T00:00:00Z', { price: 3, supplier_city: 'الرياض' }),
    ];
    await sorted.products.bulkPut(rows.map((r) => ({ ...r, _gen: 1 })) as never);
    try {
      const names = async (q: Parameters<typeof readCatalogue>[1]) => (await readCatalogue(sorted, q)).items.map((p) => p.name);
      expect(await names({ search: '', categoryId: null, limit: 10, sort: 'price_asc' })).toEqual(['رمل', 'بلوك أبيض', 'بلوك أسود', 'بلوك أحمر']);
      expect(await names({ search: 'بلوك', categoryId: null, limit: 2, sort: 'price_desc' })).toEqual(['بلوك أحمر', 'بلوك أسود']);
      expect((await readCatalogue(sorted, { search: 'بلوك', categoryId: null, limit: 2, sort: 'price_desc' })).total).toBe(3);
      expect(await names({ search: '', categoryId: null, limit: 10, sort: 'nearest', near: 'Riyadh' })).toEqual(['بلوك أسود', 'بلوك أبيض', 'بلوك أحمر', 'رمل']);
    } finally {
      await sorted.delete();
    }
  });

  it('lists newest first without a term, a page at a time', async () => {
    const page = await readCatalogue(db, { search: '  ', categoryId: null, limit: 2 });
    expect(page.items.map((p) => p.name)).toEqual(['普通硅酸盐水泥', 'إسمنت بورتلاندي مقاوم']);
    expect(page.total).toBe(6);
  });

  it('follows the local copy: a product added or removed after a search is found or gone', async () => {
    expect((await readCatalogue(db, { search: 'بلوك', categoryId: null, limit: 10 })).total).toBe(0);
    const block = product('بلوك إسمنتي', '2026-01-07T00:00:00Z');
    await db.products.put({ ...block, _gen: 1 } as never);
    expect((await readCatalogue(db, { search: 'بلوك', categoryId: null, limit: 10 })).items.map((p) => p.id)).toEqual([block.id]);
    await db.products.delete(block.id);
    expect((await readCatalogue(db, { search: 'بلوك', categoryId: null, limit: 10 })).total).toBe(0);
  });

  it('ranks exact name, then name prefix, then whole words, then prefixes', async () => {
    const other = new BinaaDb(`search-rank-${Date.now()}`);
    const rows = [product('white cements', '2026-02-04T00:00:00Z'), product('white cement', '2026-02-03T00:00:00Z'), product('cement bag', '2026-02-02T00:00:00Z'), product('Cement', '2026-02-01T00:00:00Z')];
    await other.products.bulkPut(rows as never);
    expect(searchIndex(await productIndex(other), parseTerm('cement')!, null, 10).ids).toEqual([rows[3].id, rows[2].id, rows[1].id, rows[0].id]);
    await other.delete();
  });

  it('pages a walk of the index exactly as ranking every match would (rank, then newest, then key order)', async () => {
    // Few words and few instants, so ranks, prefixes and ties of created_at are common.
    const vocabulary = ['اسمنت', 'الاسمنت', 'حديد', 'حديد 12', 'cement', 'cements', 'white', 'بلوك', '12', '120'];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const rows = Array.from({ length: 400 }, (_, i) => ({
      ...base,
      id: `p${String(i).padStart(4, '0')}`,
      name: Array.from({ length: 1 + random(3) }, () => vocabulary[random(vocabulary.length)]).join(' '),
      created_at: `2026-01-0${1 + random(5)}T00:00:00Z`,
      category_id: random(2) ? 'c1' : null,
    }));
    const other = new BinaaDb(`search-walk-${Date.now()}`);
    await other.products.bulkPut(rows as never);
    const index = await productIndex(other);
    await other.delete();
    for (const raw of ['اسمنت', 'الاسمنت', 'cement', 'حديد 12', '12', 'wh', 'بلوك اسم', 'nothing']) {
      const term = parseTerm(raw)!;
      for (const categoryId of [null, 'c1']) {
        const matches = index.filter((r) => (!categoryId || r.category_id === categoryId) && term.words.every((w) => wordsOf(r).some((word) => word.startsWith(w))));
        const expected = rankRows(matches, term).map((r) => r.id);
        for (const limit of [1, 12, 1000]) {
          expect(searchIndex(index, term, categoryId, limit), `${raw} ${categoryId} ${limit}`).toEqual({ ids: expected.slice(0, limit), total: expected.length });
        }
      }
    }
  });
});
