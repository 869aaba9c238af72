/**
 * The migrations on a real database: embedded PGlite by default, the Postgres of
 * TEST_DATABASE_URL when set, in a schema of their own either way (as the app's tests run).
 */
import crypto from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Knex } from 'knex';
import { openDatabase, type Database } from './index';
import { migrateDown, migrateLatest } from './migrate';
import { migrations } from '../../migrations/index';
import { normalizeSearch } from '../../shared/search';
import { YEARLY_SAVING_PERCENT } from '../../shared/constants';
import { seedDemo } from '../seed/demo';
import { snapshotSchema, type SchemaSnapshot } from './schema-snapshot';
import { CHANGES_NUMBER_AT_COMMIT, CHANGES_WRITTEN } from '../../migrations/functions';
import oldChain from './fixtures/old-chain-schema.json';

const url = process.env.TEST_DATABASE_URL;
const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
/** The squashed migrations alone, in a schema of their own: later migrations change the schema on purpose. */
const squashedSchema = `${schema}_squashed`;
const LAST_SQUASHED = '20261122000026_rate_limits';
let db: Database;
let knex: Knex;

beforeAll(async () => {
  db = await openDatabase(url ? { url, schema, poolMax: 2 } : { schema });
  knex = db.knex;
  await migrateLatest(knex, schema);
});

afterAll(async () => {
  if (url) await knex.raw('drop schema if exists ?? cascade', [schema]);
  await db?.close();
});

const TABLES = [
  'users',
  'profiles',
  'sessions',
  'login_codes',
  'categories',
  'subscription_plans',
  'subscriptions',
  'products',
  'projects',
  'bids',
  'instant_orders',
  'instant_order_responses',
  'transport_requests',
  'transport_offers',
  'reviews',
  'notifications',
  'registration_requests',
  'sync_clients',
  'sync_mutations',
  'changes',
];

async function tablesInSchema(): Promise<string[]> {
  const { rows } = await knex.raw(
    `select table_name from information_schema.tables where table_schema = ? order by table_name`,
    [schema],
  );
  return rows.map((r: { table_name: string }) => r.table_name);
}

async function functionsInSchema(): Promise<string[]> {
  const { rows } = await knex.raw(
    `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = ? order by 1`,
    [schema],
  );
  return rows.map((r: { proname: string }) => r.proname);
}

/** A user and a product to hang other rows on. */
async function makeSupplier(email = `s-${crypto.randomUUID()}@test.sa`) {
  const [user] = await knex('users').insert({ email }).returning(['id']);
  return user.id as string;
}

/** The write is refused by this constraint (not by any error, such as a misspelt column). */
const rejects = (promise: Promise<unknown>, constraint: string) => expect(promise).rejects.toMatchObject({ constraint });

/**
 * What the migration chain built before it was squashed (server/db/fixtures/, written by
 * snapshotSchema from the old chain of 36 migrations on PGlite and on Postgres 15: the two
 * were identical), less the remnants the squash removed on purpose.
 */
