/**
 * npm run bench:approvals (Postgres; DATABASE_URL, default a local binaa_bench database;
 * the system Chromium; the built client in dist/, which bench/run.ts builds): a purchase
 * request's approval as its two people see it, at phone width.
 *
 * - The approver's tap offline: from the click on "approve" on a request waiting for them
 *   to the level shown approved on the device (in the DOM, painted with the next frame),
 *   p95 of BENCH_APPROVALS requests (goal 16 ms), beside a raw IndexedDB put in the same
 *   page.
 * - The requester's open screen: the approver approves offline while the requester looks
 *   at the request; from the approver's connection coming back to the requester's screen
 *   showing the level approved, p95 of BENCH_RECONNECTS rounds (goal 1 s), beside the same
 *   with the approver online all along (from the tap to the requester's screen).
 */
import crypto from 'node:crypto';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { Knex } from 'knex';
import { freshSchema, saveResults, signInCookie, startApp, table } from './common';
import { CHROMIUM, CHROMIUM_FLAGS, rawPutTimes, signIn, synced } from './browser';

const SCHEMA = 'bench_approvals';
const APPROVALS = Number(process.env.BENCH_APPROVALS ?? 40);
const RECONNECTS = Number(process.env.BENCH_RECONNECTS ?? 10);
const PHONE = { width: 390, height: 844 };

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((xs.length * p) / 100) - 1)];
const ms = (n: number) => +n.toFixed(1);

async function person(knex: Knex, email: string, name: string): Promise<string> {
  const [u] = await knex('users').insert({ email, name }).returning('id');
  return u.id;
}

