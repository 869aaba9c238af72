/**
 * What bench/scale.ts checks beside the soak's figures, each across app processes: a
 * Redis of its own for their shared budgets, a live change committed through one process
 * arriving on a stream held by another, a rate limit hit through two processes counted
 * once, and what each process's /metrics says of the read replica.
 */
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import { freePort } from './common';
import { SimUser, type World } from './soak-users';
import { cookieOf } from './soak-world';
import { sleep } from './soak-measure';
import { backfillChangeLog } from '../server/registry/backfill';
import { createLoginCode, loginCookieName } from '../server/auth/login-codes';

/**
 * A redis-server of its own on a free port (no persistence), so the bench's counters
 * touch no other Redis; without the binary, REDIS_URL or the machine's 127.0.0.1:6379
 * (the keys are under the bench's own prefix either way).
 */
export async function startRedis(): Promise<{ url: string; own: boolean; stop(): Promise<void> }> {
  let binary = true;
  try {
    execFileSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' });
  } catch {
    binary = false;
  }
  if (!binary) return { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', own: false, stop: async () => undefined };
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined); // not listening yet: asked again below
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      break;
    } catch {
      probe.disconnect();
      if (i > 50 || child.exitCode !== null) throw new Error('redis-server did not start');
      await sleep(100);
    }
  }
  return {
    url,
    own: true,
    stop: async () => {
      if (child.exitCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/** What one process's GET /metrics says of the replica: reads it routed to each database, and whether it falls back now. */
export async function replicaMetrics(url: string, token: string): Promise<{ replica_reads: number; primary_reads: number; falling_back: number } | null> {
  try {
    const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
    const value = (re: RegExp) => Number(text.match(re)?.[1] ?? 0);
    return {
      replica_reads: value(/^binaa_db_reads_total\{target="replica"\} (\S+)$/m),
      primary_reads: value(/^binaa_db_reads_total\{target="primary"\} (\S+)$/m),
      falling_back: value(/^binaa_db_replica_fallback (\S+)$/m),
    };
  } catch {
    return null; // the process is down
  }
}

/** A signed-in GET /api/live on one process: when each `change` event arrived (performance.now()). */
function openLive(base: string, cookie: string): Promise<{ arrivals: number[]; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL('/api/live', base), { headers: { accept: 'text/event-stream', cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET /api/live answered ${res.statusCode}`));
      const arrivals: number[] = [];
      let buf = '';
      res.on('data', (d: Buffer) => {
        buf += d.toString();
        for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
          if (/^event: change$/m.test(buf.slice(0, i))) arrivals.push(performance.now());
          buf = buf.slice(i + 2);
        }
      });
      resolve({ arrivals, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

/** A person outside the simulation, of `role`. */
async function person(knex: Knex, role: 'government' | 'contractor', tag: string): Promise<string> {
  const [{ id }] = await knex('users').insert({ email: `scale-${tag}@binaa.sa`, name: `Scale ${tag}` }).returning('id');
  await knex('profiles').insert({ user_id: id, role, company_name: `شركة ${tag}`, language: 'ar' });
  return id;
}

/** Signs `userId` in on the process at `world.http`, as a browser does with a login code. */
async function signIn(knex: Knex, world: World, userId: string): Promise<string> {
  const { code, browserKey } = await createLoginCode(knex, userId);
  const res = await world.http.request('POST', '/api/sessions', { json: { code }, cookie: `${loginCookieName(false)}=${browserKey}` });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return cookieOf(res.headers);
}

export interface LiveAcross {
  /** the writer's client id, for the exactly-once check */
  clientId: string;
  /** runs the rounds: each a bid pushed through the writer's process, and the owner's stream on the reader's waited for */
  run(rounds: number, gapMs: number): Promise<{ rounds: number; arrived: number; after_ack_ms: number[]; after_send_ms: number[]; change_events: number }>;
  close(): void;
}

/**
 * A project owner whose stream is open on the reader's process, and a contractor who bids
 * on the owner's projects through the writer's process (a sync push, counted among the
 * soak's writes so the exactly-once check covers these too). Both are new and outside the
 * simulation, so the owner's stream hears of these bids alone.
 */
export async function liveAcross(knex: Knex, writer: World, reader: World, maxRounds: number): Promise<LiveAcross> {
  const tag = Date.now().toString(36);
  const owner = await person(knex, 'government', `owner-${tag}`);
  const bidder = await person(knex, 'contractor', `bidder-${tag}`);
  const projects: string[] = (
    await knex.raw(
      `insert into projects (government_id, title, description, location, budget, status)
       select ?, 'مشروع البث ' || i, 'مبنى للتحقق من البث بين العمليات', 'الرياض', 1000000 + i, 'open' from generate_series(1, ?) as s(i) returning id`,
      [owner, maxRounds * 2],
    )
  ).rows.map((r: { id: string }) => r.id);
  await backfillChangeLog(knex);
  const stream = await openLive(reader.http.base, await signIn(knex, reader, owner));
  const user = new SimUser(bidder, 'contractor', await signIn(knex, writer, bidder), projects);
  return {
    clientId: user.clientId,
    close: () => stream.close(),
    async run(rounds, gapMs) {
      const afterAck: number[] = [];
      const afterSend: number[] = [];
      for (let i = 0; i < rounds; i++) {
        await sleep(gapMs);
        const before = stream.arrivals.length;
        const sent = performance.now();
        user.queueWrite(writer);
        while (!(await user.push(writer))) await sleep(200);
        const acked = performance.now();
        while (stream.arrivals.length === before && performance.now() < acked + 5000) await sleep(5);
        if (stream.arrivals.length === before) continue;
        // The notice leaves at the commit, before the push's answer: 0 when it came first.
        afterAck.push(+Math.max(0, stream.arrivals[before] - acked).toFixed(1));
        afterSend.push(+(stream.arrivals[before] - sent).toFixed(1));
      }
      return { rounds, arrived: afterAck.length, after_ack_ms: afterAck, after_send_ms: afterSend, change_events: stream.arrivals.length };
    },
  };
}

/**
 * The failed-login budget (config.limits.loginFailuresPer15Min an address) hit through two
 * processes by turns, from one address of its own: counted once in Redis, the budget's
 * worth of wrong codes is answered and the rest refused (429) by both; counted in each
 * process, twice the budget would be answered.
 */
export async function failedLoginsAcross(urls: [string, string], origin: string, redis: { url: string; prefix: string }, budget: number) {
  const address = '203.0.113.77';
  const statuses: number[] = [];
  for (let i = 0; i < budget * 2 + 2; i++) {
    const res = await fetch(`${urls[i % 2]}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': address },
      body: JSON.stringify({ code: `wrong-code-${i}` }),
    });
    statuses.push(res.status);
  }
  const answered = statuses.findIndex((s) => s === 429);
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  const keys = await client.keys(`${redis.prefix}rl:failed-login*`);
  const counted = keys.length ? Number(await client.get(keys[0])) : null;
  client.disconnect();
  const refusedBy = [0, 1].map((p) => statuses.filter((s, i) => i % 2 === p && s === 429).length);
  return { budget, answered_before_refusal: answered === -1 ? statuses.length : answered, refused_by_each_process: refusedBy, redis_count: counted, statuses };
}