function expectedSchema(): SchemaSnapshot {
  const s = structuredClone(oldChain) as SchemaSnapshot;
  const replace = (list: string[], from: string, to: string | null) => {
    const i = list.findIndex((x) => x.startsWith(from));
    expect(i, from).toBeGreaterThanOrEqual(0);
    if (to === null) list.splice(i, 1);
    else list[i] = to;
    list.sort();
  };
  // bump_catalogue_version() lost its last trigger when the bump moved to commit time.
  replace(s.functions, 'CREATE OR REPLACE FUNCTION bump_catalogue_version()', null);
  // changes.txid served the xmin-snapshot reading the feed no longer uses; seq was the
  // feed's first order. pos is the order now; id (bigserial) only lets the commit-time
  // trigger find its row, and the object index ends with pos, as compaction reads it.
  const changes = s.tables.changes;
  replace(changes.columns, 'txid ', null);
  replace(changes.columns, 'seq ', "id bigint not null default nextval('changes_id_seq'::regclass)");
  replace(changes.constraints, 'changes_pkey:', 'changes_pkey: PRIMARY KEY (id)');
  replace(s.sequences, 'changes_seq_seq', 'changes_id_seq');
  replace(s.indexes, 'CREATE UNIQUE INDEX changes_pkey ', 'CREATE UNIQUE INDEX changes_pkey ON changes USING btree (id)');
  replace(
    s.indexes,
    'CREATE INDEX changes_object_idx ',
    'CREATE INDEX changes_object_idx ON changes USING btree (entity, entity_id, audience_type, audience, pos)',
  );
  // The commit-time numbering numbers a transaction's rows in one statement, not one per
  // row under the commit lock; a statement trigger re-arms it, and a partial index finds
  // the rows still without a position.
  const fn = (sql: string) =>
    sql.replace(/^\s*create (or replace )?function (\S+) returns trigger language plpgsql as \$\$/i, 'CREATE OR REPLACE FUNCTION $2 RETURNS trigger LANGUAGE plpgsql AS $function$').replace(/\$\$\s*$/, '$function$').replace(/\s+/g, ' ').trim();
  replace(s.functions, 'CREATE OR REPLACE FUNCTION changes_number_at_commit()', fn(CHANGES_NUMBER_AT_COMMIT));
  s.functions.push(fn(CHANGES_WRITTEN));
  s.functions.sort();
  s.triggers.push('CREATE TRIGGER changes_written AFTER INSERT ON changes FOR EACH STATEMENT EXECUTE FUNCTION changes_written()');
  s.triggers.sort();
  s.indexes.push('CREATE INDEX changes_unnumbered_idx ON changes USING btree (id) WHERE (pos IS NULL)');
  s.indexes.sort();
  // Product rows show the supplier's phone, website, city and rating, so changing any moves
  // the catalogue's version (cached pages go stale) as a rename does.
  const supplierShown = s.triggers.findIndex((t) => t.startsWith('CREATE CONSTRAINT TRIGGER profiles_catalogue_update_at_commit '));
  s.triggers[supplierShown] = s.triggers[supplierShown].replace(
    '(old.verification_tier IS DISTINCT FROM new.verification_tier) OR',
    '(old.verification_tier IS DISTINCT FROM new.verification_tier) OR (old.phone IS DISTINCT FROM new.phone) OR (old.website IS DISTINCT FROM new.website) OR (old.city IS DISTINCT FROM new.city) OR (old.average_rating IS DISTINCT FROM new.average_rating) OR (old.total_reviews IS DISTINCT FROM new.total_reviews) OR',
  );
  // A login code is bound to the browser that signed in (login CSRF).
  s.tables.login_codes.columns.push('browser_hash text not null');
  s.tables.login_codes.columns.sort();
  return s;
}

describe('the migrations, squashed', () => {
  it('build on a fresh database what the old chain built (tables, columns, constraints, indexes, functions, triggers, reference rows)', async () => {
    expect(Object.keys(migrations)).toContain(LAST_SQUASHED);
    // A database of its own (its own PGlite, or its own schema on Postgres): the search
    // path is set per connection, and PGlite has only one.
    const squashed = await openDatabase(url ? { url, schema: squashedSchema, poolMax: 1 } : { schema: squashedSchema });
    try {
      await migrateLatest(squashed.knex, squashedSchema, LAST_SQUASHED);
      expect(await snapshotSchema(squashed.knex, squashedSchema)).toEqual(expectedSchema());
    } finally {
      if (url) await squashed.knex.raw('drop schema if exists ?? cascade', [squashedSchema]);
      await squashed.close();
    }
  });
});

