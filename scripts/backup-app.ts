/**
 * The backup drill's app: the real entry (server/main.ts, as `npm start` runs it) in a child
 * process on a free port, in production mode with stand-in keys (nothing it checks pays or
 * reaches ZATCA), reached as a TLS-ending proxy in front of it would reach it
 * (X-Forwarded-Proto: https), and the few HTTP calls the drill makes of it: a sign-in by a
 * login code, the whole sync pull, and a GET's bytes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { createLoginCode, loginCookieName } from '../server/auth/login-codes';
import { freePort } from '../bench/common';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Production refuses to start without these; stand-ins, since the drill pays for nothing and clears nothing. */
const STAND_IN_KEYS = {
  SESSION_SECRET: 'd'.repeat(40),
  GOOGLE_CLIENT_ID: 'backup-drill',
  GOOGLE_CLIENT_SECRET: 'backup-drill',
  EINVOICING_KEY: Buffer.alloc(32, 7).toString('base64'),
  ZATCA_API_URL: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation',
  MOYASAR_PUBLISHABLE_KEY: 'pk_test_backup_drill',
  MOYASAR_SECRET_KEY: 'sk_test_backup_drill',
  MOYASAR_WEBHOOK_SECRET: 'backup-drill-webhook-secret',
  PLATFORM_SELLER_EMAIL: 'billing@demo.binaa.sa',
};

/** Of this process's environment, only what running Node needs: none of the app's own settings (a replica, a bucket, a test clock) leaks in. */
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];

/**
 * The environment of the app on `databaseUrl` with its files in `dataDir`, one proxy in
 * front (TRUST_PROXY_HOPS=1); the drill seeds the database itself, so the app never does.
 */
export function appEnv(databaseUrl: string, dataDir: string, port: number): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(INHERITED.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
  return {
    ...inherited,
    ...STAND_IN_KEYS,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: `https://127.0.0.1:${port}`,
    TRUST_PROXY_HOPS: '1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
  };
}

export interface AppProcess {
  /** where requests go (plain http on loopback) */
  url: string;
  /** the origin the app believes it has (its PUBLIC_URL), which writes must name */
  origin: string;
  child: ChildProcess;
  stop(): Promise<string>;
}

/** Headers a TLS-ending proxy adds: the app then treats the request as https (TRUST_PROXY_HOPS defaults to 1 in production). */
const PROXY = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' };

/** Starts the app and waits until GET /api/health/ready answers 200 (the boot has migrated and backfilled by then). */
export async function startApp(databaseUrl: string, dataDir: string, logFile: string): Promise<AppProcess> {
  const port = await freePort();
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, stdio: ['ignore', log, log], env: appEnv(databaseUrl, dataDir, port) });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return `had exited (${child.exitCode ?? child.signalCode})`;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exited;
    clearTimeout(timer);
    return code === 0 ? 'drained and exited 0' : `exited ${code ?? child.signalCode}`;
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited ${child.exitCode} while booting: ${tail(logFile)}`);
    const ready = await fetch(`${url}/api/health/ready`, { headers: PROXY }).then((r) => r.status === 200, () => false);
    if (ready) return { url, origin: `https://127.0.0.1:${port}`, child, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the app was not ready within 90 s: ${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The last lines of the app's log, for a failure's message. */
export function tail(logFile: string, lines = 6): string {
  try {
    return fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-lines).join(' | ');
  } catch {
    return '(no log)';
  }
}

/** The session cookie of `userId`, signed in by a login code as a browser is (the code made in the app's database). */
export async function signIn(app: AppProcess, knex: Knex, userId: string): Promise<string> {
  const { code, browserKey } = await createLoginCode(knex, userId);
  const res = await fetch(`${app.url}/api/sessions`, {
    method: 'POST',
    headers: { ...PROXY, 'content-type': 'application/json', cookie: `${loginCookieName(true)}=${browserKey}`, origin: app.origin },
    body: JSON.stringify({ code }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const me = await fetch(`${app.url}/api/session`, { headers: { ...PROXY, cookie } });
  const session = me.status === 200 ? ((await me.json()) as { user: { id: string } | null }) : null;
  if (session?.user?.id !== userId) throw new Error(`GET /api/session with the new cookie answered ${me.status}, not the user signed in`);
  return cookie;
}

/** Every change the user's first sync pulls, page after page: `entity:id` of each upsert. */
export async function pullAll(app: AppProcess, cookie: string): Promise<Set<string>> {
  const rows = new Set<string>();
  let cursor = '';
  for (let page = 0; page < 1000; page++) {
    const res = await fetch(`${app.url}/api/sync/pull?limit=1000${cursor ? `&cursor=${cursor}` : ''}`, { headers: { ...PROXY, cookie } });
    if (res.status !== 200) throw new Error(`sync pull answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const body = (await res.json()) as { reset?: true; changes: Array<{ entity: string; id: string; op: string }>; cursor: string; has_more: boolean };
    if (body.reset) throw new Error('sync pull answered reset to a first pull');
    for (const c of body.changes) if (c.op === 'upsert') rows.add(`${c.entity}:${c.id}`);
    if (!body.has_more) return rows;
    cursor = body.cursor;
  }
  throw new Error('sync pull did not end within 1000 pages');
}

/** A GET's status, type and bytes. */
export async function getBytes(app: AppProcess, path: string, cookie?: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const res = await fetch(`${app.url}${path}`, { headers: { ...PROXY, ...(cookie ? { cookie } : {}) } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}
