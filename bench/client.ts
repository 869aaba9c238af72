/**
 * npm run bench:client (Postgres; DATABASE_URL, default a local binaa_bench database;
 * the system Chromium): the offline client in a real browser.
 * - First sync of a supplier with 10k products, 2k instant orders and 500 notifications
 *   into IndexedDB over a throttled link (CDP: 1.6 Mbps down, 150 ms RTT): total time and
 *   time until the app is usable (notifications and orders first), beside a raw Dexie
 *   bulkPut of the same rows in the same page and the bytes-over-bandwidth floor.
 *   Goals: <= 15 s total, <= 3 s to usable.
 * - A local write visible on screen: a contractor's bid, from the submit click to the new
 *   amount in the DOM (painted with the next frame), p95 over 200 writes (goal <= 16 ms),
 *   beside a raw IndexedDB put.
 * - Offline catalogue search over the 10k local products: from the keystroke to the
 *   results on screen, p95 of 100 searches (goal <= 30 ms), beside one full read of the
 *   products.
 * The built client must be in dist/ (npm run build; bench/run.ts builds it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { Knex } from 'knex';
import { freshSchema, saveResults, startApp, table } from './common';
import { backfillChangeLog } from '../server/registry/backfill';
import { CHROMIUM, rawPutTimes, signIn } from './browser';
import { ENTITY_TABLES } from '../client/data/db/schema';

const SCHEMA = 'bench_client';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ORDERS = 2_000;
const NOTIFICATIONS = 500;
const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 100);
const DOWN_BPS = 1.6e6;
const RTT_MS = 150;
/**
 * BENCH_BASELINE_DIST: another build of the client (a dist directory, say of the commit
 * before a change) whose first sync is measured beside this build's, in the same run,
 * alternating BENCH_FIRST_SYNC_RUNS times (default 2).
 */
const BASELINE_DIST = process.env.BENCH_BASELINE_DIST;
const FIRST_SYNC_RUNS = Number(process.env.BENCH_FIRST_SYNC_RUNS ?? 2);
/** The raw-bulkPut baseline's stores: the three tables as the local store declares them now. */
const RAW_STORES = Object.fromEntries([ENTITY_TABLES.product, ENTITY_TABLES.instant_order, ENTITY_TABLES.notification].map(({ table, indexes }) => [table, indexes]));
/** Which measures to run (all by default): first-sync, write, search. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'first-sync,write,search').split(','));

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const ms = (n: number) => +n.toFixed(1);

async function user(knex: Knex, email: string, role: string, company: string): Promise<string> {
  const [u] = await knex('users').insert({ email, name: company }).returning('id');
  await knex('profiles').insert({ user_id: u.id, role, company_name: company });
  await knex('subscriptions').insert({ user_id: u.id, plan_id: 'enterprise', status: 'active', billing_cycle: 'yearly' });
  return u.id;
}

async function seed(knex: Knex) {
  const reader = await user(knex, 'bench-supplier@binaa.sa', 'supplier', 'مؤسسة القياس للمواد');
  const contractor = await user(knex, 'bench-contractor@binaa.sa', 'contractor', 'مؤسسة القياس للمقاولات');
  const government = await user(knex, 'bench-gov@binaa.sa', 'government', 'أمانة القياس');
  const suppliers = [reader];
  for (let i = 1; i <= 5; i++) suppliers.push(await user(knex, `bench-s${i}@binaa.sa`, 'supplier', `مورد ${i}`));
  // Names and descriptions of a realistic length, Arabic and English, so the bytes are real.
  await knex.raw(
    `insert into products (supplier_id, name, description, price, unit, min_quantity, specifications)
     select (array[${suppliers.map(() => '?').join(',')}]::uuid[])[1 + i % ${suppliers.length}],
            case when i % 2 = 0 then 'حديد تسليح ' || i || ' مم' else 'Portland cement type ' || i end,
            case when i % 2 = 0 then 'حديد تسليح عالي المقاومة مطابق للمواصفات السعودية، يورد بأطوال 12 مترًا' else 'High strength cement for concrete works, 50 kg bags, SASO certified' end,
            10 + i % 500, case when i % 2 = 0 then 'طن' else 'bag' end, 1 + i % 10,
            jsonb_build_object('grade', 'G' || (i % 60), 'origin', 'SA')
       from generate_series(1, ?) i`,
    [...suppliers, PRODUCTS],
  );
  await knex.raw(
    `insert into instant_orders (contractor_id, title, description, quantity, unit, location, urgency_level, expires_at)
     select ?, 'طلب عاجل ' || i, 'نحتاج توريد مواد للموقع خلال ٤٨ ساعة', 1 + i % 50, 'طن', 'الرياض - حي النرجس',
            (array['low','normal','high','urgent'])[1 + i % 4], now() + interval '5 days'
       from generate_series(1, ?) i`,
    [contractor, ORDERS],
  );
  await knex.raw(
    `insert into notifications (user_id, kind, params, type, priority, title, message)
     select ?, 'instant_order.created', jsonb_build_object('title', 'طلب عاجل ' || i), 'instant_order', 'normal',
            'طلب فوري جديد', 'نشر مقاول طلبًا فوريًا جديدًا: طلب عاجل ' || i
       from generate_series(1, ?) i`,
    [reader, NOTIFICATIONS],
  );
  for (let i = 0; i < 3; i++) {
    await knex('projects').insert({ government_id: government, title: `مشروع قياس ${i}`, description: 'إنشاء مبنى', location: 'جدة', status: 'open' });
  }
  await backfillChangeLog(knex);
  return { reader, contractor };
}

/**
 * First sync over a throttled link of `reader`, from the client served at `url`; `build`
 * names that build in the rows when two are compared.
 */