describe('migrations', () => {
  it('are named YYYYMMDDHHMMSS_what and listed in order', () => {
    const names = Object.keys(migrations);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^\d{14}_[a-z0-9_]+$/);
    expect([...names].sort()).toEqual(names);
  });

  it('create every table in the schema they were given', async () => {
    const tables = await tablesInSchema();
    for (const table of TABLES) expect(tables).toContain(table);
    expect(await functionsInSchema()).toEqual(expect.arrayContaining(['normalize_search', 'set_updated_at']));
  });

  it('ship the 12 categories with their Arabic, English and Chinese names', async () => {
    const categories = await knex('categories').orderBy('sort');
    expect(categories).toHaveLength(12);
    for (const c of categories) {
      expect(c.name_ar).toMatch(/^[\u0600-\u06ff\s]+$/);
      expect(c.name_en).toMatch(/^[A-Za-z&\s]+$/);
      expect(c.name_zh).toMatch(/^[\u4e00-\u9fff]+$/);
      expect(c.slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(c.deleted_at).toBeNull();
    }
    expect(new Set(categories.map((c) => c.name_ar)).size).toBe(12);
    expect(categories[0]).toMatchObject({ id: 'ca7e0000-0000-4000-8000-000000000001', slug: 'cement-concrete' });
  });

  it('ship the four plans, 999 meaning unlimited and yearly prices at the 17% saving', async () => {
    const plans = await knex('subscription_plans').orderBy('sort');
    expect(plans.map((p) => p.id)).toEqual(['free', 'basic', 'premium', 'enterprise']);
    expect(plans.map((p) => p.price_monthly)).toEqual([0, 99, 299, 799]);
    for (const p of plans) {
      expect(p.price_yearly).toBe(Math.round(p.price_monthly * 12 * (1 - YEARLY_SAVING_PERCENT / 100)));
      expect(Array.isArray(p.features)).toBe(true);
      for (const key of p.features) expect(key).toMatch(/^plan_feature\.[a-z0-9_]+$/);
    }
    expect(plans[0]).toMatchObject({ max_products: 10, max_instant_orders: 3, priority_support: false });
    expect(plans[3]).toMatchObject({ max_products: 999, max_instant_orders: 999, priority_support: true });
  });
});

describe('normalize_search', () => {
  const samples = [
    'أَسْمَنْت بورتلاندي',
    'إسمنت أبيض',
    'آلات ٱلبناء',
    'خرسانة جاهزة',
    'مبنى ومستشفى',
    'مؤسسة الهيئة',
    'شركة الطائف',
    'حديـــد تسليح ١٢ مم',
    'قطر ۱۶ مم',
    'PVC Pipes',
    '钢筋 HRB400',
  ];

  it('folds diacritics, tatweel, alef forms, teh marbuta, alef maksura, hamza carriers and digits', async () => {
    const { rows } = await knex.raw(`select normalize_search(?) as a, normalize_search(?) as b, normalize_search(?) as c`, [
      'أَسْمَنْتٌ إِسْمَنْت آلة',
      'خرسانة مبنى مؤسسة هيئة',
      'حديـــد ١٢ ۱۶ PVC',
    ]);
    expect(rows[0]).toEqual({ a: 'اسمنت اسمنت اله', b: 'خرسانه مبني موسسه هييه', c: 'حديد 12 16 pvc' });
  });

  it('agrees with the browser twin in shared/search.ts', async () => {
    for (const text of samples) {
      const { rows } = await knex.raw('select normalize_search(?) as n', [text]);
      expect(rows[0].n).toBe(normalizeSearch(text));
    }
  });
});

