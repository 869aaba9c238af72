/**
 * npm run bench:live (Postgres; DATABASE_URL, default a local binaa_bench database). Two
 * app processes on one database (P0 takes the writes, P1 holds the streams), so every
 * signal crosses processes through LISTEN/NOTIFY.
 * - A change on one device reaching another's screen: a contractor's device creates an
 *   instant order through P0 (an HTTP client); a supplier's phone (Chromium, its stream on
 *   a third process, on its instant orders screen) pulls when told, stores the order in IndexedDB and
 *   renders it. From the write's start to the first frame whose DOM holds the order's
 *   title; p50 <= 300 ms, p95 <= 1 s. The same with an HTTP client as the other device,
 *   to the pull that holds the order, shows how much of it is the browser's. Baseline of
 *   the same run: the same write followed at once by the same pull (the floor: no signal
 *   to wait for). Without the stream the device waits for its 30 s poll, 15 s on average.
 * - 2,000 idle streams on P1 (2,000 suppliers, a session each): its resident memory and
 *   CPU over 30 s of idle (one heartbeat included) against P0 with none, measured together.
 * - One change (a new instant order, addressed to every supplier) fanned out to the 2,000
 *   streams: from the write's start to each stream's event; p95 <= 1 s. Baseline: the
 *   same with one stream open.
 * Elsewhere the devices are HTTP clients doing what the app's engine does on an event (one
 * pull). The built client must be in dist/ (npm run build; bench/run.ts builds it).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import Keygrip from 'keygrip';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, signIn, synced } from './browser';
import { freshSchema, saveResults, spawnServer, table } from './common';

const SCHEMA = 'bench_live';
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 2000);
const SAMPLES = 40;
const IDLE_SECONDS = 30;
const SECRET = 'b'.repeat(40); // the benchmark app's SESSION_SECRET (bench/common.ts)
const keys = new Keygrip([SECRET]);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const ms = (n: number) => +n.toFixed(1);
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

const cookieOf = (sid: string) => `binaa.sid=${sid}; binaa.sid.sig=${keys.sign(`binaa.sid=${sid}`)}`;

function request(base: string, method: string, path: string, cookie: string, body?: unknown): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(new URL(path, base), {
      method,
      agent,
      headers: { cookie, accept: 'application/json', origin: base, ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A stream whose `change` events call onChange; resolves once the server answered 200. */
function openStream(base: string, cookie: string, onChange: () => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL('/api/live', base), { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (let i = chunk.indexOf('event: change'); i >= 0; i = chunk.indexOf('event: change', i + 1)) onChange();
      });
      resolve(() => req.destroy());
    });
    req.on('error', reject);
  });
}

/** Resident memory (bytes) and CPU time (ms) of a process, from /proc. */
function usage(pid: number): { rss: number; cpuMs: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]); // utime + stime
  return { rss, cpuMs: (ticks * 1000) / 100 };
}

