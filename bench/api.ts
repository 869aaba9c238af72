/**
 * npm run bench:api (Postgres; DATABASE_URL, default a local binaa_bench database):
 * 100k products with Arabic, English and Chinese names; autocannon, 50 connections,
 * on the catalogue list and on search, each beside two baselines from the same run:
 * the very SQL the app ran, through pg in a bare node:http server, and a bare Koa route.
 * Targets: search p99 <= 50 ms; list throughput >= half of the bare-pg figure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshSchema, load, saveResults, spawnServer, startApp, table, type LoadResult } from './common';

const SCHEMA = 'bench_api';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

const SEARCHES = ['اسمنت', 'إسمنت مقاوم', 'حديد تسليح', 'بلاطه', 'cement', 'Bricks', 'steel rebar', '水泥', '钢筋', 'طوب'];

async function seed(knex: import('knex').Knex) {
  const [supplier] = await knex('users').insert({ email: 'bench-supplier@binaa.sa', name: 'Bench' }).returning('id');
  await knex('profiles').insert({ user_id: supplier.id, role: 'supplier', company_name: 'مؤسسة القياس', verification_tier: 'gold' });
  const categories = await knex('categories').pluck('id');
  // Names from word lists, a third each Arabic, English and Chinese, so search has to
  // find real words among 100k rows.
  await knex.raw(
    `insert into products (supplier_id, category_id, name, description, price, unit, min_quantity)
     select ?, (?::uuid[])[1 + (i % ?)],
            case i % 3
              when 0 then (array['أسمنت','اسمنت','حديد','بلاطة','طوب','رمل','خشب','دهان','عازل','أنابيب','كابلات','زجاج'])[1 + (i % 12)]
                          || ' ' || (array['بورتلاندي','مقاوم','تسليح','سيراميك','أحمر','مغسول','صنوبر','داخلي','حراري','بلاستيكية','نحاسية','مقسى'])[1 + ((i / 12) % 12)]
                          || ' ' || (i % 997)::text
              when 1 then (array['Portland','Resistant','Rebar','Ceramic','Red','Washed','Pine','Interior','Thermal','PVC','Copper','Tempered'])[1 + (i % 12)]
                          || ' ' || (array['cement','steel','tiles','bricks','sand','timber','paint','insulation','pipes','cables','glass','blocks'])[1 + ((i / 12) % 12)]
                          || ' ' || (i % 997)::text
              else (array['普通','抗','螺纹','陶瓷','红','水洗','松木','室内','隔热','塑料','铜','钢化'])[1 + (i % 12)]
                   || (array['水泥','钢筋','瓷砖','砖','砂','木材','涂料','保温材料','管道','电缆','玻璃','砌块'])[1 + ((i / 12) % 12)]
                   || (i % 997)::text
            end,
            'منتج للاختبار رقم ' || i, (10 + (i % 5000))::numeric(14,2), 'unit', 1
       from generate_series(1, ?) as s(i)`,
    [supplier.id, categories, categories.length, PRODUCTS],
  );
  await knex.raw('analyze products');
}

/** The statements the app runs for a path, captured from knex while it answers. */
async function captureSql(knex: import('knex').Knex, url: string, path: string) {
  const statements: Array<{ sql: string; bindings: unknown[] }> = [];
  const onQuery = (q: { sql: string; bindings?: unknown[] }) => statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
  knex.on('query', onQuery);
  const res = await fetch(url + path);
  const body = await res.text();
  knex.off('query', onQuery);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body}`);
  // The cache's version lookup is the app's own bookkeeping, not the query (the catalogue's
  // total, also read from catalogue_state, is).
  return { statements: statements.filter((s) => !/^select 1$/i.test(s.sql) && !/^select "version" from "catalogue_state"/.test(s.sql)), bytes: body.length };
}

async function main() {
  const db = await freshSchema(SCHEMA, 20);
  console.log(`seeding ${PRODUCTS} products into ${SCHEMA}...`);
  const t0 = Date.now();
  await seed(db.knex);
  console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const inProcess = await startApp(db);
  const listPaths = ['/api/products?limit=20', '/api/products?limit=20&offset=20', '/api/products?limit=20&offset=100'];
  const searchPaths = SEARCHES.map((s) => `/api/products?limit=20&search=${encodeURIComponent(s)}`);
  // More distinct searches than the app's page cache holds (500), cycled: every one a miss.
  const coldPaths = Array.from({ length: 600 }, (_, i) => `/api/products?limit=20&search=${encodeURIComponent(`${SEARCHES[i % SEARCHES.length]} ${Math.floor(i / SEARCHES.length)}`)}`);

  const captured: Record<string, Array<{ sql: string; bindings: unknown[] }>> = {};
  for (const p of [...listPaths, ...searchPaths, ...coldPaths]) captured[p] = (await captureSql(db.knex, inProcess.url, p)).statements;
  const sample = await (await fetch(inProcess.url + listPaths[0])).text();
  await inProcess.close();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-bench-'));
  fs.writeFileSync(path.join(tmp, 'sql.json'), JSON.stringify(captured));
  fs.writeFileSync(path.join(tmp, 'body.json'), sample);

  // The app, baseline 1 (the same SQL through pg in a bare node:http server) and
  // baseline 2 (a bare Koa route with a list-sized body, no database), each in its own process.
  const app = await spawnServer(['app', SCHEMA]);
  const bare = await spawnServer(['pg', SCHEMA, path.join(tmp, 'sql.json')]);
  const bareKoa = await spawnServer(['koa', path.join(tmp, 'body.json')]);

  const results: LoadResult[] = [];
  for (const [name, url, paths] of [
    ['list: app', app.url, listPaths],
    ['list: same SQL via pg (bare http)', bare.url, listPaths],
    ['search, 10 popular terms: app', app.url, searchPaths],
    ['search, 10 popular terms: same SQL via pg (bare http)', bare.url, searchPaths],
    ['search, 600 distinct terms (cache misses): app', app.url, coldPaths],
    ['search, 600 distinct terms: same SQL via pg (bare http)', bare.url, coldPaths],
    ['bare Koa route (no database)', bareKoa.url, listPaths],
  ] as const) {
    console.log(`autocannon ${SECONDS}s x 50 connections: ${name}`);
    results.push(await load(name, url, [...paths], SECONDS));
  }
  const [listApp, listPg, searchApp, searchPg, coldApp, coldPg, bareRoute] = results;
  table(results.map((r) => ({ ...r })));
  const verdict = {
    list_throughput_vs_bare_pg: +(listApp.reqPerSec / listPg.reqPerSec).toFixed(2),
    list_throughput_target: '>= 0.5',
    search_p99_ms: searchApp.p99,
    search_p99_target_ms: 50,
    search_p99_vs_bare_pg: +(searchApp.p99 / Math.max(1, searchPg.p99)).toFixed(2),
    search_uncached_p99_ms: coldApp.p99,
    search_uncached_p99_vs_bare_pg: +(coldApp.p99 / Math.max(1, coldPg.p99)).toFixed(2),
    app_vs_bare_koa_throughput: +(listApp.reqPerSec / bareRoute.reqPerSec).toFixed(2),
  };
  console.log(verdict);
  saveResults('api', { products: PRODUCTS, seconds: SECONDS, connections: 50, results, verdict });

  for (const server of [app, bare, bareKoa]) server.close();
  await db.knex.raw('drop schema if exists ?? cascade', [SCHEMA]);
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