async function firstSync(browser: Browser, url: string, knex: Knex, reader: string, build?: string): Promise<Array<Record<string, string | number>>> {
  // Under the app's own Content-Security-Policy (no eval: the sync's zod parsing runs without its JIT, as on a phone).
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'ar-SA' });
  await context.addInitScript('window.__name = (f) => f');
  const page = await context.newPage();
  await signIn(page, url, knex, reader);
  // The shell is installed (as on a phone that opened the app once); the data is not.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`${url}/info/about`);
  await page.evaluate((name) => new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = resolve;
    req.onerror = reject;
    req.onblocked = resolve;
  }), `binaa-${reader}`);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: RTT_MS, downloadThroughput: DOWN_BPS / 8, uploadThroughput: DOWN_BPS / 8 });
  const pullIds = new Set<string>();
  let pullBytes = 0;
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => {
    if (e.request.url.includes('/api/sync/pull')) pullIds.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    if (pullIds.has(e.requestId)) pullBytes += e.encodedDataLength;
  });

  const t0 = Date.now();
  await page.goto(`${url}/dashboard`);
  await page.waitForSelector('[data-testid="first-sync"][data-usable="true"]', { timeout: 120_000 }).catch(() => undefined);
  const usableMs = Date.now() - t0;
  await page.waitForSelector('[data-testid="first-sync"]', { state: 'detached', timeout: 300_000 });
  const totalMs = Date.now() - t0;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const counts = await page.evaluate(
    (name) =>
      new Promise<Record<string, number>>((resolve) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const idb = open.result;
          const out: Record<string, number> = {};
          const tx = idb.transaction(['products', 'instant_orders', 'notifications'], 'readonly');
          for (const store of ['products', 'instant_orders', 'notifications']) {
            const req = tx.objectStore(store).count();
            req.onsuccess = () => (out[store] = req.result);
          }
          tx.oncomplete = () => {
            idb.close();
            resolve(out);
          };
        };
      }),
    `binaa-${reader}`,
  );

  // Baseline: the same rows put with Dexie's bulkPut into an empty database of the same schema.
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(readFileSync(path.resolve('node_modules/dexie/dist/dexie.js'), 'utf8'));
  const rawMs = await page.evaluate(
    async ({ name, stores }) => {
      const Dexie = (window as unknown as { Dexie: any }).Dexie;
      const source = new Dexie(name);
      await source.open();
      const data = {
        products: await source.table('products').toArray(),
        instant_orders: await source.table('instant_orders').toArray(),
        notifications: await source.table('notifications').toArray(),
      };
      source.close();
      const raw = new Dexie('bench-raw');
      raw.version(1).stores(stores);
      await raw.open();
      const t = performance.now();
      await raw.transaction('rw', ['products', 'instant_orders', 'notifications'], async () => {
        for (const [table, rowsOf] of Object.entries(data)) await raw.table(table).bulkPut(rowsOf);
      });
      const elapsed = performance.now() - t;
      raw.close();
      await Dexie.delete('bench-raw');
      return elapsed;
    },
    { name: `binaa-${reader}`, stores: RAW_STORES },
  );
  const floorMs = (pullBytes * 8 * 1000) / DOWN_BPS;
  const rows: Array<Record<string, string | number>> = [
    { measure: `first sync, total (${counts.products} products, ${counts.instant_orders} orders, ${counts.notifications} notifications; 1.6 Mbps, 150 ms)`, ms: totalMs, baseline: 'goal', baseline_ms: 15_000, ratio: +(totalMs / 15_000).toFixed(2) },
    { measure: 'first sync, time to usable (notifications and orders in)', ms: usableMs, baseline: 'goal', baseline_ms: 3_000, ratio: +(usableMs / 3_000).toFixed(2) },
    { measure: 'first sync vs bytes over bandwidth', ms: totalMs, baseline: `${(pullBytes / 1024).toFixed(0)} KB compressed at 1.6 Mbps`, baseline_ms: ms(floorMs), ratio: +(totalMs / floorMs).toFixed(2) },
    { measure: 'raw Dexie bulkPut of the same rows (no network)', ms: ms(rawMs), baseline: '', baseline_ms: '', ratio: '' },
  ];
  await context.close();
  return build ? rows.map((row) => ({ ...row, measure: `[${build}] ${row.measure}` })) : rows;
}



