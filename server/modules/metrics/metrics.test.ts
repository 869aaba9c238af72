/**
 * GET /metrics: Prometheus text that a strict reader of the format accepts, with the
 * names and types the dashboards and alerts (README, Metrics) rely on; requests counted by
 * route template and status, sync mutations by name and rejections by code, queues read
 * from the database; behind METRICS_TOKEN, absent in production without it; never a
 * cookie, token, id or address in the text.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs } from '../../test/sign-in';
import { parseExposition, valueOf, type Family } from '../../test/exposition';

const TOKEN = crypto.randomBytes(24).toString('hex');

async function scrape(server: TestServer, token?: string): Promise<{ status: number; text: string; type: string | null; families: Map<string, Family> }> {
  const res = await fetch(`${server.url}/metrics`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, text, type: res.headers.get('content-type'), families: res.status === 200 ? parseExposition(text) : new Map() };
}

const product = () => ({ id: crypto.randomUUID(), name: 'أسمنت بورتلاندي', price: 18.5, unit: 'كيس 50 كجم' });

describe('the strict exposition reader (the tests below rely on it refusing what Prometheus would)', () => {
  it.each([
    ['a counter not ending in _total', '# TYPE binaa_requests counter\nbinaa_requests 1\n'],
    ['a sample without its TYPE', 'binaa_x 1\n'],
    ['an unknown escape in a label value', '# TYPE binaa_x gauge\nbinaa_x{a="\\t"} 1\n'],
    ['a label name of the wrong grammar', '# TYPE binaa_x gauge\nbinaa_x{1a="x"} 1\n'],
    ['a value that is not a number', '# TYPE binaa_x gauge\nbinaa_x one\n'],
    ['a family split in two groups', '# TYPE binaa_x gauge\nbinaa_x 1\n# TYPE binaa_y gauge\nbinaa_y 1\nbinaa_x{a="b"} 2\n'],
    ['a histogram whose +Inf bucket is not its count', '# TYPE binaa_h histogram\nbinaa_h_bucket{le="1"} 1\nbinaa_h_bucket{le="+Inf"} 2\nbinaa_h_sum 1\nbinaa_h_count 3\n'],
    ['a histogram whose buckets decrease', '# TYPE binaa_h histogram\nbinaa_h_bucket{le="1"} 2\nbinaa_h_bucket{le="2"} 1\nbinaa_h_bucket{le="+Inf"} 2\nbinaa_h_sum 1\nbinaa_h_count 2\n'],
    ['no final line feed', '# TYPE binaa_x gauge\nbinaa_x 1'],
  ])('refuses %s', (_what, text) => {
    expect(() => parseExposition(text)).toThrow();
  });

  it('reads a well-formed text', () => {
    const f = parseExposition('# HELP binaa_x_total X.\n# TYPE binaa_x_total counter\nbinaa_x_total{route="/a/{id}",q="say \\"hi\\"\\n"} 3\n');
    expect(f.get('binaa_x_total')).toMatchObject({ type: 'counter', help: 'X.', samples: [{ labels: { route: '/a/{id}', q: 'say "hi"\n' }, value: 3 }] });
  });
});

describe('GET /metrics without METRICS_TOKEN (a developer, the tests)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('answers Prometheus text with the names and types the alerts rely on', async () => {
    const { status, type, families } = await scrape(server);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8$/);
    const typeOf = (name: string) => families.get(name)?.type;
    expect({
      requests: typeOf('binaa_http_requests_total'),
      latency: typeOf('binaa_http_request_duration_seconds'),
      mutations: typeOf('binaa_sync_mutations_total'),
      rejections: typeOf('binaa_sync_rejections_total'),
      pulls: typeOf('binaa_sync_pulls_total'),
      pullChanges: typeOf('binaa_sync_pull_changes'),
      live: typeOf('binaa_live_streams_open'),
      queueDepth: typeOf('binaa_queue_depth'),
      queueAge: typeOf('binaa_queue_oldest_age_seconds'),
      pool: typeOf('binaa_db_pool_connections'),
      poolMax: typeOf('binaa_db_pool_max_connections'),
      refusals: typeOf('binaa_rate_limit_refusals_total'),
      upkeepRuns: typeOf('binaa_upkeep_runs_total'),
      upkeepLastOk: typeOf('binaa_upkeep_last_success_timestamp_seconds'),
      draining: typeOf('binaa_draining'),
      // Node's defaults, under their standard names
      cpu: typeOf('process_cpu_seconds_total'),
      heap: typeOf('nodejs_heap_size_used_bytes'),
      loopLag: typeOf('nodejs_eventloop_lag_seconds'),
    }).toEqual({
      requests: 'counter',
      latency: 'histogram',
      mutations: 'counter',
      rejections: 'counter',
      pulls: 'counter',
      pullChanges: 'histogram',
      live: 'gauge',
      queueDepth: 'gauge',
      queueAge: 'gauge',
      pool: 'gauge',
      poolMax: 'gauge',
      refusals: 'counter',
      upkeepRuns: 'counter',
      upkeepLastOk: 'gauge',
      draining: 'gauge',
      cpu: 'counter',
      heap: 'gauge',
      loopLag: 'gauge',
    });
    for (const [name, f] of families) if (name.startsWith('binaa_')) expect(f.help, name).not.toBe('');
    expect(valueOf(families, 'binaa_draining', 'binaa_draining', {})).toBe(0);
    expect(valueOf(families, 'binaa_db_pool_max_connections', 'binaa_db_pool_max_connections', {})).toBeGreaterThan(0);
  });

  it('counts a request under its route template and status, and times it', async () => {
    const labels = { method: 'GET', route: '/api/health', status: '200' };
    const before = (await scrape(server)).families;
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const missing = crypto.randomUUID();
    expect((await fetch(`${server.url}/api/purchase-orders/${missing}`)).status).toBe(401);
    const after = await scrape(server);
    const count = (f: Map<string, Family>, l: Record<string, string>) => valueOf(f, 'binaa_http_requests_total', 'binaa_http_requests_total', l);
    expect(count(after.families, labels) - count(before, labels)).toBe(3);
    const timed = (f: Map<string, Family>) => valueOf(f, 'binaa_http_request_duration_seconds', 'binaa_http_request_duration_seconds_count', { method: 'GET', route: '/api/health' });
    expect(timed(after.families) - timed(before)).toBe(3);
    // A path with an id counts under its template; the id itself appears nowhere.
    expect(count(after.families, { method: 'GET', route: '/api/purchase-orders/{id}', status: '401' }) - count(before, { method: 'GET', route: '/api/purchase-orders/{id}', status: '401' })).toBe(1);
    expect(after.text).not.toContain(missing);
    // A path no route has is grouped, not named.
    await fetch(`${server.url}/api/no-such-thing/${missing}`);
    const grouped = await scrape(server);
    expect(count(grouped.families, { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(grouped.text).not.toContain('no-such-thing');
  });

  it('counts a sync push by mutation and outcome, a rejection by its code, and a pull by outcome', async () => {
    const supplier = await signInAs(server, { role: 'supplier' });
    const contractor = await signInAs(server, { role: 'contractor' });
    const before = (await scrape(server)).families;
    const applied = await supplier.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'product.create', args: product() }] });
    expect(applied.body.results).toEqual([{ id: 1, status: 'applied' }]);
    const refused = await contractor.post('/api/sync/push', {
      client_id: crypto.randomUUID(),
      mutations: [
        { id: 1, name: 'product.create', args: product() }, // a contractor sells nothing: forbidden
        { id: 2, name: 'no.such_thing', args: {} },
      ],
    });
    expect(refused.body.results.map((r: { code?: string }) => r.code)).toEqual(['forbidden', 'unknown_mutation']);
    expect((await supplier.get('/api/sync/pull?limit=500')).status).toBe(200);
    const after = await scrape(server);
    const delta = (family: string, labels: Record<string, string>) => valueOf(after.families, family, family, labels) - valueOf(before, family, family, labels);
    expect(delta('binaa_sync_mutations_total', { mutation: 'product.create', outcome: 'applied' })).toBe(1);
    expect(delta('binaa_sync_mutations_total', { mutation: 'product.create', outcome: 'rejected' })).toBe(1);
    // A name the server does not know is counted as unknown, never under the name a client sent.
    expect(delta('binaa_sync_mutations_total', { mutation: 'unknown', outcome: 'rejected' })).toBe(1);
    expect(after.text).not.toContain('no.such_thing');
    expect(delta('binaa_sync_rejections_total', { code: 'forbidden' })).toBe(1);
    expect(delta('binaa_sync_rejections_total', { code: 'unknown_mutation' })).toBe(1);
    expect(delta('binaa_sync_pulls_total', { outcome: 'caught_up' })).toBe(1);
  });

  it('reads the push queue from the database: its depth and the age of its oldest message', async () => {
    const user = await signInAs(server, { role: 'contractor' });
    const id = crypto.randomUUID();
    await server.db.knex('notifications').insert({ id, user_id: user.user.id, kind: 'sync.rejected', type: 'system', params: {}, title: 't', message: 'm' });
    await server.db.knex('push_queue').insert({ notification_id: id, created_at: server.db.knex.raw("now() - interval '90 seconds'") }).onConflict('notification_id').merge();
    const { families } = await scrape(server);
    expect(valueOf(families, 'binaa_queue_depth', 'binaa_queue_depth', { queue: 'push' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(families, 'binaa_queue_oldest_age_seconds', 'binaa_queue_oldest_age_seconds', { queue: 'push' })).toBeGreaterThanOrEqual(90);
    expect(valueOf(families, 'binaa_queue_depth', 'binaa_queue_depth', { queue: 'zatca_clearance' })).toBe(0);
    await server.db.knex('push_queue').where({ notification_id: id }).delete();
  });

  it('reads the scorecards waiting to be measured again: their count, and the age of the longest overdue', async () => {
    const knex = server.db.knex;
    const depth = (families: Awaited<ReturnType<typeof scrape>>['families']) => valueOf(families, 'binaa_queue_depth', 'binaa_queue_depth', { queue: 'scorecards' });
    const before = depth((await scrape(server)).families);
    const due = await signInAs(server, { role: 'supplier' });
    const later = await signInAs(server, { role: 'supplier' });
    // One due a minute ago and not measured yet; one backing off until an hour from now.
    await knex('scorecard_queue').insert({ company_id: due.user.id, due_at: knex.raw("now() - interval '60 seconds'") }).onConflict('company_id').merge();
    await knex('scorecard_queue').insert({ company_id: later.user.id, due_at: knex.raw("now() + interval '1 hour'"), attempts: 2 }).onConflict('company_id').merge();
    const { families } = await scrape(server);
    expect(depth(families)).toBe(before + 2);
    expect(valueOf(families, 'binaa_queue_oldest_age_seconds', 'binaa_queue_oldest_age_seconds', { queue: 'scorecards' })).toBeGreaterThanOrEqual(60);
    await knex('scorecard_queue').whereIn('company_id', [due.user.id, later.user.id]).delete();
  });

  it('reads the data export jobs not ready yet: a job waiting two minutes moves the depth and the age, and leaves them once ready', async () => {
    const depth = (families: Awaited<ReturnType<typeof scrape>>['families']) => valueOf(families, 'binaa_queue_depth', 'binaa_queue_depth', { queue: 'data_export' });
    const age = (families: Awaited<ReturnType<typeof scrape>>['families']) => valueOf(families, 'binaa_queue_oldest_age_seconds', 'binaa_queue_oldest_age_seconds', { queue: 'data_export' });
    const before = (await scrape(server)).families;
    const user = await signInAs(server, { role: 'contractor' });
    const id = crypto.randomUUID();
    const knex = server.db.knex;
    // As the start writes it (data-export/service.ts), two minutes ago, and no worker has built it.
    await knex('account_exports').insert({ id, user_id: user.user.id, created_at: knex.raw("now() - interval '120 seconds'"), expires_at: knex.raw("now() + interval '7 days'") });
    const waiting = (await scrape(server)).families;
    expect(depth(waiting)).toBe(depth(before) + 1);
    expect(age(waiting)).toBeGreaterThanOrEqual(120);
    await knex('account_exports').where({ id }).update({ status: 'ready', progress: 100, finished_at: knex.fn.now() });
    const ready = (await scrape(server)).families;
    expect(depth(ready)).toBe(depth(before));
    expect(age(ready)).toBeLessThan(120);
  });

  it('counts a rate limit refusal under the limit that refused', async () => {
    const limited = await startTestServer({ limits: { perUserPerMinute: 2 }, redis: false });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${limited.url}/api/session`)).status);
      expect(statuses).toEqual([200, 200, 429, 429]);
      const { families } = await scrape(limited);
      expect(valueOf(families, 'binaa_rate_limit_refusals_total', 'binaa_rate_limit_refusals_total', { limit: 'general' })).toBe(2);
      expect(valueOf(families, 'binaa_http_requests_total', 'binaa_http_requests_total', { method: 'GET', route: '/api/session', status: '429' })).toBe(2);
    } finally {
      await limited.close();
    }
  });

  it('is refused with 404 in production when no token is set', async () => {
    server.config.production = true;
    try {
      const res = await scrape(server);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('binaa_');
    } finally {
      server.config.production = false;
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => server?.close());

  it('is refused with 401 without the token or with a wrong one', async () => {
    const none = await scrape(server);
    expect(none.status).toBe(401);
    expect(none.text).not.toContain('binaa_');
    const wrong = await scrape(server, `${TOKEN.slice(0, -1)}x`);
    expect(wrong.status).toBe(401);
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('answers the bearer of the token, in production too, and its text holds no cookie, token, id, email or address', async () => {
    const supplier = await signInAs(server, { role: 'supplier' });
    const cookie = [...supplier.cookies.values()];
    expect(cookie.length).toBeGreaterThan(0);
    expect((await supplier.get('/api/users/me')).status).toBe(200);
    await supplier.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'product.create', args: product() }] });
    // A client that sends a bearer token to an API route: counted, never recorded.
    const stranger = new TestClient(server.url);
    await stranger.request('GET', '/api/users/me', { headers: { Authorization: 'Bearer not-a-metrics-token-9f8e7d6c' } });
    server.config.production = true;
    let res;
    try {
      res = await scrape(server, TOKEN);
    } finally {
      server.config.production = false;
    }
    expect(res.status).toBe(200);
    const me = (await supplier.get('/api/users/me')).body;
    for (const secret of [...cookie, TOKEN, 'not-a-metrics-token-9f8e7d6c', supplier.user.id, me.email, '127.0.0.1']) {
      expect(res.text, 'a secret or personal value').not.toContain(secret);
    }
    expect(valueOf(res.families, 'binaa_http_requests_total', 'binaa_http_requests_total', { method: 'GET', route: '/api/users/me', status: '200' })).toBe(1);
  });
});