describe('products', () => {
  it('index name and description for search without diacritics or hamza', async () => {
    const supplier = await makeSupplier();
    const [product] = await knex('products')
      .insert({ supplier_id: supplier, name: 'أسمنت بورتلاندي مقاوم', description: 'Sulphate resistant cement bags', price: 18.75, unit: 'كيس' })
      .returning(['id', 'search_text']);
    expect(product.search_text).toBe('اسمنت بورتلاندي مقاوم sulphate resistant cement bags');

    const byTrigram = await knex('products')
      .whereRaw(`search_text like '%' || normalize_search(?) || '%'`, ['إسمنت'])
      .pluck('id');
    expect(byTrigram).toContain(product.id);

    const byStem = await knex('products')
      .whereRaw(`search_vector @@ plainto_tsquery('english', ?)`, ['bag'])
      .pluck('id');
    expect(byStem).toContain(product.id);

    const bySimple = await knex('products')
      .whereRaw(`search_vector @@ plainto_tsquery('simple', normalize_search(?))`, ['أسمنت'])
      .pluck('id');
    expect(bySimple).toContain(product.id);
  });

  it('keep money exact to the halala and return it as a number', async () => {
    const supplier = await makeSupplier();
    const [product] = await knex('products')
      .insert({ supplier_id: supplier, name: 'x', price: 1234567890.99, unit: 'طن', stock_quantity: 12.5 })
      .returning(['price', 'stock_quantity', 'min_quantity', 'availability_status', 'average_rating']);
    expect(product).toEqual({
      price: 1234567890.99,
      stock_quantity: 12.5,
      min_quantity: 1,
      availability_status: 'available',
      average_rating: 0,
    });
  });

  it('refuse a negative price, a zero minimum quantity or an unknown availability', async () => {
    const supplier = await makeSupplier();
    const base = { supplier_id: supplier, name: 'x', price: 1, unit: 'u' };
    await rejects(knex('products').insert({ ...base, price: -1 }), 'products_price_check');
    await rejects(knex('products').insert({ ...base, min_quantity: 0 }), 'products_min_quantity_check');
    await rejects(knex('products').insert({ ...base, availability_status: 'discontinued' }), 'products_availability_status_check');
    await rejects(knex('products').insert({ ...base, specifications: JSON.stringify(['a']) }), 'products_specifications_check');
  });
});

