/**
 * The soak's world, shared by the soak (bench/soak.ts) and the many-process bench
 * (bench/scale.ts): the seeded data (users of every role, a catalogue, projects,
 * transport requests and instant orders to write on), what people search for, and the
 * users signed in and synced to the end of the feed, as phones that have used the app.
 */
import type { Knex } from 'knex';
import { HttpClient, SimUser, type Role, type Sample, type SentMutation, type World } from './soak-users';
import { backfillChangeLog } from '../server/registry/backfill';
import { createLoginCode, loginCookieName } from '../server/auth/login-codes';

/** Of every 20 users: 8 contractors, 4 suppliers, 3 transport companies, 2 governments, 3 guests. */
const ROLE_PATTERN: Role[] = ['contractor', 'supplier', 'contractor', 'transport', 'guest', 'contractor', 'government', 'supplier', 'contractor', 'transport', 'guest', 'contractor', 'supplier', 'contractor', 'government', 'transport', 'contractor', 'supplier', 'guest', 'contractor'];

/**
 * What people search for: mostly the common materials (pages the server's cache holds),
 * else other words and pairs of the catalogue's vocabulary (each a page not cached yet),
 * and now and then a misspelt word, which only typo-tolerant matching finds (the costly
 * path of search.ts, reported as a kind of its own).
 */
const POPULAR = ['اسمنت', 'حديد تسليح', 'بلاطه', 'طوب', 'cement', 'steel rebar', 'Bricks', '水泥', '钢筋', 'رمل'];
const VOCABULARY = [
  ['أسمنت', 'حديد', 'بلاطة', 'طوب', 'رمل', 'خشب', 'دهان', 'عازل', 'أنابيب'],
  ['بورتلاندي', 'مقاوم', 'تسليح', 'سيراميك', 'أحمر', 'مغسول', 'صنوبر', 'داخلي', 'حراري', 'نحاسية'],
  ['Portland', 'Resistant', 'Rebar', 'Ceramic', 'Red', 'Washed', 'Pine', 'Interior', 'Thermal', 'Copper'],
  ['cement', 'steel', 'tiles', 'bricks', 'sand', 'timber', 'paint', 'insulation', 'pipes', 'glass'],
  ['水泥', '钢筋', '瓷砖', '砖', '木材', '涂料', '管道', '玻璃'],
];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];

function searchTerm(): { term: string; misspelt: boolean } {
  const x = Math.random();
  if (x < 0.6) return { term: pick(POPULAR), misspelt: false };
  const [first, second] = pick([[0, 1], [2, 3], [4, 4], [0, 0], [3, 3]] as const);
  const a = pick(VOCABULARY[first]);
  if (x < 0.85) return { term: Math.random() < 0.5 ? a : `${a} ${pick(VOCABULARY[second])}`, misspelt: false };
  // One letter left out of a word of four or more.
  const word = pick(VOCABULARY.flat().filter((w) => w.length >= 4));
  const i = 1 + Math.floor(Math.random() * (word.length - 2));
  return { term: word.slice(0, i) + word.slice(i + 1), misspelt: true };
}

const shuffle = <T>(xs: T[]): T[] => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};

