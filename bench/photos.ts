/**
 * npx tsx bench/photos.ts (after `npx vite build`; part of `npm run bench`): product photos
 * on a weak phone connection, with the baselines measured in the same run.
 *
 * 1. A 4 MB phone photo (4032x3024 JPEG) added in the product dialog over 1.6 Mbps up and
 *    down with 150 ms latency (the link: phoneLink below; the browser is told it is offline
 *    through the DevTools protocol's network emulation): uninterrupted (the baseline), then
 *    another with the link cut halfway through the upload (emulated offline for 3 s) and
 *    given back; UPLOAD_ROUNDS rounds of the two, each figure the median round. Figures: the
 *    bytes the browser sent to the server (counted by a TCP proxy in front of the server,
 *    headers and every other request of the window included) against the downscaled file,
 *    target <= 1.15x; the time from the link's return to the server having the photo
 *    against what the bytes still missing need at the link's rate plus what the baseline
 *    upload spent beyond its bytes (timed from its creation request on the link to the
 *    device knowing the photo is sent: creation, the server's checks and resizing), target
 *    <= 1.2x; also against the missing bytes alone.
 * 2. The public catalogue's first page (/services: 20 products with their covers) in a
 *    fresh browser without the service worker: the bytes of the page of products and of the
 *    thumbnails transferred, target <= 250 KB (the app's code, measured elsewhere, apart).
 * 3. Lighthouse, mobile preset, on /services with those photos, target >= 95 (the median of
 *    BENCH_LIGHTHOUSE_RUNS runs, 3 by default), as bench/lighthouse-landing.ts runs it, with
 *    the landing page measured in the same runs as the baseline (the score moves with the
 *    machine's load, recorded with each run). Twice: with the preset's fixed 4x CPU slowdown,
 *    then with the slowdown Lighthouse's calibration gives for this host's benchmark index
 *    (the median of the first runs'), so that the simulated phone is the preset's mid-tier
 *    phone on a slow host too; the target is judged on the calibrated runs, both are reported.
 *
 * The server is the real app on an embedded database with the demo data (whose products
 * have photos made at seed time) in a temporary DATA_DIR, with the development sign-in.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, signInDemoSupplier } from './browser';
import sharp from 'sharp';
import { freePort, lighthouseCpuSlowdown, saveResults, table } from './common';

const FLAGS = CHROMIUM_FLAGS;
const RATE_BYTES = 1_600_000 / 8; // 1.6 Mbps
const LATENCY_MS = 150;
const CUT_MS = 3_000;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Rounds of an uninterrupted and a cut upload (BENCH_UPLOAD_ROUNDS, 3 by default); the medians are reported. */
const UPLOAD_ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);

/**
 * The phone's link, as a TCP proxy between the browser and the server: each direction is
 * one shared pipe of RATE_BYTES per second with half the round trip's latency, holding at
 * most WINDOW bytes on the link per connection (TCP's window: the rest waits in the
 * sender's buffer). `up` counts what the browser put on the link, lost bytes included. `cut()` drops the link: every connection
 * closes and what was in flight is lost, as when the signal goes; `restore()` gives it back.
 * Shaped only while `shaped` (the uploads); signing in and the other parts run at full speed.
 *
 * Why not Chromium's own throttling for the bytes: its emulation delays an upload's answer
 * but writes the body to the socket at once, so the server would hold the whole file at
 * the cut and there would be nothing to resume. The DevTools protocol still tells the page
 * it is offline during the cut (the browser's online state and events, failing requests).
 */