async function main() {
  const db = await freshSchema(SCHEMA);
  const { knex } = db;
  const { reader, contractor } = await seed(knex);
  const app = await startApp(db);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const rows: Array<Record<string, string | number>> = [];
  try {
    if (PARTS.has('first-sync')) {
      if (BASELINE_DIST) {
        // Before and after in one run: the same server and data, each build on its own
        // origin (its own IndexedDB and service worker), alternating so drift hits both.
        const baseline = await startApp(db, BASELINE_DIST);
        try {
          for (let i = 0; i < FIRST_SYNC_RUNS; i++) {
            rows.push(...(await firstSync(browser, baseline.url, knex, reader, `baseline ${i + 1}`)));
            rows.push(...(await firstSync(browser, app.url, knex, reader, `this build ${i + 1}`)));
          }
        } finally {
          await baseline.close();
        }
      } else {
        rows.push(...(await firstSync(browser, app.url, knex, reader)));
      }
    }

    // --- a local write visible on screen ---------------------------------------------
    const writer = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'en-US' });
    // tsx names the functions it compiles with a __name helper the page does not have.
    await writer.addInitScript('window.__name = (f) => f');
    const wpage = await writer.newPage();
    await signIn(wpage, app.url, knex, contractor);
    await wpage.goto(`${app.url}/projects`);
    await wpage.waitForSelector('[data-testid="project-card"] [data-testid="bid-button"]', { timeout: 60_000 });
    await wpage.waitForSelector('[data-testid="sync-status"][data-state="synced"]', { timeout: 60_000 });
    if (PARTS.has('write')) {
      const times: number[] = [];
      for (let i = 0; i < WRITES; i++) {
        // Each write on a quiet page: the previous one has been sent (the sync it triggers
        // 250 ms later is measured by bench:sync, not here).
        await wpage.waitForSelector('[data-testid="sync-status"][data-state="synced"]', { timeout: 60_000 });
        await wpage.locator('[data-testid="project-card"]').first().getByTestId('bid-button').click();
        const dialog = wpage.getByTestId('bid-dialog');
        const amount = 100_000 + i;
        await dialog.locator('[name="amount"]').fill(String(amount));
        await dialog.locator('[name="proposal"]').fill(`عرض رقم ${i}`);
        const elapsed = await wpage.evaluate(
          (expected) =>
            new Promise<number>((resolve) => {
              const shown = () => [...document.querySelectorAll('[data-testid="my-bid"]')].some((el) => el.textContent?.includes(expected));
              const observer = new MutationObserver(() => {
                if (shown()) {
                  // In the DOM: the browser paints it with its next frame.
                  observer.disconnect();
                  resolve(performance.now() - start);
                }
              });
              observer.observe(document.body, { subtree: true, childList: true, characterData: true });
              const start = performance.now();
              (document.querySelector('[data-testid="bid-submit"]') as HTMLButtonElement).click();
            }),
          new Intl.NumberFormat('en-SA').format(amount),
        );
        times.push(elapsed);
        await wpage.getByTestId('bid-dialog').waitFor({ state: 'detached' });
      }
      const rawPut = await rawPutTimes(wpage, WRITES, { proposal: 'p'.repeat(40) });
      rows.push({
        measure: `local write visible on screen, p95 of ${WRITES} bids (p50 ${ms(pct(times, 50))} ms)`,
        ms: ms(pct(times, 95)),
        baseline: 'raw IndexedDB put p95 (goal 16 ms)',
        baseline_ms: ms(pct(rawPut, 95)),
        ratio: +(pct(times, 95) / pct(rawPut, 95)).toFixed(1),
      });
    }

    if (PARTS.has('search')) {
      // --- offline catalogue search over the local copy ---------------------------------
      await wpage.goto(`${app.url}/products`);
      await wpage.waitForSelector('[data-testid="product-search"]', { timeout: 60_000 });
      await writer.setOffline(true);
      const TERMS = ['حديد', 'تسليح', 'cement', 'portland', 'حديد 12', 'type 77', 'مم', 'high', 'السعودية', 'strength'];
      const searchTimes: number[] = [];
      for (let i = 0; i < SEARCHES; i++) {
        const elapsed = await wpage.evaluate(
          async (term) => {
            const box = document.querySelector('[data-testid="product-search"] input, input[data-testid="product-search"]') as HTMLInputElement;
            // oxlint-disable-next-line typescript/unbound-method -- the native setter, called with .call(box)
            const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
            const type = (value: string) => {
              setValue.call(box, value);
              box.dispatchEvent(new Event('input', { bubbles: true }));
            };
            const until = (selector: string) =>
              new Promise<void>((resolve) => {
                if (document.querySelector(selector)) return resolve();
                const observer = new MutationObserver(() => {
                  if (document.querySelector(selector)) {
                    observer.disconnect();
                    resolve();
                  }
                });
                observer.observe(document.body, { subtree: true, childList: true });
              });
            type('qqqzzzx');
            await until('[data-testid="empty-search"]');
            const start = performance.now();
            type(term);
            await until('[data-testid="result-count"]');
            return performance.now() - start;
          },
          TERMS[i % TERMS.length],
        );
        searchTimes.push(elapsed);
      }
      // Baseline: reading every product of the local copy once (what a search without the word index costs).
      const scanMs = await wpage.evaluate(
        (name) =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open(name);
            open.onsuccess = () => {
              const start = performance.now();
              const req = open.result.transaction('products', 'readonly').objectStore('products').getAll();
              req.onsuccess = () => {
                const ms = performance.now() - start;
                open.result.close();
                resolve(ms);
              };
            };
          }),
        `binaa-${contractor}`,
      );
      rows.push({
        measure: `offline catalogue search over ${PRODUCTS} products, p95 of ${SEARCHES} (p50 ${ms(pct(searchTimes, 50))} ms; goal 30 ms)`,
        ms: ms(pct(searchTimes, 95)),
        baseline: 'reading every product once (getAll)',
        baseline_ms: ms(scanMs),
        ratio: +(pct(searchTimes, 95) / scanMs).toFixed(2),
      });
    }
    await writer.close();
  } finally {
    await browser.close();
    await app.close();
    await db.close();
  }
  table(rows);
  saveResults('client_sync', { rows });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