async function inBatches<T>(items: T[], size: number, fn: (t: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}


export interface Seeded {
  users: Array<{ id?: string; role: Role }>;
  projects: string[];
  requests: string[];
  orders: string[];
  categories: string[];
}

export async function seed(knex: Knex, count: { users: number; products: number }): Promise<Seeded> {
  const roles = Array.from({ length: count.users }, (_, i) => ROLE_PATTERN[i % ROLE_PATTERN.length]);
  // Owners outside the simulation too, so that a small SOAK_USERS still has projects,
  // requests and orders to write on.
  const people = [...roles.map((role, i) => ({ role, i })), { role: 'government' as const, i: -1 }, { role: 'contractor' as const, i: -2 }, { role: 'supplier' as const, i: -3 }]
    .filter((p) => p.role !== 'guest');
  const inserted: Array<{ id: string }> = await knex('users')
    .insert(people.map((p) => ({ email: `soak-${p.i}@binaa.sa`, name: `Soak ${p.i}` })))
    .returning('id');
  const ids = people.map((p, k) => ({ ...p, id: inserted[k].id }));
  await knex('profiles').insert(ids.map((p) => ({ user_id: p.id, role: p.role, company_name: `شركة ${p.i}`, language: 'ar' })));
  await knex('subscriptions').insert(ids.filter((p) => p.role === 'supplier').map((p) => ({ user_id: p.id, plan_id: 'enterprise', status: 'active', billing_cycle: 'yearly' })));
  const of = (role: Role) => ids.filter((p) => p.role === role).map((p) => p.id);
  const suppliers = of('supplier');
  const governments = of('government');
  const contractors = of('contractor');
  const requesters = [...contractors, ...suppliers];
  const categories: string[] = await knex('categories').pluck('id');

  await knex.raw(
    `insert into products (supplier_id, category_id, name, description, price, unit, min_quantity)
     select (?::uuid[])[1 + i % ?], (?::uuid[])[1 + i % ?],
            case i % 3
              when 0 then (array['أسمنت','اسمنت','حديد','بلاطة','طوب','رمل','خشب','دهان','عازل','أنابيب'])[1 + i % 10]
                          || ' ' || (array['بورتلاندي','مقاوم','تسليح','سيراميك','أحمر','مغسول','صنوبر','داخلي','حراري','نحاسية'])[1 + (i / 10) % 10] || ' ' || i
              when 1 then (array['Portland','Resistant','Rebar','Ceramic','Red','Washed','Pine','Interior','Thermal','Copper'])[1 + i % 10]
                          || ' ' || (array['cement','steel','tiles','bricks','sand','timber','paint','insulation','pipes','glass'])[1 + (i / 10) % 10] || ' ' || i
              else (array['普通','抗','螺纹','陶瓷','红','水洗','松木','室内','隔热','铜'])[1 + i % 10]
                   || (array['水泥','钢筋','瓷砖','砖','砂','木材','涂料','保温材料','管道','玻璃'])[1 + (i / 10) % 10] || i
            end,
            'منتج لاختبار التحمل رقم ' || i, (10 + i % 5000)::numeric(14,2), 'unit', 1
       from generate_series(1, ?) as s(i)`,
    [suppliers, suppliers.length, categories, categories.length, count.products],
  );
  const projects: string[] = (
    await knex.raw(
      `insert into projects (government_id, title, description, location, budget, status)
       select (?::uuid[])[1 + i % ?], 'مشروع إنشاء رقم ' || i, 'مبنى إداري من ثلاثة طوابق', 'الرياض', 1000000 + i, 'open'
         from generate_series(1, 400) as s(i) returning id`,
      [governments, governments.length],
    )
  ).rows.map((r: { id: string }) => r.id);
  const requests: string[] = (
    await knex.raw(
      `insert into transport_requests (requester_id, pickup_location, delivery_location, cargo_description, cargo_weight, budget)
       select (?::uuid[])[1 + i % ?], 'جدة', 'الرياض', 'حديد تسليح ' || i || ' طن', 1000 + i, 5000
         from generate_series(1, 300) as s(i) returning id`,
      [requesters, requesters.length],
    )
  ).rows.map((r: { id: string }) => r.id);
  const orders: string[] = (
    await knex.raw(
      `insert into instant_orders (contractor_id, title, description, quantity, unit, location)
       select (?::uuid[])[1 + i % ?], 'طلب فوري ' || i, 'أسمنت مقاوم للتسليم خلال يومين', 10, 'طن', 'الدمام'
         from generate_series(1, 300) as s(i) returning id`,
      [contractors, contractors.length],
    )
  ).rows.map((r: { id: string }) => r.id);

  await backfillChangeLog(knex);
  await knex.raw('analyze');
  return {
    users: roles.map((role, i) => ({ role, id: ids.find((p) => p.i === i)?.id })),
    projects,
    requests,
    orders,
    categories,
  };
}

/** The soak's world on the app at `url` (its writes from `origin`, default `url`): the samples go to `record`, every write to `mutations`. */
export function soakWorld(url: string, seeded: Seeded, opts: { timeoutMs: number; thinkMs: number; record: (s: Sample) => void; mutations: SentMutation[]; origin?: string }): World {
  return {
    http: new HttpClient(url, opts.timeoutMs, opts.origin),
    record: opts.record,
    mutations: opts.mutations,
    searchTerm,
    categories: seeded.categories,
    thinkMs: opts.thinkMs,
    pageLimit: 1000,
    cataloguePaths: [
      ...[0, 20, 40, 60, 80].map((offset) => `/api/products?limit=20&offset=${offset}`),
      ...POPULAR.map((term) => `/api/products?limit=20&search=${encodeURIComponent(term)}`),
    ],
  };
}

/** The session cookie a POST /api/sessions answered with, as a browser keeps it. */
export const cookieOf = (headers: import('node:http').IncomingHttpHeaders) => ([] as string[]).concat(headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');

/** Signs every seeded user in (guests stay out) and syncs each to the end of the feed, as a phone that has used the app before. */
export async function signInAndSync(knex: Knex, world: World, seeded: Seeded): Promise<{ users: SimUser[]; clientIds: string[] }> {
  const users: SimUser[] = [];
  await inBatches(seeded.users, 20, async (u) => {
    if (u.role === 'guest') return void users.push(new SimUser(undefined, 'guest', undefined, []));
    const { code, browserKey } = await createLoginCode(knex, u.id!);
    const res = await world.http.request('POST', '/api/sessions', { json: { code }, cookie: `${loginCookieName(false)}=${browserKey}` });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
    const targets = u.role === 'contractor' ? seeded.projects : u.role === 'transport' ? seeded.requests : u.role === 'supplier' ? seeded.orders : [];
    users.push(new SimUser(u.id, u.role, cookieOf(res.headers), shuffle(targets)));
  });
  await inBatches(users.filter((u) => u.cookie), 8, async (u) => {
    if (!(await u.pull(world, 5000))) throw new Error('initial pull failed');
  });
  return { users, clientIds: users.filter((u) => u.cookie).map((u) => u.clientId) };
}