const WINDOW = 32 * 1024; // about the link's bandwidth-delay product (200 KB/s x 150 ms = 30 KB)
function phoneLink(listenPort: number, targetPort: number) {
  const counter = { up: 0 };
  const sockets = new Set<net.Socket>();
  const freeAt = { up: 0, down: 0 };
  /** `uploadStartedAt`: when the last upload's creation request (tus POST) reached the link. */
  const state = { shaped: false, uploadStartedAt: 0 };
  let down = false;
  const pipe = (from: net.Socket, to: net.Socket, direction: 'up' | 'down') => {
    // Bytes wait here (the sender's own buffer, not yet on the link) until the window has room.
    const waiting: Buffer[] = [];
    let inFlight = 0;
    const pump = () => {
      // A dropped connection sends nothing more: what waited in the sender's buffer is gone with it.
      if (from.destroyed || to.destroyed) {
        waiting.length = 0;
        return;
      }
      while (waiting.length && inFlight < WINDOW) {
        const slice = waiting.shift()!;
        if (direction === 'up') counter.up += slice.length;
        const start = Math.max(Date.now(), freeAt[direction]);
        freeAt[direction] = start + (slice.length / RATE_BYTES) * 1000;
        inFlight += slice.length;
        setTimeout(() => {
          inFlight -= slice.length;
          if (!to.destroyed) to.write(slice);
          pump();
        }, freeAt[direction] - Date.now() + LATENCY_MS / 2);
      }
      if (waiting.length > 16) from.pause();
      else if (from.isPaused()) from.resume();
    };
    from.on('data', (chunk: Buffer) => {
      if (direction === 'up' && state.shaped) {
        const line = /^(GET|POST|PATCH|HEAD|PUT|DELETE) (\S+)/.exec(chunk.subarray(0, 200).toString('latin1'));
        if (line?.[1] === 'POST' && line[2] === '/api/uploads') state.uploadStartedAt = Date.now();
        if (line && process.env.BENCH_TRACE) console.log(`${Date.now() % 100000} ${line[1]} ${line[2]} (up so far ${counter.up})`);
      }
      if (!state.shaped && !waiting.length && !inFlight) {
        if (direction === 'up') counter.up += chunk.length;
        return void to.write(chunk);
      }
      for (let at = 0; at < chunk.length; at += 4096) waiting.push(chunk.subarray(at, at + 4096));
      pump();
    });
  };
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    pipe(client, upstream, 'up');
    pipe(upstream, client, 'down');
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  server.listen(listenPort, '127.0.0.1');
  return {
    counter,
    state,
    cut: () => {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      down = false;
    },
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/**
 * A phone photo: 4032x3024, smooth light with texture at a scale that survives
 * downscaling (as real detail does) and fine sensor grain, saved as a camera JPEG of about
 * 4 MB with EXIF orientation 6. Downscaled to 1600 px it is a few hundred KB, as photos are.
 */
async function phonePhoto(tint: number): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const cell = 3;
  const cw = Math.ceil(width / cell);
  let seed = tint * 7919 + 1;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const texture = new Float32Array(cw * Math.ceil(height / cell));
  for (let i = 0; i < texture.length; i++) texture[i] = (random() - 0.5) * 40;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = texture[((y / cell) | 0) * cw + ((x / cell) | 0)];
      const grain = (random() - 0.5) * 12;
      const wave = Math.sin(x / 90) * Math.cos(y / 70) * 40;
      const i = (y * width + x) * 3;
      raw[i] = Math.max(0, Math.min(255, (x / width) * 200 + wave + t + grain));
      raw[i + 1] = Math.max(0, Math.min(255, (y / height) * 200 - wave + t * 0.8 + grain));
      raw[i + 2] = Math.max(0, Math.min(255, tint + wave + t * 0.6 + grain));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();
}

interface UploadState {
  bytes: number;
  status: string;
  url: string | null;
}

/** The upload rows of the signed-in user's local store, straight from IndexedDB. */
function readUploads(page: Page, dbName: string): Promise<UploadState[]> {
  return page.evaluate(
    (name) =>
      new Promise<UploadState[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('uploads').objectStore('uploads').getAll();
          get.onsuccess = () => {
            resolve((get.result as UploadState[]).map((r) => ({ bytes: r.bytes, status: r.status, url: r.url })));
            open.result.close();
          };
        };
      }),
    dbName,
  );
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000, everyMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** One Lighthouse run as the results file keeps it. */
export type LhRun = { performance: number; lcp_ms: number; tbt_ms: number; si_ms: number; cls: number; benchmark_index: number; cpu_slowdown: number; load_1m: number };
/** A series of runs at one CPU slowdown: /services's and, as its baseline, the landing page's. */
export type LhSeries = { runs: LhRun[]; median: LhRun; landing_runs: LhRun[]; landing_median: LhRun };