describe('constraints', () => {
  it('keep emails unique whatever their case', async () => {
    await makeSupplier('Case@Test.sa');
    await rejects(makeSupplier('case@test.SA'), 'users_email_lower_unique');
  });

  it('allow one bid per contractor and project', async () => {
    const gov = await makeSupplier();
    const contractor = await makeSupplier();
    const [project] = await knex('projects')
      .insert({ government_id: gov, title: 't', description: 'd', location: 'l' })
      .returning(['id', 'status']);
    expect(project.status).toBe('open');
    const bid = { project_id: project.id, contractor_id: contractor, amount: 10, proposal: 'p', digest: 'a'.repeat(64) };
    const [first] = await knex('bids').insert(bid).returning(['id', 'status']);
    expect(first.status).toBe('submitted');
    await rejects(knex('bids').insert(bid), 'bids_project_contractor_unique');
    await knex('projects').where({ id: project.id }).update({ awarded_bid_id: first.id });
    await rejects(knex('projects').where({ id: project.id }).update({ awarded_bid_id: crypto.randomUUID() }), 'projects_awarded_bid_id_foreign');
  });

  it('refuse an instant order whose budget range is inverted, and default its expiry to 7 days', async () => {
    const contractor = await makeSupplier();
    const base = { contractor_id: contractor, title: 't', description: 'd', unit: 'u', location: 'l' };
    await rejects(knex('instant_orders').insert({ ...base, budget_range_min: 10, budget_range_max: 5 }), 'instant_orders_budget_range_check');
    const [order] = await knex('instant_orders').insert(base).returning(['status', 'urgency_level', 'quantity']);
    expect(order).toEqual({ status: 'active', urgency_level: 'normal', quantity: 1 });
    const { rows } = await knex.raw(
      `select round(extract(epoch from expires_at - created_at) / 86400) as days from instant_orders where contractor_id = ?`,
      [contractor],
    );
    expect(Number(rows[0].days)).toBe(7);
  });

  it('allow one legacy review per reviewer and target, rated 1 to 5, and no other review without a deal', async () => {
    const reviewer = await makeSupplier();
    const review = { reviewer_id: reviewer, target_type: 'user', target_id: crypto.randomUUID(), rating: 5, legacy: true };
    await rejects(knex('reviews').insert({ ...review, legacy: false, reviewer_company_id: reviewer }), 'reviews_deal_check');
    await knex('reviews').insert(review);
    await rejects(knex('reviews').insert(review), 'reviews_reviewer_target_unique');
    await rejects(knex('reviews').insert({ ...review, target_id: crypto.randomUUID(), rating: 6 }), 'reviews_rating_check');
    await rejects(knex('reviews').insert({ ...review, target_id: crypto.randomUUID(), target_type: 'project' }), 'reviews_target_type_check');
  });

  it('give notifications empty params and normal priority, unread', async () => {
    const user = await makeSupplier();
    const [n] = await knex('notifications')
      .insert({ user_id: user, kind: 'welcome', type: 'system', title: 't', message: 'm' })
      .returning(['params', 'priority', 'is_read']);
    expect(n).toEqual({ params: {}, priority: 'normal', is_read: false });
  });

  it('number changes at commit, in the order they were written, and keep audience and type consistent', async () => {
    const ids = await knex.transaction(async (trx) => {
      const rows: Array<{ id: number; pos: number | null }> = await trx('changes')
        .insert([
          { entity: 'product', entity_id: 'p1', op: 'upsert', audience_type: 'all' },
          { entity: 'bid', entity_id: 'b1', op: 'upsert', audience_type: 'user', audience: 'u1' },
        ])
        .returning(['id', 'pos']);
      expect(rows.map((r) => r.pos)).toEqual([null, null]);
      return rows.map((r) => r.id);
    });
    const numbered = await knex('changes').whereIn('id', ids).orderBy('id').pluck('pos');
    expect(numbered[1]).toBe(Number(numbered[0]) + 1);
    await rejects(knex('changes').insert({ entity: 'x', entity_id: '1', op: 'upsert', audience_type: 'all', audience: 'u1' }), 'changes_audience_check');
    await rejects(knex('changes').insert({ entity: 'x', entity_id: '1', op: 'upsert', audience_type: 'role' }), 'changes_audience_check');
    await rejects(knex('changes').insert({ entity: 'x', entity_id: '1', op: 'merge', audience_type: 'all' }), 'changes_op_check');
  });

  it('number every row of a transaction, also rows written after the numbering ran early (SET CONSTRAINTS IMMEDIATE)', async () => {
    const row = (n: number) => ({ entity: 'product', entity_id: `early-${n}`, op: 'upsert', audience_type: 'all' });
    const ids = await knex.transaction(async (trx) => {
      const first = await trx('changes').insert([row(1), row(2), row(3)]).returning('id');
      await trx.raw('set constraints all immediate'); // numbers the three now
      await trx.raw('set constraints all deferred');
      const second = await trx('changes').insert(row(4)).returning('id');
      const third = await trx('changes').insert(row(5)).returning('id');
      return [...first, ...second, ...third].map((r) => r.id);
    });
    const positions = (await knex('changes').whereIn('id', ids).orderBy('id').pluck('pos')).map(Number);
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(5);
  });

  it('keep updated_at current on every update', async () => {
    const id = await makeSupplier();
    await knex('users').where({ id }).update({ updated_at: new Date('2020-01-01T00:00:00Z') });
    await knex('users').where({ id }).update({ name: 'renamed' });
    const row = await knex('users').where({ id }).first('updated_at');
    expect(row.updated_at.getTime()).toBeGreaterThan(new Date('2025-01-01').getTime());
  });
});

describe('rolling back', () => {
  it('removes every table and function, and migrating again restores the reference data', async () => {
    // The tables still hold the rows of the tests above: the downs must cope with data.
    await migrateDown(knex, schema);
    expect((await tablesInSchema()).filter((t) => !t.startsWith('knex_'))).toEqual([]);
    expect(await functionsInSchema()).toEqual([]);

    await migrateLatest(knex, schema);
    expect(await tablesInSchema()).toEqual(expect.arrayContaining(TABLES));
    expect(await knex('categories').count<{ count: number }[]>('* as count')).toEqual([{ count: 12 }]);
    expect(await knex('subscription_plans').count<{ count: number }[]>('* as count')).toEqual([{ count: 4 }]);
  });

  it('leaves a database the demo seed can fill', async () => {
    expect(await seedDemo(knex)).toBe(true);
    const count = async (table: string) => Number((await knex(table).count('* as n').first())!.n);
    expect(await count('users')).toBeGreaterThanOrEqual(5);
    expect(await count('products')).toBeGreaterThanOrEqual(50);
    // One subscription per company; the people who joined one use its plan.
    expect(await count('subscriptions')).toBe(await count('profiles'));
  });
});
