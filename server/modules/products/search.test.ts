import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs } from '../../test/sign-in';
import { FUZZY_CANDIDATES, SEARCH_CANDIDATES, searchSql } from './search';
import { NEWEST_FIRST, productQuery } from './queries';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const planNodes = (n: PlanNode): Array<{ type: string; relation?: string; index?: string }> => [
  { type: n['Node Type'], relation: n['Relation Name'], index: n['Index Name'] },
  ...(n.Plans ?? []).flatMap(planNodes),
];

/**
 * Catalogue search through GET /api/products?search=. Each test lists its own supplier's
 * products and searches only among them (supplier_id), so tests do not see each other's.
 */
describe('product search', () => {
  let server: TestServer;
  const anon = () => new TestClient(server.url);
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** A fresh supplier with these products (created oldest first); returns name -> id and a search. */
  async function catalogue(names: Array<string | { name: string; description?: string; category_id?: string }>) {
    const s = await signInAs(server, { role: 'supplier' });
    await server.db.knex('subscriptions').insert({ user_id: s.user.id, plan_id: 'enterprise', status: 'active' });
    const ids = new Map<string, string>();
    for (const n of names) {
      const body = typeof n === 'string' ? { name: n } : n;
      const res = await s.post('/api/products', { price: 10, unit: 'unit', ...body });
      expect(res.status).toBe(201);
      ids.set(body.name, res.body.id);
    }
    const search = async (term: string, extra = '') => {
      const res = await anon().get(`/api/products?supplier_id=${s.user.id}&search=${encodeURIComponent(term)}${extra}`);
      expect(res.status).toBe(200);
      return { names: res.body.map((p: { name: string }) => p.name) as string[], total: Number(res.headers.get('x-total-count')) };
    };
    return { supplier: s, ids, search };
  }

  describe('Arabic', () => {
    it.each([['اسمنت'], ['أسمنت'], ['إسمنت'], ['آسمنت']])('finds أسمنت بورتلاندي whatever the hamza form of %s', async (term) => {
      const { search } = await catalogue(['أسمنت بورتلاندي', 'حديد تسليح']);
      expect((await search(term)).names).toEqual(['أسمنت بورتلاندي']);
    });

    it('finds a product written with a hamza by a term without one, and the reverse', async () => {
      const { search } = await catalogue(['اسمنت ابيض', 'بلوك']);
      expect((await search('إسمنت أبيض')).names).toEqual(['اسمنت ابيض']);
    });

    it('finds teh marbuta by heh and heh by teh marbuta', async () => {
      const { search } = await catalogue(['خرسانة جاهزة', 'مضخه مياه', 'رمل']);
      expect((await search('خرسانه')).names).toEqual(['خرسانة جاهزة']);
      expect((await search('مضخة')).names).toEqual(['مضخه مياه']);
    });

    it('finds alef maqsura by yeh and yeh by alef maqsura', async () => {
      const { search } = await catalogue(['بلاط للمبنى', 'دهان مبني على الماء', 'خشب']);
      expect((await search('للمبني')).names[0]).toBe('بلاط للمبنى');
      // The word match first, then the same letters inside للمبنى.
      expect((await search('مبنى')).names).toEqual(['دهان مبني على الماء', 'بلاط للمبنى']);
    });

    it('ignores diacritics and tatweel in the product and in the term', async () => {
      const { search } = await catalogue(['إِسْمَنْت مُقاوِم', 'حديـــد تسليح', 'زجاج']);
      expect((await search('اسمنت')).names).toEqual(['إِسْمَنْت مُقاوِم']);
      expect((await search('حَدِيد')).names).toEqual(['حديـــد تسليح']);
    });

    it('finds a word inside a longer word, such as the definite article: اسمنت in الأسمنت', async () => {
      const { search } = await catalogue(['الأسمنت المقاوم للكبريتات', 'طوب أحمر']);
      expect((await search('اسمنت')).names).toEqual(['الأسمنت المقاوم للكبريتات']);
    });

    it('finds words in the description', async () => {
      const { search } = await catalogue([{ name: 'كيس 50 كجم', description: 'أسمنت عالي الجودة' }, 'بلوك']);
      expect((await search('اسمنت')).names).toEqual(['كيس 50 كجم']);
    });
  });

  describe('English', () => {
    it('finds in any case', async () => {
      const { search } = await catalogue(['Portland Cement', 'Steel Rebar']);
      expect((await search('CEMENT')).names).toEqual(['Portland Cement']);
      expect((await search('portland cement')).names).toEqual(['Portland Cement']);
    });

    it('finds by word stem: cements finds cement, brick finds bricks', async () => {
      const { search } = await catalogue(['White cement', 'Red Bricks', 'Sand']);
      expect((await search('cements')).names).toEqual(['White cement']);
      expect((await search('brick')).names).toEqual(['Red Bricks']);
    });

    it('finds every word of the term in any order', async () => {
      const { search } = await catalogue(['Portland Cement 50 kg', 'Cement mixer', 'Portland stone']);
      // The product with both words first; each of the others has one word, a typo-level match.
      expect((await search('cement portland')).names[0]).toBe('Portland Cement 50 kg');
    });

    it('treats % and _ in the term as text, not wildcards', async () => {
      const { search } = await catalogue(['Waterproofing 100% seal', 'Waterproofing 1000 membrane', 'pipe_fitting kit']);
      expect((await search('100%')).names[0]).toBe('Waterproofing 100% seal');
      expect((await search('pipe_fit')).names[0]).toBe('pipe_fitting kit');
      // As a wildcard, % would match "Waterproofing".
      expect((await search('pro%ing')).names).toEqual([]);
    });
  });

  describe('terms that look like query syntax', () => {
    it("treats quotes, slashes and tsquery operators in the term as text (its words reach the queries as a tsquery's text form)", async () => {
      const { search } = await catalogue(["O'Reilly fittings", 'Clamp 3/4 in', 'Tape & glue kit', 'Sand']);
      expect((await search("O'Reilly")).names[0]).toBe("O'Reilly fittings");
      expect((await search('3/4')).names[0]).toBe('Clamp 3/4 in');
      expect((await search('tape & glue')).names[0]).toBe('Tape & glue kit');
      expect((await search("s' | !a:*")).names).toEqual([]);
    });
  });

  describe('Chinese', () => {
    it('finds 水泥 inside 普通硅酸盐水泥', async () => {
      const { search } = await catalogue(['普通硅酸盐水泥', '螺纹钢筋', '水泵']);
      expect((await search('水泥')).names).toEqual(['普通硅酸盐水泥']);
      expect((await search('硅酸盐')).names).toEqual(['普通硅酸盐水泥']);
    });

    it('finds a single character: 砖 in 红砖', async () => {
      const { search } = await catalogue(['红砖', '瓷砖地板', '钢化玻璃']);
      expect((await search('砖')).names.sort()).toEqual(['瓷砖地板', '红砖'].sort());
    });

    it('finds mixed Latin and Chinese: PVC管 in PVC管材', async () => {
      const { search } = await catalogue(['PVC管材 20mm', 'PVC地板', '镀锌钢管']);
      const found = (await search('PVC管')).names;
      expect(found[0]).toBe('PVC管材 20mm');
      expect(found).not.toContain('镀锌钢管');
    });
  });

  describe('ranking', () => {
    it('ranks exact name, then name prefix, then word, then substring, then typo matches', async () => {
      // Created in the reverse of the expected order, so newest-first cannot pass this by itself.
      const { search } = await catalogue([
        'Cemment grey',
        'Supercement mix',
        'Portland cement',
        'Cement bags 50 kg',
        { name: 'Cement', description: 'Ordinary grey cement in bags' },
      ]);
      const found = await search('cement');
      expect(found.names).toEqual(['Cement', 'Cement bags 50 kg', 'Portland cement', 'Supercement mix', 'Cemment grey']);
      expect(found.total).toBe(5);
    });

    it('ranks an exact Arabic name first whatever its hamza, then names that start with it', async () => {
      const { search } = await catalogue(['أسمنت أبيض', { name: 'الأسمنت', description: 'أسمنت' }, { name: 'أسمنت', description: 'بورتلاندي' }]);
      expect((await search('اسمنت')).names).toEqual(['أسمنت', 'أسمنت أبيض', 'الأسمنت']);
    });

    it('ranks a name with diacritics as an exact match of the term without them', async () => {
      // Created in the reverse of the expected order: as two prefix matches, newest first would swap them.
      const { search } = await catalogue(['إِسْمَنْت', 'أسمنت أبيض']);
      expect((await search('اسمنت')).names).toEqual(['إِسْمَنْت', 'أسمنت أبيض']);
    });

    it('orders products of one rank newest first', async () => {
      const { search } = await catalogue(['Portland cement A', 'Portland cement B', 'Portland cement C']);
      expect((await search('portland')).names).toEqual(['Portland cement C', 'Portland cement B', 'Portland cement A']);
    });

    it('finds a typo when nothing matches exactly: cemnt finds cement', async () => {
      const { search } = await catalogue(['Portland Cement', 'Steel Rebar']);
      expect((await search('cemnt')).names).toEqual(['Portland Cement']);
    });

    it('leaves typo matches out when exact matches fill a page', async () => {
      const names = Array.from({ length: 20 }, (_, i) => `Rebar ${i}`);
      const { search } = await catalogue([...names, 'Rebbar bundle']);
      const found = await search('rebar', '&limit=100');
      expect(found.total).toBe(20);
      expect(found.names).not.toContain('Rebbar bundle');
    });

    it('pages through ranked results with one total', async () => {
      const { search } = await catalogue(['Cement', 'Cement bags', 'White cement', 'Supercement', 'Cement board']);
      const all = (await search('cement', '&limit=100')).names;
      const pages = [];
      for (let offset = 0; offset < 6; offset += 2) {
        const page = await search('cement', `&limit=2&offset=${offset}`);
        expect(page.total).toBe(5);
        pages.push(...page.names);
      }
      expect(pages).toEqual(all);
      expect((await search('cement', '&offset=50')).total).toBe(5);
    });
  });

  describe('bounded ranking of common terms', () => {
    /** `count` products of this supplier named by `name(i)`, stored in one statement, a day old. */
    const bulk = (supplierId: string, count: number, name: string) =>
      server.db.knex.raw(
        `insert into products (supplier_id, name, price, unit, created_at)
         select ?, ? || ' ' || i, 1, 'bag', now() - interval '1 day' from generate_series(1, ?) i`,
        [supplierId, name, count],
      );
    const get = (path: string) => anon().get(path);

    it(`caps a term matching more than ${SEARCH_CANDIDATES} products: X-Total-Count ${SEARCH_CANDIDATES}, X-Total-Count-Capped: true, and the pages end there`, async () => {
      const { supplier } = await catalogue([]);
      await bulk(supplier.user.id, SEARCH_CANDIDATES + 100, 'Washed gravel');
      const path = `/api/products?supplier_id=${supplier.user.id}&search=gravel`;
      const first = await get(path);
      expect(first.headers.get('x-total-count')).toBe(String(SEARCH_CANDIDATES));
      expect(first.headers.get('x-total-count-capped')).toBe('true');
      expect(first.body).toHaveLength(20);
      const last = await get(`${path}&limit=10&offset=${SEARCH_CANDIDATES - 4}`);
      expect(last.body).toHaveLength(4);
      const beyond = await get(`${path}&offset=${SEARCH_CANDIDATES}`);
      expect(beyond.body).toEqual([]);
      expect(beyond.headers.get('x-total-count')).toBe(String(SEARCH_CANDIDATES));
      expect(beyond.headers.get('x-total-count-capped')).toBe('true');
    });

    it('still ranks first the exact name and the newest match of a capped term, wherever they are stored', async () => {
      const { supplier, search } = await catalogue([]);
      await bulk(supplier.user.id, SEARCH_CANDIDATES + 100, 'Washed sand');
      // Stored after the others and older than all of them: only its name finds it.
      await server.db.knex('products').insert({ supplier_id: supplier.user.id, name: 'Sand', price: 1, unit: 'bag', created_at: new Date(Date.now() - 365 * 86_400_000) });
      // Stored after them and the newest product of all: the walk of the newest finds it.
      expect((await supplier.post('/api/products', { name: 'River sand fine', price: 1, unit: 'bag' })).status).toBe(201);
      expect((await search('sand')).names.slice(0, 2)).toEqual(['Sand', 'River sand fine']);
    });

    it('says nothing of a cap when every match is ranked', async () => {
      const { supplier } = await catalogue(['Pebble white', 'Pebble grey']);
      const res = await get(`/api/products?supplier_id=${supplier.user.id}&search=pebble`);
      expect(res.headers.get('x-total-count')).toBe('2');
      expect(res.headers.get('x-total-count-capped')).toBeNull();
    });

    it(`ranks at most ${FUZZY_CANDIDATES} typo matches, and says when there are more`, async () => {
      const { supplier } = await catalogue([]);
      await bulk(supplier.user.id, FUZZY_CANDIDATES + 10, 'Grout bag');
      const path = `/api/products?supplier_id=${supplier.user.id}&search=grut`;
      const first = await get(path);
      expect(first.headers.get('x-total-count')).toBe(String(FUZZY_CANDIDATES));
      expect(first.headers.get('x-total-count-capped')).toBe('true');
      expect(first.body.every((p: { name: string }) => p.name.startsWith('Grout bag'))).toBe(true);
      expect((await get(`${path}&limit=10&offset=${FUZZY_CANDIDATES - 3}`)).body).toHaveLength(3);
    });

    it('pages typo matches after the exact ones with one total', async () => {
      const { search } = await catalogue(['Mortar mix', 'Mortar grey', 'Mortr tub', 'Morter bag']);
      const all = await search('mortar', '&limit=100');
      expect(all.names.slice(0, 2)).toEqual(['Mortar grey', 'Mortar mix']);
      expect(all.names.slice(2).sort()).toEqual(['Morter bag', 'Mortr tub']);
      const pages = [];
      for (let offset = 0; offset < 4; offset += 3) {
        const page = await search('mortar', `&limit=3&offset=${offset}`);
        expect(page.total).toBe(4);
        pages.push(...page.names);
      }
      expect(pages).toEqual(all.names);
    });
  });

  describe('filters and visibility', () => {
    it('searches within a category', async () => {
      const { supplier, search } = await catalogue([]);
      for (const [name, category_id] of [
        ['Cement bag', 'ca7e0000-0000-4000-8000-000000000001'],
        ['Cement tile adhesive', 'ca7e0000-0000-4000-8000-000000000006'],
      ]) {
        expect((await supplier.post('/api/products', { name, price: 1, unit: 'bag', category_id })).status).toBe(201);
      }
      const found = await search('cement', '&category=tiles-ceramics');
      expect(found).toEqual({ names: ['Cement tile adhesive'], total: 1 });
    });

    it('finds nothing, with total 0, for a term nothing matches', async () => {
      const { search } = await catalogue(['Portland Cement']);
      expect(await search('xylophone')).toEqual({ names: [], total: 0 });
    });

    it('treats a blank search as no search', async () => {
      const { search } = await catalogue(['A block', 'B block']);
      expect((await search('   ')).names).toEqual(['B block', 'A block']);
    });

    it('answers 400 to a term over 200 characters', async () => {
      expect((await anon().get(`/api/products?search=${'a'.repeat(201)}`)).status).toBe(400);
    });

    it('leaves deleted products out of results and totals', async () => {
      const { supplier, ids, search } = await catalogue(['Ceramic tile white', 'Ceramic tile grey']);
      expect((await supplier.delete(`/api/products/${ids.get('Ceramic tile grey')}`)).status).toBe(204);
      expect(await search('ceramic')).toEqual({ names: ['Ceramic tile white'], total: 1 });
    });
  });

  describe('remembered rankings (catalogue-cache.ts)', () => {
    const version = async () => Number((await server.db.knex('catalogue_state').first('version')).version);

    /** The statements `request` makes, in order. */
    async function statementsOf(request: () => Promise<unknown>): Promise<string[]> {
      const statements: string[] = [];
      const seen = (q: { sql: string }) => statements.push(q.sql);
      server.db.knex.on('query', seen);
      try {
        await request();
      } finally {
        server.db.knex.off('query', seen);
      }
      return statements;
    }

    it("answers a remembered search with a remembered list page's one statement, the catalogue's version (the term is not normalised again)", async () => {
      const { supplier, search } = await catalogue(['Tarpaulin blue', 'Tarpaulin green']);
      const list = () => anon().get(`/api/products?supplier_id=${supplier.user.id}`);
      await list();
      await search('tarpaulin');
      const listed = await statementsOf(list);
      expect(listed).toHaveLength(1);
      expect(await statementsOf(async () => expect(await search('tarpaulin')).toEqual({ names: ['Tarpaulin green', 'Tarpaulin blue'], total: 2 }))).toEqual(listed);
    });

    it('ranks a known term again after a write without normalising it again or another round trip', async () => {
      const { supplier, search } = await catalogue(['Sealant clear']);
      const first = await statementsOf(() => search('sealant'));
      await supplier.post('/api/products', { name: 'Sealant grey', price: 1, unit: 'tube' });
      const again = await statementsOf(async () => expect(await search('sealant')).toEqual({ names: ['Sealant grey', 'Sealant clear'], total: 2 }));
      const formsStatements = (statements: string[]) => statements.filter((sql) => / as normal, /.test(sql));
      expect(formsStatements(first)).toHaveLength(1);
      expect(formsStatements(again)).toEqual([]);
      expect(again.length).toBeLessThanOrEqual(first.length);
    });

    it('shows a product created after the same search was answered', async () => {
      const { supplier, search } = await catalogue(['Marble slab white']);
      expect((await search('marble')).names).toEqual(['Marble slab white']);
      await supplier.post('/api/products', { name: 'Marble slab black', price: 1, unit: 'm2' });
      expect(await search('marble')).toEqual({ names: ['Marble slab black', 'Marble slab white'], total: 2 });
    });

    it('drops products deleted or hidden by direct SQL, not only through the services', async () => {
      const { supplier, ids, search } = await catalogue(['Granite tile A', 'Granite tile B']);
      expect((await search('granite')).total).toBe(2);
      await server.db.knex('products').where({ id: ids.get('Granite tile A') }).update({ deleted_at: new Date() });
      expect(await search('granite')).toEqual({ names: ['Granite tile B'], total: 1 });
      await server.db.knex('users').where({ id: supplier.user.id }).update({ deleted_at: new Date() });
      expect(await search('granite')).toEqual({ names: [], total: 0 });
    });

    it('keeps list totals current after a direct insert', async () => {
      const { supplier } = await catalogue(['Rope']);
      const total = async () => Number((await anon().get(`/api/products?supplier_id=${supplier.user.id}`)).headers.get('x-total-count'));
      expect(await total()).toBe(1);
      await server.db.knex('products').insert({ supplier_id: supplier.user.id, name: 'Rope 2', price: 1, unit: 'm' });
      expect(await total()).toBe(2);
    });

    it("shows at once what a page shows from other tables: company name, tier, the user's name, category names, ratings", async () => {
      const { supplier, ids, search } = await catalogue([{ name: 'Scaffolding pipe', category_id: 'ca7e0000-0000-4000-8000-000000000002' }]);
      const page = async () => (await anon().get(`/api/products?supplier_id=${supplier.user.id}&search=scaffolding`)).body[0];
      const listed = async () => (await anon().get(`/api/products?supplier_id=${supplier.user.id}`)).body[0];
      expect((await search('scaffolding')).names).toEqual(['Scaffolding pipe']);
      await listed();
      const knex = server.db.knex;
      await knex('profiles').where({ user_id: supplier.user.id }).update({ company_name: 'شركة السقالات' });
      expect((await page()).supplier_name).toBe('شركة السقالات');
      await knex('profiles').where({ user_id: supplier.user.id }).update({ verification_tier: 'gold' });
      expect((await page()).supplier_verification_tier).toBe('gold');
      expect((await listed()).supplier_verification_tier).toBe('gold');
      await knex('profiles').where({ user_id: supplier.user.id }).update({ company_name: null });
      await knex('users').where({ id: supplier.user.id }).update({ name: 'سعد العتيبي' });
      expect((await page()).supplier_name).toBe('سعد العتيبي');
      await knex('categories').where({ id: 'ca7e0000-0000-4000-8000-000000000002' }).update({ name_ar: 'الحديد' });
      expect((await page()).category_name).toBe('الحديد');
      await knex('categories').where({ id: 'ca7e0000-0000-4000-8000-000000000002' }).update({ name_ar: 'الحديد وحديد التسليح' });
      // A product's average as a published deal review moves it (reviews/publish.ts writes the column).
      await knex('products').where({ id: ids.get('Scaffolding pipe') }).update({ average_rating: 3, total_reviews: 1 });
      expect(await page()).toMatchObject({ average_rating: 3, total_reviews: 1 });
    });

    it('keeps remembered pages through profile writes that change nothing a page shows', async () => {
      const contractor = await signInAs(server, { role: 'contractor' });
      const { supplier } = await catalogue(['Bolt']);
      const before = await version();
      await server.db.knex('profiles').where({ user_id: contractor.user.id }).update({ company_name: 'x', average_rating: 4 });
      await server.db.knex('profiles').where({ user_id: supplier.user.id }).update({ language: 'en', state: 'المنطقة الشرقية', zip_code: '31411' });
      expect(await version()).toBe(before);
    });

    it("moves the catalogue version when a supplier's city or rating changes (product rows show them)", async () => {
      const { supplier } = await catalogue(['Latch']);
      const before = await version();
      await server.db.knex('profiles').where({ user_id: supplier.user.id }).update({ city: 'الدمام' });
      expect(await version()).toBe(before + 1);
      await server.db.knex('profiles').where({ user_id: supplier.user.id }).update({ average_rating: 4.5, total_reviews: 2 });
      expect(await version()).toBe(before + 2);
    });

    it("moves the catalogue version when a supplier's phone or website changes (product rows show them)", async () => {
      const { supplier } = await catalogue(['Hinge']);
      const before = await version();
      await server.db.knex('profiles').where({ user_id: supplier.user.id }).update({ phone: '+966501234567' });
      expect(await version()).toBe(before + 1);
      await server.db.knex('profiles').where({ user_id: supplier.user.id }).update({ website: 'https://hinges.example.sa' });
      expect(await version()).toBe(before + 2);
    });

    it('moves the catalogue version once per committed write, never for a rolled-back one', async () => {
      const { ids } = await catalogue(['Nail box', 'Screw box']);
      const [a, b] = [ids.get('Nail box')!, ids.get('Screw box')!];
      const before = await version();
      await server.db.knex
        .transaction(async (trx) => {
          await trx('products').where({ id: a }).update({ price: 2 });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(await version()).toBe(before);
      await server.db.knex('products').whereIn('id', [a, b]).update({ price: 3 });
      await server.db.knex('products').where({ id: 'ffffffff-ffff-4fff-8fff-ffffffffffff' }).update({ price: 3 });
      expect(await version()).toBe(before + 1);
    });
  });

  // At a few thousand rows with fresh statistics the planner already prefers the search
  // indexes; this guards that every kind of term stays index-driven (no sequential scan of
  // products). The 100k-row plans are in docs/PERFORMANCE.md.
  describe.runIf(onPostgres)('plans on Postgres', () => {
    const explain = async (sql: { sql: string; bindings: readonly unknown[] }) => {
      const { rows } = await server.db.knex.raw(`explain (format json) ${sql.sql}`, sql.bindings as never);
      return planNodes(rows[0]['QUERY PLAN'][0].Plan);
    };

    beforeAll(async () => {
      const knex = server.db.knex;
      const [u] = await knex('users').insert({ email: 'bulk@test.sa' }).returning('id');
      // One product in 500 has a searched word; the others have random hex names. One
      // statement, so all of them share created_at.
      await knex.raw(
        `insert into products (supplier_id, name, description, price, unit)
         select ?, case when i % 500 < 5
                   then (array['أسمنت بورتلاندي','Portland Cement','普通硅酸盐水泥','红砖','Steel Rebar'])[1 + i % 500] || ' ' || i
                   else md5(i::text) end,
                md5((-i)::text), 10, 'bag'
           from generate_series(1, 20000) i`,
        [u.id],
      );
      // Statistics as autovacuum keeps them: a users table never analysed looks like 400
      // users, nearly all deleted, and a join with it like a handful of products.
      await knex.raw('analyze products, users, profiles, categories');
    });

    it('pages the catalogue by walking products_newest_idx, without sorting, when products share created_at', async () => {
      const knex = server.db.knex;
      const nodes = await explain(productQuery(knex, 'en').orderBy(NEWEST_FIRST).limit(20).offset(100).toSQL());
      expect(nodes.map((n) => n.index)).toContain('products_newest_idx');
      expect(nodes.map((n) => n.type)).not.toContain('Sort');
    });

    it('uses the GIN indexes for Arabic, English, Chinese and typo searches', async () => {
      const knex = server.db.knex;
      for (const [term, fuzzy] of [['اسمنت', false], ['cements', false], ['水泥', false], ['砖', false], ['cemnt', true]] as const) {
        const nodes = await explain(await searchSql(knex, term, { fuzzy }));
        expect(nodes, term).not.toContainEqual({ type: 'Seq Scan', relation: 'products', index: undefined });
        expect(nodes.map((n) => n.index).filter(Boolean), term).toEqual(
          expect.arrayContaining([expect.stringMatching(/^products_search_/)]),
        );
      }
    });
  });
});