/** The real app on an embedded database seeded with the demo data, and the phone's link in front of it. */
interface Setup {
  /** The app through the phone's link. */
  base: string;
  /** The server without the phone's link in between (Lighthouse simulates its own phone). */
  direct: string;
  proxy: ReturnType<typeof phoneLink>;
  stop(): void;
}

async function startServer(): Promise<Setup> {
  const serverPort = await freePort();
  const proxyPort = await freePort();
  const base = `http://localhost:${proxyPort}`;
  const direct = `http://localhost:${serverPort}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-photos-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(serverPort), DATA_DIR: dataDir, PUBLIC_URL: base, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: '1' };
  delete env.DATABASE_URL; // the embedded database of DATA_DIR, seeded with the demo data
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  const proxy = phoneLink(proxyPort, serverPort);
  return {
    base,
    direct,
    proxy,
    stop: () => {
      proxy.close();
      server.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo supplier signed in on a phone-sized page, on the enterprise plan, with the device's ways to add and follow photos. */
async function supplierOnPhone(browser: Browser, { base, direct, proxy }: Setup) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ar-SA' });
  const page = await context.newPage();
  await signInDemoSupplier(page, base);
  const me: string = await page.evaluate(async () => (await (await fetch('/api/users/me')).json()).id);
  // Room for every round's two products (the free plan's limit is 10, the demo supplier has some already).
  // Paid for on the development gateway with its approved test card, as a subscriber does.
  const checkout = await page.evaluate(async () => {
    const res = await fetch('/api/subscription/subscribe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ planId: 'enterprise', billingCycle: 'monthly' }) });
    return { status: res.status, url: ((await res.json()) as { payment_url?: string }).payment_url };
  });
  if (checkout.status !== 200 || !checkout.url) throw new Error(`subscribe: ${checkout.status}`);
  await page.goto(checkout.url);
  for (const [field, value] of [['#name', 'Bench Payer'], ['#number', '4111111111111111'], ['#month', '12'], ['#year', String(new Date().getUTCFullYear() + 2)], ['#cvc', '123']]) await page.fill(field, value);
  await Promise.all([page.waitForURL(/\/pricing\?card=paid/), page.click('button[type="submit"]:not(#apple-pay)')]);
  const dbName = `binaa-${me}`;
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  return {
    context,
    page,
    /** The page's view of the link: offline during the cut (its bandwidth and latency are the proxy's). */
    link: async (offline: boolean) => {
      if (offline) proxy.cut();
      await cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      if (!offline) proxy.restore();
    },
    /** Adds a product with one photo in the dialog; resolves when the photo is queued on the device. */
    addWithPhoto: async (name: string, photo: Buffer) => {
      await page.getByTestId('add-product').first().click();
      const form = page.getByTestId('product-form');
      await form.locator('[name="name"]').fill(name);
      await form.locator('[name="price"]').fill('30');
      await form.locator('[name="unit"]').fill('كيس');
      await form.getByTestId('photo-input').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
      await form.getByTestId('product-save').click();
      await form.waitFor({ state: 'hidden', timeout: 60_000 });
      return waitFor('the queued photo', async () => (await readUploads(page, dbName)).find((u) => u.status === 'queued'));
    },
    sent: () => waitFor('the upload', async () => ((await readUploads(page, dbName)).some((u) => u.status === 'queued') ? undefined : true), 300_000),
    settled: () => waitFor('the uploads to settle', async () => ((await readUploads(page, dbName)).length === 0 ? true : undefined), 60_000, 200),
    /** The offset the server holds of the device's queued upload (a resume starts from it). */
    serverOffset: async () => {
      const queued = (await readUploads(page, dbName)).find((u) => u.status === 'queued');
      return queued?.url
        ? Number((await fetch(new URL(queued.url, direct), { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', cookie, origin: base } })).headers.get('upload-offset') ?? 0)
        : 0;
    },
  };
}

type Phone = Awaited<ReturnType<typeof supplierOnPhone>>;

/** The baseline: a photo uploaded uninterrupted on the link. */
async function uninterruptedUpload(phone: Phone, proxy: Setup['proxy'], photo: Buffer, round: number) {
  const upBefore = proxy.counter.up;
  const start = Date.now();
  proxy.state.uploadStartedAt = 0;
  const row = await phone.addWithPhoto(`صورة المقارنة ${round}`, photo);
  const queued = Date.now();
  await phone.sent();
  if (!proxy.state.uploadStartedAt) throw new Error('no upload creation request went over the link');
  const baseline = {
    original_bytes: photo.length,
    downscaled_bytes: row.bytes,
    prepare_ms: queued - start,
    // From the upload's creation request on the link: the photo is sent as soon as its
    // product reaches the server, often before the dialog has closed and the row is seen.
    upload_ms: Date.now() - proxy.state.uploadStartedAt,
    ideal_ms: Math.round((row.bytes / RATE_BYTES) * 1000),
    bytes_sent: proxy.counter.up - upBefore,
  };
  await phone.settled();
  console.log(`baseline ${round}`, baseline);
  return baseline;
}

/** The cut: offline once the proxy has seen half the downscaled file go up, for CUT_MS. */
async function cutUpload(phone: Phone, proxy: Setup['proxy'], photo: Buffer, round: number) {
  // Counted from before the save: the upload starts as soon as the photo is queued.
  const upStart = proxy.counter.up;
  const row = await phone.addWithPhoto(`صورة مع انقطاع ${round}`, photo);
  await waitFor('half the upload', async () => (proxy.counter.up - upStart >= row.bytes / 2 ? true : undefined), 120_000, 10);
  await phone.link(true);
  const cutAtBytes = proxy.counter.up - upStart;
  await new Promise((r) => setTimeout(r, CUT_MS));
  // What the server kept of the first attempt: the offset a resume starts from.
  const offset = await phone.serverOffset();
  await phone.link(false);
  const returned = Date.now();
  await phone.sent();
  const afterReturn = Date.now() - returned;
  const bytesSent = proxy.counter.up - upStart;
  await phone.settled();
  const cut = {
    original_bytes: photo.length,
    downscaled_bytes: row.bytes,
    sent_before_cut: cutAtBytes,
    server_offset_at_cut: offset,
    bytes_sent: bytesSent,
    bytes_ratio: +(bytesSent / row.bytes).toFixed(3),
    after_return_ms: afterReturn,
    missing_ideal_ms: Math.round(((row.bytes - offset) / RATE_BYTES) * 1000),
    whole_file_ideal_ms: Math.round((row.bytes / RATE_BYTES) * 1000),
  };
  console.log(`cut ${round}`, cut);
  return cut;
}

const medianBy = <T,>(list: T[], key: (t: T) => number) => [...list].sort((a, b) => key(a) - key(b))[Math.floor(list.length / 2)];

/** 1. The throttled upload, uninterrupted and then cut halfway, UPLOAD_ROUNDS rounds of the two. */
async function measureUpload(browser: Browser, setup: Setup) {
  const { base, proxy } = setup;
  const [photoA, photoB] = await Promise.all([phonePhoto(60), phonePhoto(180)]);
  const phone = await supplierOnPhone(browser, setup);
  console.log(`signed in; phone photos of ${photoA.length} and ${photoB.length} bytes`);
  await phone.link(false);
  await phone.page.goto(`${base}/products`);
  await phone.page.getByTestId('add-product').first().waitFor();
  proxy.state.shaped = true;
  // Rounds alternate, so both sides meet the same moments of the machine; each side's
  // figure is its median round (one upload's overhead moved by 80 ms from run to run).
  const baselines: Array<Awaited<ReturnType<typeof uninterruptedUpload>>> = [];
  const cuts: Array<Awaited<ReturnType<typeof cutUpload>>> = [];
  for (let round = 1; round <= UPLOAD_ROUNDS; round++) {
    baselines.push(await uninterruptedUpload(phone, proxy, photoA, round));
    cuts.push(await cutUpload(phone, proxy, photoB, round));
  }
  const baseline = medianBy(baselines, (b) => b.upload_ms);
  // What the uninterrupted upload spent beyond its bytes (creating the upload, the
  // server's checks and resizing): a resume pays it too, once.
  const overheadMs = Math.max(0, baseline.upload_ms - baseline.ideal_ms);
  const timed = cuts.map((c) => ({
    ...c,
    baseline_overhead_ms: overheadMs,
    time_ratio: +(c.after_return_ms / (c.missing_ideal_ms + overheadMs)).toFixed(3),
    time_ratio_bytes_only: +(c.after_return_ms / c.missing_ideal_ms).toFixed(3),
  }));
  const cut = { ...medianBy(timed, (c) => c.time_ratio), bytes_ratio: medianBy(timed, (c) => c.bytes_ratio).bytes_ratio, bytes_sent: medianBy(timed, (c) => c.bytes_ratio).bytes_sent };
  proxy.state.shaped = false;
  const upload = {
    rate_bytes_per_s: RATE_BYTES,
    latency_ms: LATENCY_MS,
    cut_ms: CUT_MS,
    rounds: UPLOAD_ROUNDS,
    baseline,
    cut,
    baseline_upload_ms: baselines.map((b) => b.upload_ms),
    cut_time_ratios: timed.map((c) => c.time_ratio),
    cut_bytes_ratios: timed.map((c) => c.bytes_ratio),
    targets: { bytes_ratio: 1.15, time_ratio: 1.2 },
  };
  console.log('upload', upload);
  await phone.context.close();
  return upload;
}

/** 2. The catalogue's first page, fresh, without the service worker: the bytes of the products and their thumbnails. */
async function measureCatalogue(browser: Browser, { base }: Setup) {
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ar-SA', serviceWorkers: 'block' });
  const catalogue = await visitor.newPage();
  const visitorCdp = await visitor.newCDPSession(catalogue);
  await visitorCdp.send('Network.enable');
  const urls = new Map<string, string>();
  const sizes = new Map<string, number>();
  visitorCdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => urls.set(e.requestId, e.request.url));
  visitorCdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => sizes.set(e.requestId, e.encodedDataLength));
  await catalogue.goto(`${base}/services`);
  const cards = catalogue.getByTestId('product-card');
  await cards.first().waitFor({ timeout: 60_000 });
  // The first cards render at once and the rest of the page of 20 a frame later.
  const cardCount = await waitFor('the whole first page', async () => ((await cards.count()) >= 20 ? cards.count() : undefined), 30_000, 100);
  // Scroll through the page so every lazy cover loads, then wait for them.
  // (a lazy image not yet asked for counts as complete, so each is waited for in view).
  for (let i = 0; i < cardCount; i++) {
    await cards.nth(i).scrollIntoViewIfNeeded();
    await cards
      .nth(i)
      .locator('img')
      .evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0) || new Promise((resolve) => img.addEventListener('load', resolve, { once: true })))
      .catch(() => undefined);
  }
  await catalogue.waitForTimeout(500);
  const covers = await catalogue.locator('[data-testid="product-card"] img[src^="/media/"]').count();
  let apiBytes = 0;
  let mediaBytes = 0;
  let mediaFiles = 0;
  let allBytes = 0;
  for (const [id, size] of sizes) {
    const url = new URL(urls.get(id) ?? base);
    allBytes += size;
    if (url.pathname === '/api/products') apiBytes += size;
    if (url.pathname.startsWith('/media/')) {
      mediaBytes += size;
      mediaFiles += 1;
    }
  }
  const result = {
    cards: cardCount,
    covers,
    products_page_bytes: apiBytes,
    thumbnails: mediaFiles,
    thumbnail_bytes: mediaBytes,
    page_and_thumbnails_bytes: apiBytes + mediaBytes,
    everything_bytes: allBytes,
    target_bytes: 250 * 1024,
  };
  console.log('catalogue', result);
  await visitor.close();
  return result;
}

/** One Lighthouse run (mobile preset, performance only) of `route` on the server, at `cpuSlowdown` (the preset's when none). */
async function lighthouseRun(direct: string, route: '/services' | '/', label: string, cpuSlowdown?: number): Promise<LhRun> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const lhBrowser = await chromium.launch({ executablePath: CHROMIUM, args: [`--remote-debugging-port=${port}`, ...FLAGS, '--lang=ar'] });
    try {
      const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'] };
      const result = await lighthouse(`${direct}${route}`, cpuSlowdown ? { ...flags, throttling: { cpuSlowdownMultiplier: cpuSlowdown } as never } : flags);
      const lhr = result!.lhr;
      if (lhr.runtimeError) {
        // A trace Lighthouse could not read (NO_NAVSTART and the like) is its own fault, not the page's: run again.
        if (attempt < 3) {
          console.log(`Lighthouse ${route} ${label}: ${lhr.runtimeError.code}, running again`);
          continue;
        }
        throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      fs.mkdirSync('.lighthouse', { recursive: true });
      fs.writeFileSync(`.lighthouse/photos${route === '/' ? '-landing' : '-services'}-${label}.json`, result!.report as string);
      const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
      const run = {
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp_ms: numeric('largest-contentful-paint'),
        tbt_ms: numeric('total-blocking-time'),
        si_ms: numeric('speed-index'),
        cls: +(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
        benchmark_index: Math.round(lhr.environment.benchmarkIndex),
        cpu_slowdown: +lhr.configSettings.throttling.cpuSlowdownMultiplier!.toFixed(2),
        load_1m: +os.loadavg()[0].toFixed(2),
      };
      console.log(`Lighthouse ${route} ${label}:`, run);
      return run;
    } finally {
      await lhBrowser.close();
    }
  }
}

/** RUNS runs of /services and of the landing page, interleaved, at one CPU slowdown (the preset's when none). */
async function lighthouseSeries(direct: string, label: string, cpuSlowdown?: number): Promise<LhSeries> {
  const medianOf = (list: LhRun[]) => medianBy(list, (r) => r.performance);
  const runs: Record<'/services' | '/', LhRun[]> = { '/services': [], '/': [] };
  for (let i = 0; i < RUNS; i++) for (const route of ['/services', '/'] as const) runs[route].push(await lighthouseRun(direct, route, `${label}-${i + 1}`, cpuSlowdown));
  return { runs: runs['/services'], median: medianOf(runs['/services']), landing_runs: runs['/'], landing_median: medianOf(runs['/']) };
}

/**
 * 3. Lighthouse, mobile, on /services, and on the landing page as the same run's baseline:
 * first with the preset's fixed 4x CPU slowdown, then with the slowdown calibrated to this
 * host from the benchmark index those runs measured (lighthouseCpuSlowdown).
 */
async function measureLighthouse({ direct }: Setup) {
  const preset = await lighthouseSeries(direct, '4x');
  const indexes = [...preset.runs, ...preset.landing_runs].map((r) => r.benchmark_index).sort((a, b) => a - b);
  const benchmarkIndex = indexes[Math.floor(indexes.length / 2)];
  const cpuSlowdown = +lighthouseCpuSlowdown(benchmarkIndex).toFixed(2);
  console.log(`benchmark index (median of ${indexes.length} runs): ${benchmarkIndex}; calibrated CPU slowdown ${cpuSlowdown}x`);
  const calibrated = await lighthouseSeries(direct, 'calibrated', cpuSlowdown);
  return { benchmark_index: benchmarkIndex, calibrated_cpu_slowdown: cpuSlowdown, calibrated, preset_4x: preset, target: 95 };
}

interface PhotoResults {
  upload: Awaited<ReturnType<typeof measureUpload>>;
  catalogue: Awaited<ReturnType<typeof measureCatalogue>>;
  lighthouse_services: Awaited<ReturnType<typeof measureLighthouse>>;
}

function summary({ upload, catalogue: cat, lighthouse_services: lh }: PhotoResults): void {
  table([
    { measure: 'downscaled photo (from the 4 MB original)', value: `${upload.cut.downscaled_bytes} B`, baseline: `${upload.cut.original_bytes} B`, ratio: +(upload.cut.downscaled_bytes / upload.cut.original_bytes).toFixed(3) },
    { measure: 'uninterrupted upload at 1.6 Mbps / 150 ms', value: `${upload.baseline.upload_ms} ms, ${upload.baseline.bytes_sent} B sent`, baseline: `bytes/bandwidth ${upload.baseline.ideal_ms} ms`, ratio: +(upload.baseline.upload_ms / upload.baseline.ideal_ms).toFixed(3) },
    { measure: 'cut upload: bytes sent / downscaled file (target <= 1.15)', value: `${upload.cut.bytes_sent} B`, baseline: `${upload.cut.downscaled_bytes} B`, ratio: upload.cut.bytes_ratio },
    { measure: 'cut upload: after the link returns / (missing bytes over bandwidth + the baseline\'s overhead) (target <= 1.2)', value: `${upload.cut.after_return_ms} ms`, baseline: `${upload.cut.missing_ideal_ms} + ${upload.cut.baseline_overhead_ms} ms`, ratio: upload.cut.time_ratio },
    { measure: 'cut upload: after the link returns / missing bytes over bandwidth alone', value: `${upload.cut.after_return_ms} ms`, baseline: `${upload.cut.missing_ideal_ms} ms`, ratio: upload.cut.time_ratio_bytes_only },
    { measure: `catalogue first page (${cat.cards} cards, ${cat.covers} covers): products + thumbnails (target <= 250 KB)`, value: `${(cat.page_and_thumbnails_bytes / 1024).toFixed(1)} KB`, baseline: '250 KB', ratio: +(cat.page_and_thumbnails_bytes / cat.target_bytes).toFixed(3) },
    ...([
      [`CPU slowdown calibrated to this host: ${lh.calibrated_cpu_slowdown}x (target >= 95)`, lh.calibrated],
      [`the preset's 4x on this host (benchmark index ${lh.benchmark_index})`, lh.preset_4x],
    ] as const).map(([label, s]) => ({ measure: `Lighthouse mobile /services with photos, ${label}`, value: `${s.median.performance} (TBT ${s.median.tbt_ms} ms)`, baseline: `landing page, same run: ${s.landing_median.performance}`, ratio: +(s.median.performance / s.landing_median.performance).toFixed(3) })),
  ]);
}

async function main() {
  if (!fs.existsSync('dist/index.html')) throw new Error('build first: npx vite build');
  const setup = await startServer();
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
    let upload: PhotoResults['upload'];
    let catalogue: PhotoResults['catalogue'];
    try {
      await waitFor('the server', async () => ((await fetch(`${setup.base}/api/health`).catch(() => null))?.ok ? true : undefined), 180_000, 1000);
      upload = await measureUpload(browser, setup);
      catalogue = await measureCatalogue(browser, setup);
    } finally {
      await browser.close();
    }
    const results: PhotoResults = { upload, catalogue, lighthouse_services: await measureLighthouse(setup) };
    summary(results);
    saveResults('photos', results);
  } finally {
    setup.stop();
  }
}

await main();