/** A JSON call to the app as the holder of `cookie`; throws unless it answers 2xx. */
async function call<T>(base: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, { method, headers: { cookie, origin: base, 'content-type': 'application/json', accept: 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Opens `path` inside the running app (its router, no page load: the device may be offline). */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const level1 = (id: string) => `[data-testid="request-detail"][data-id="${id}"] [data-testid="request-level"][data-level="1"]`;

/** On `page`, clicks approve and answers the milliseconds until level 1 reads approved in the DOM. */
const tapApprove = (page: Page, id: string) =>
  page.evaluate(
    (selector) =>
      new Promise<number>((resolve) => {
        const shown = () => document.querySelector(selector)?.getAttribute('data-decision') === 'approved';
        const observer = new MutationObserver(() => {
          if (shown()) {
            observer.disconnect();
            resolve(performance.now() - start);
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-decision'] });
        const start = performance.now();
        (document.querySelector('[data-testid="request-approve"]') as HTMLButtonElement).click();
      }),
    level1(id),
  );

async function main() {
  const db = await freshSchema(SCHEMA, 10);
  const knex = db.knex;
  const owner = await person(knex, 'bench-approvals-owner@binaa.sa', 'مالك الشركة');
  await knex('profiles').insert({ user_id: owner, role: 'contractor', company_name: 'مقاولات القياس' });
  await knex('subscriptions').insert({ user_id: owner, plan_id: 'enterprise', status: 'active', billing_cycle: 'yearly' });
  const manager = await person(knex, 'bench-approvals-manager@binaa.sa', 'مدير الموقع');
  const engineer = await person(knex, 'bench-approvals-engineer@binaa.sa', 'مهندسة الموقع');
  await knex('company_members').insert([
    { user_id: manager, company_id: owner, role: 'member' },
    { user_id: engineer, company_id: owner, role: 'member' },
  ]);

  const app = await startApp(db);
  const ownerCookie = await signInCookie(app.url, knex, owner);
  const engineerCookie = await signInCookie(app.url, knex, engineer);
  const site = crypto.randomUUID();
  await call(app.url, ownerCookie, 'POST', '/api/sites', { id: site, name: 'برج القياس', location: 'الرياض', manager_id: manager });
  // Every request here waits for the manager alone.
  await call(app.url, ownerCookie, 'PUT', `/api/sites/${site}/approval-rules`, { levels: [{ up_to_amount: 10_000_000, approver_ids: [manager] }, { up_to_amount: null, approver_ids: [owner] }] });
  const requests: string[] = [];
  for (let i = 0; i < APPROVALS + 2 * RECONNECTS; i++) {
    const id = crypto.randomUUID();
    await call(app.url, engineerCookie, 'POST', '/api/purchase-requests', { id, site_id: site, lines: [{ id: crypto.randomUUID(), description: `إسمنت بورتلاندي ${i + 1}`, quantity: 10, unit: 'كيس', estimated_unit_price: 20 }] });
    requests.push(id);
  }

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const rows: Array<Record<string, string | number>> = [];
  const contexts: BrowserContext[] = [];
  const phone = async (userId: string) => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'ar-SA' });
    contexts.push(context);
    // tsx names the functions it compiles with a __name helper the page does not have.
    await context.addInitScript('window.__name = (f) => f');
    await context.addInitScript(() => {
      for (const role of ['contractor', 'supplier', 'government', 'transport']) localStorage.setItem(`binaa.guideSeen.${role}`, '1');
    });
    const page = await context.newPage();
    await signIn(page, app.url, knex, userId);
    return { context, page };
  };
  try {
    const m = await phone(manager);
    const e = await phone(engineer);
    await m.page.goto(`${app.url}/purchase-requests?show=waiting`);
    await m.page.locator('[data-testid="request-card"]').nth(requests.length - 1).waitFor({ timeout: 60_000 });
    await synced(m.page);

    // --- the approver's taps offline -------------------------------------------------
    await m.context.setOffline(true);
    const taps: number[] = [];
    for (const id of requests.slice(0, APPROVALS)) {
      await openInApp(m.page, `/purchase-requests/${id}`);
      await m.page.locator(`[data-testid="request-detail"][data-id="${id}"] [data-testid="request-approve"]`).waitFor();
      taps.push(await tapApprove(m.page, id));
    }
    const rawPut = await rawPutTimes(m.page, APPROVALS, { level: 1, decision: 'approved', at: new Date().toISOString() });
    rows.push({
      measure: `an approval tapped offline, shown approved on the device, p95 of ${APPROVALS} (p50 ${ms(pct(taps, 50))} ms; goal 16 ms)`,
      ms: ms(pct(taps, 95)),
      baseline: 'raw IndexedDB put p95',
      baseline_ms: ms(pct(rawPut, 95)),
      ratio: +(pct(taps, 95) / pct(rawPut, 95)).toFixed(1),
    });
    await m.context.setOffline(false);
    await synced(m.page);

    // --- the requester's open screen ---------------------------------------------------
    /** One round: the requester looks at `id`; the approver approves it (offline or not); the ms until the requester's screen shows it. */
    const round = async (id: string, offline: boolean): Promise<number> => {
      await openInApp(e.page, `/purchase-requests/${id}`);
      await e.page.locator(level1(id)).and(e.page.locator('[data-decision="next"]')).waitFor();
      await synced(e.page);
      await openInApp(m.page, `/purchase-requests/${id}`);
      await m.page.locator(`[data-testid="request-detail"][data-id="${id}"] [data-testid="request-approve"]`).waitFor();
      if (offline) await m.context.setOffline(true);
      await tapApprove(m.page, id);
      const start = performance.now();
      if (offline) await m.context.setOffline(false);
      await e.page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('data-decision') === 'approved', level1(id), { polling: 'raf', timeout: 30_000 });
      const elapsed = performance.now() - start;
      await synced(m.page);
      return elapsed;
    };
    const reconnects: number[] = [];
    const online: number[] = [];
    const rest = requests.slice(APPROVALS);
    for (let i = 0; i < RECONNECTS; i++) {
      // Alternating, so a burst of other work weighs on both.
      reconnects.push(await round(rest[2 * i], true));
      online.push(await round(rest[2 * i + 1], false));
    }
    rows.push({
      measure: `an approval made offline, on the requester's open screen after the approver's connection returns, p95 of ${RECONNECTS} (p50 ${ms(pct(reconnects, 50))} ms; goal 1000 ms)`,
      ms: ms(pct(reconnects, 95)),
      baseline: "an approval made online, from the tap to the requester's screen, p95",
      baseline_ms: ms(pct(online, 95)),
      ratio: +(pct(reconnects, 95) / pct(online, 95)).toFixed(2),
    });
    const stored = await knex('purchase_request_approvals').whereIn('purchase_request_id', requests).count<{ count: string }[]>('* as n');
    const decided = Number((stored[0] as unknown as { n: string }).n);
    if (decided !== requests.length) throw new Error(`the server holds ${decided} approvals of ${requests.length}`);
  } finally {
    for (const c of contexts) await c.close();
    await browser.close();
    await app.close();
    await knex.raw('drop schema if exists ?? cascade', [SCHEMA]);
    await db.close();
  }
  table(rows);
  saveResults('approvals', { rows });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
