/**
 * Graceful shutdown (shutdown.ts): once it starts, the readiness check answers 503 while
 * the liveness check stays 200; a request in flight finishes with its answer; a live
 * stream ends with its reconnect hint (never `end`, which would stop the device from
 * coming back); new connections are refused once the listener has closed; all of it within
 * the bound, and past the bound what is still open is cut and the shutdown says so. Then
 * the real process (server/main.ts) on SIGTERM: unready, and exit code 0 within its bound.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { keepConnectionsAlive } from '../http/keep-alive';
import { createTestDb, testConfig, type TestDb, type TestServer } from '../test/harness';
import { signInAs } from '../test/sign-in';
import { shutDownApp } from './shutdown';
import { SHUTDOWN_RETRY_MS } from '../modules/live/hub';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An app on a free port with one test-only slow path (`/slow?ms=`), answered after that long, ahead of the app's middleware. */
async function listening(db: TestDb, env: Record<string, string>) {
  const server = keepConnectionsAlive(http.createServer());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = testConfig(url, env);
  const app: Koa = createApp({ knex: db.knex, dbKind: db.kind, config, logger: pino({ level: 'silent' }) });
  app.middleware.unshift(async (ctx, next) => {
    if (ctx.path !== '/slow') return next();
    await sleep(Number(ctx.query.ms));
    ctx.body = 'done';
  });
  server.on('request', app.callback());
  return { server, url, app, config };
}

/** The text of a live stream as it arrives, and when it ends. */
async function readStream(url: string, cookie: string) {
  const res = await fetch(`${url}/api/live`, { headers: { Accept: 'text/event-stream', Cookie: cookie } });
  let text = '';
  const reader = res.body!.getReader();
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      text += Buffer.from(value!).toString('utf8');
    }
  })();
  return { status: res.status, ended, text: () => text };
}

describe('graceful shutdown', () => {
  const dbs: TestDb[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.knex.raw('drop schema if exists ?? cascade', [db.schema]).catch(() => undefined);
  });

  it('turns unready, finishes the request in flight, ends live streams with a reconnect hint, then refuses connections, within its bound', async () => {
    const db = await createTestDb();
    dbs.push(db);
    const { server, url, app, config } = await listening(db, { SHUTDOWN_TIMEOUT_MS: '5000', SHUTDOWN_UNREADY_MS: '400' });
    const user = await signInAs({ url, db, config } as TestServer, { role: 'contractor' });
    expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);
    const live = await readStream(url, user.cookieHeader());
    expect(live.status).toBe(200);
    const inFlight = fetch(`${url}/slow?ms=1200`).then(async (r) => ({ status: r.status, body: await r.text() }));
    await sleep(100);

    const started = Date.now();
    let closedPools = false;
    const done = shutDownApp({
      deps: app.context.deps,
      server,
      closePools: async () => {
        closedPools = true;
      },
    });
    // Unready at once; alive all along.
    const ready = await fetch(`${url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ok: false, code: 'shutting_down' });
    expect(ready.headers.get('retry-after')).toBe('1');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    // The stream ends with SSE's retry hint, and no `end` event (the device comes back, elsewhere).
    await live.ended;
    expect(live.text()).toContain(`retry: ${SHUTDOWN_RETRY_MS}\n`);
    expect(live.text()).not.toMatch(/^event: end$/m);
    expect(Date.now() - started).toBeLessThan(1200);

    // The request in flight is answered in full.
    expect(await inFlight).toEqual({ status: 200, body: 'done' });
    const { clean } = await done;
    expect(clean).toBe(true);
    expect(closedPools).toBe(true);
    expect(Date.now() - started).toBeLessThan(config.shutdown.timeoutMs);
    // The listener is closed: a new connection is refused.
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    await expect(
      new Promise((resolve, reject) => net.connect(Number(new URL(url).port), '127.0.0.1').on('connect', resolve).on('error', reject)),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await db.drop();
  });

  it('cuts what is still open at the bound and says the shutdown was not clean', async () => {
    const db = await createTestDb();
    dbs.push(db);
    const { server, url, app } = await listening(db, { SHUTDOWN_TIMEOUT_MS: '1000' });
    const tooSlow = fetch(`${url}/slow?ms=5000`).then(
      (r) => r.status,
      () => 'cut' as const,
    );
    await sleep(100);
    const started = Date.now();
    // The pools close at once here: what is timed is the cut at the bound, not a schema's drop.
    const { clean } = await shutDownApp({ deps: app.context.deps, server, closePools: async () => undefined });
    const took = Date.now() - started;
    expect(clean).toBe(false);
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(2500);
    expect(await tooSlow).toBe('cut');
    await db.drop();
  });
});

/** A port free at the moment of asking. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the server process on SIGTERM', () => {
  it('answers unready, then exits 0 within its bound', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-shutdown-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // The embedded database in a directory of its own, and no Redis: what `npm start` runs by default.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|REDIS_URL|TEST_|METRICS_TOKEN|SHUTDOWN_)/.test(k)));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: path.resolve(__dirname, '../..'),
      env: { ...env, NODE_ENV: 'test', PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: '5000', SHUTDOWN_UNREADY_MS: '1000' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // Up once the readiness check answers.
      const deadline = Date.now() + 120_000;
      for (;;) {
        const res = await fetch(`${url}/api/health/ready`).catch(() => null);
        if (res?.status === 200) break;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the server did not start: ${stderr}`);
        await sleep(250);
      }
      const signalled = Date.now();
      child.kill('SIGTERM');
      await sleep(200);
      expect((await fetch(`${url}/api/health/ready`)).status).toBe(503);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5000);
      await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