async function main() {
  const db = await freshSchema(SCHEMA);
  const knex = db.knex;
  // Users, profiles and sessions written straight in: 2,000 sign-ins are not what is measured.
  const users = Array.from({ length: STREAMS + 2 }, (_, i) => ({ id: crypto.randomUUID(), email: `live${i}@bench.binaa.sa`, name: `Live ${i}`, provider: 'bench', provider_subject: `live${i}` }));
  for (let i = 0; i < users.length; i += 500) await knex('users').insert(users.slice(i, i + 500));
  const [contractor, ...suppliers] = users;
  const profiles = users.map((u, i) => ({ user_id: u.id, role: i === 0 ? 'contractor' : 'supplier', company_name: `Company ${i}`, language: 'ar' }));
  for (let i = 0; i < profiles.length; i += 500) await knex('profiles').insert(profiles.slice(i, i + 500));
  await knex('subscriptions').insert({ user_id: contractor.id, plan_id: 'enterprise', status: 'active', billing_cycle: 'yearly', current_period_end: null });
  const sessions = users.map((u) => ({
    id: crypto.randomBytes(24).toString('base64url'),
    user_id: u.id,
    data: JSON.stringify({ userId: u.id, signedInAt: Date.now(), _expire: Date.now() + 86_400_000, _maxAge: 86_400_000 }),
    expires_at: new Date(Date.now() + 86_400_000),
  }));
  for (let i = 0; i < sessions.length; i += 500) await knex('sessions').insert(sessions.slice(i, i + 500));
  const cookie = new Map(users.map((u, i) => [u.id, cookieOf(sessions[i].id)]));

  const p0 = await spawnServer(['app', SCHEMA]);
  const p1 = await spawnServer(['app', SCHEMA]);
  const writer = cookie.get(contractor.id)!;
  const order = (n: number) => request(p0.url, 'POST', '/api/instant-orders', writer, { title: `أسمنت ${n}`, description: 'عاجل', quantity: 10, unit: 'كيس', location: 'جدة' });
  // Warm both processes (first requests compile code and open connections).
  const reader = suppliers[0];
  for (let i = 0; i < 5; i++) {
    await order(-i);
    await request(p1.url, 'GET', '/api/sync/pull?limit=1000', cookie.get(reader.id)!);
  }

  // 1. Device to device, and its floor.
  let cursor = (await request(p1.url, 'GET', '/api/sync/pull?limit=1000', cookie.get(reader.id)!)).json.cursor as string;
  const pullUntil = async (id: string): Promise<boolean> => {
    const page = await request(p1.url, 'GET', `/api/sync/pull?cursor=${cursor}&limit=1000`, cookie.get(reader.id)!);
    cursor = page.json.cursor;
    return page.json.changes.some((c: { id: string }) => c.id === id);
  };
  const floor: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const res = await order(i);
    if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.json)}`);
    if (!(await pullUntil(res.json.id))) throw new Error('floor: the pull after the write missed it');
    floor.push(performance.now() - t0);
  }
  // The engine on an event: one pull (pulls one at a time; an event during one asks for another).
  const live: number[] = [];
  const seenAt = new Map<string, number>();
  let pulling: Promise<void> | null = null;
  let again = false;
  const onEvent = () => {
    if (pulling) return void (again = true);
    pulling = (async () => {
      do {
        again = false;
        const page = await request(p1.url, 'GET', `/api/sync/pull?cursor=${cursor}&limit=1000`, cookie.get(reader.id)!);
        cursor = page.json.cursor;
        const now = performance.now();
        for (const c of page.json.changes as Array<{ id: string }>) seenAt.set(c.id, now);
      } while (again);
    })().finally(() => (pulling = null));
  };
  const closeReader = await openStream(p1.url, cookie.get(reader.id)!, onEvent);
  await sleep(200);
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const res = await order(SAMPLES + i);
    const id = res.json.id as string;
    for (const until = performance.now() + 5000; !seenAt.has(id); await sleep(2)) if (performance.now() > until) throw new Error('no event within 5 s');
    live.push(seenAt.get(id)! - t0);
    await sleep(50);
  }
  closeReader();

  // 1b. To the screen: a supplier's phone (Chromium, phone-sized, Arabic) on its instant
  // orders screen, served by a third process P2 (P1's memory is measured below, against
  // itself before its streams, and serving a browser would leave garbage in that figure).
  // From the write's start to the first frame whose DOM holds the new order's title.
  const p2 = await spawnServer(['app', SCHEMA]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const screen: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'ar-SA' });
    const page = await context.newPage();
    await signIn(page, p2.url, knex, suppliers[2].id);
    const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live' && r.status() === 200, { timeout: 60_000 });
    await page.goto(`${p2.url}/instant-orders`);
    await synced(page);
    await streamOpen;
    await sleep(500);
    for (let i = 0; i < SAMPLES; i++) {
      const title = `أسمنت للشاشة ${i}`;
      // The observer is in place before the write starts; it resolves with the time (ms
      // since the epoch, as performance.timeOrigin + now() here) of the frame after the
      // mutation that brought the title in.
      await page.evaluate((title) => {
        (window as unknown as { shown: Promise<number> }).shown = new Promise<number>((resolve) => {
          const observer = new MutationObserver(() => {
            if (!document.body.textContent!.includes(title)) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        });
      }, title);
      const t0 = performance.timeOrigin + performance.now();
      const res = await request(p0.url, 'POST', '/api/instant-orders', writer, { title, description: 'عاجل', quantity: 10, unit: 'كيس', location: 'جدة', urgency_level: 'urgent' });
      if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.json)}`);
      const shownAt = await Promise.race([page.evaluate(() => (window as unknown as { shown: Promise<number> }).shown), sleep(10_000).then(() => NaN)]);
      if (Number.isNaN(shownAt)) throw new Error(`"${title}" not on the screen within 10 s`);
      screen.push(shownAt - t0);
      await sleep(100);
    }
  } finally {
    await browser.close();
    p2.close();
  }

  // 3a. Fan-out baseline: one stream.
  const fanout = async (streams: number, rounds: number) => {
    const latencies: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      let expected = streams;
      const all = new Promise<void>((resolve) => (resolveRound = () => --expected === 0 && resolve()));
      await order(1000 + r);
      await Promise.race([all, sleep(10_000)]);
      latencies.push(...arrivals.splice(0).map((t) => t - t0));
      await sleep(300);
    }
    return latencies;
  };
  let resolveRound: () => void = () => {};
  const arrivals: number[] = [];
  const onChange = () => {
    arrivals.push(performance.now());
    resolveRound();
  };
  const one = await openStream(p1.url, cookie.get(suppliers[1].id)!, onChange);
  await sleep(200);
  const single = await fanout(1, 20);
  one();
  await sleep(500);

  // 2. Idle streams: P1 with 2,000 against P0 with none.
  const before = { p0: usage(p0.child.pid!), p1: usage(p1.child.pid!) };
  const closers: Array<() => void> = [];
  for (let i = 0; i < STREAMS; i += 100) closers.push(...(await Promise.all(suppliers.slice(i, i + 100).map((s) => openStream(p1.url, cookie.get(s.id)!, onChange)))));
  await sleep(3000);
  const idleStart = { p0: usage(p0.child.pid!), p1: usage(p1.child.pid!) };
  await sleep(IDLE_SECONDS * 1000);
  const idleEnd = { p0: usage(p0.child.pid!), p1: usage(p1.child.pid!) };
  const cpuPct = (a: { cpuMs: number }, b: { cpuMs: number }) => +(((b.cpuMs - a.cpuMs) / (IDLE_SECONDS * 1000)) * 100).toFixed(2);

  // 3b. One change to every stream.
  arrivals.length = 0;
  const fanned = await fanout(STREAMS, 5);
  for (const c of closers) c();

  const result = {
    device_to_screen_ms: { p50: ms(pct(screen, 50)), p95: ms(pct(screen, 95)), max: ms(Math.max(...screen)) },
    device_to_device_ms: { p50: ms(pct(live, 50)), p95: ms(pct(live, 95)), max: ms(Math.max(...live)) },
    floor_write_then_pull_ms: { p50: ms(pct(floor, 50)), p95: ms(pct(floor, 95)) },
    polling_mean_wait_ms: 15_000,
    idle: {
      streams: STREAMS,
      seconds: IDLE_SECONDS,
      rss_mb_with_streams: +(idleEnd.p1.rss / 1048576).toFixed(1),
      rss_mb_without: +(idleEnd.p0.rss / 1048576).toFixed(1),
      rss_mb_p1_before_streams: +(before.p1.rss / 1048576).toFixed(1),
      kb_per_stream_vs_before: +((idleEnd.p1.rss - before.p1.rss) / 1024 / STREAMS).toFixed(1),
      cpu_pct_with_streams: cpuPct(idleStart.p1, idleEnd.p1),
      cpu_pct_without: cpuPct(idleStart.p0, idleEnd.p0),
    },
    fanout_ms: { streams: STREAMS, events: fanned.length, expected: STREAMS * 5, p50: ms(pct(fanned, 50)), p95: ms(pct(fanned, 95)), max: ms(Math.max(...fanned)) },
    single_stream_ms: { p50: ms(pct(single, 50)), p95: ms(pct(single, 95)) },
  };
  saveResults('live', result);
  const rows = [
    { measure: "change on one device reaches another's screen (write start -> the frame that shows it, Chromium), p50 / p95", value: `${result.device_to_screen_ms.p50} / ${result.device_to_screen_ms.p95} ms`, baseline: `write then pull at once: ${result.floor_write_then_pull_ms.p50} / ${result.floor_write_then_pull_ms.p95} ms`, ratio: +(pct(screen, 50) / pct(floor, 50)).toFixed(2), target: 'p50 <= 300 ms, p95 <= 1,000 ms' },
    { measure: 'the same to an HTTP device (write start -> the pull that holds it), p50 / p95', value: `${result.device_to_device_ms.p50} / ${result.device_to_device_ms.p95} ms`, baseline: `write then pull at once: ${result.floor_write_then_pull_ms.p50} / ${result.floor_write_then_pull_ms.p95} ms; polling: 15,000 ms mean`, ratio: +(pct(live, 50) / pct(floor, 50)).toFixed(2), target: '' },
    // Against the same process before its streams opened: two processes' heaps differ by their history.
    { measure: `${STREAMS} idle streams: resident memory`, value: `${result.idle.rss_mb_with_streams} MB (${result.idle.kb_per_stream_vs_before} KB/stream)`, baseline: `same process before the streams: ${result.idle.rss_mb_p1_before_streams} MB (P0, no streams: ${result.idle.rss_mb_without} MB)`, ratio: +(idleEnd.p1.rss / before.p1.rss).toFixed(2), target: '' },
    { measure: `${STREAMS} idle streams: CPU over ${IDLE_SECONDS} s`, value: `${result.idle.cpu_pct_with_streams} %`, baseline: `no streams: ${result.idle.cpu_pct_without} %`, ratio: result.idle.cpu_pct_without ? +(result.idle.cpu_pct_with_streams / result.idle.cpu_pct_without).toFixed(2) : '', target: '' },
    { measure: `one change to ${STREAMS} streams (write start -> event), p50 / p95 (${fanned.length}/${STREAMS * 5} events)`, value: `${result.fanout_ms.p50} / ${result.fanout_ms.p95} ms`, baseline: `one stream: ${result.single_stream_ms.p50} / ${result.single_stream_ms.p95} ms`, ratio: +(pct(fanned, 95) / pct(single, 95)).toFixed(2), target: 'p95 <= 1,000 ms' },
  ];
  table(rows);
  p0.close();
  p1.close();
  await db.close();
  agent.destroy();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
