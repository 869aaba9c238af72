/**
 * Random and hostile bodies to every write route (issue 3): wrong types, huge strings,
 * SQL and script text, unknown and forbidden fields, malformed ids. The answer is always
 * a 4xx with the error body, never a 5xx, and no row of any table changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { startTestServer, type TestServer } from './test/harness';
import { signInAs } from './test/sign-in';
import crypto from 'node:crypto';
import { TestClient } from './test/http-client';
import { registry } from './http/route';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 25);

const TABLES = [
  'users', 'profiles', 'products', 'projects', 'bids', 'instant_orders', 'instant_order_responses',
  'transport_requests', 'transport_offers', 'reviews', 'notifications', 'subscriptions',
  'registration_requests', 'sync_clients', 'sync_mutations', 'changes', 'categories',
];

const NASTY = [
  "'; drop table products; --",
  "1' or '1'='1",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '\u0000',
  '\uD800',
  '../../etc/passwd',
  'x'.repeat(20_000),
  '٠٥٠١٢٣٤٥٦٧',
  '-1',
  'NaN',
];

const hostileValue = fc.oneof(
  fc.constantFrom<unknown>(...NASTY, -1, 0, 1e308, -1e308, 0.001, 2 ** 63, null, true, false, [], {}, [null], { $gt: '' }),
  fc.string({ maxLength: 50 }),
  fc.double(),
  fc.integer(),
  fc.uuid(),
  fc.array(fc.string(), { maxLength: 3 }),
);

function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
    return Object.keys(js.properties ?? {});
  } catch {
    return [];
  }
}

const hostileBody = (fields: string[]) =>
  fc.oneof(
    fc.anything({ maxDepth: 2 }),
    fc.dictionary(
      fc.constantFrom(...fields, 'status', 'supplier_id', 'verification_tier', 'is_admin', 'user_id', '__proto__', 'constructor', 'average_rating'),
      hostileValue,
      { minKeys: 1, maxKeys: 6 },
    ),
  );

const hostileId = fc.oneof(
  fc.uuid(), // well formed, but nothing has it
  fc.constantFrom("1' or '1'='1", '..%2F..%2Fetc', '%00', '-1', 'null', '{id}', 'a'.repeat(300)),
  fc.string({ minLength: 1, maxLength: 40 }),
);

describe('hostile input to every write route', () => {
  let server: TestServer;
  let callers: Record<string, TestClient>;
  let snapshot: () => Promise<string>;

  beforeAll(async () => {
    server = await startTestServer({ limits: { quickSignupPerHour: 1_000_000, loginFailuresPer15Min: 1_000_000 } });
    callers = {
      supplier: await signInAs(server, { role: 'supplier' }),
      contractor: await signInAs(server, { role: 'contractor' }),
      government: await signInAs(server, { role: 'government' }),
      transport: await signInAs(server, { role: 'transport' }),
      admin: await signInAs(server, { role: 'admin', is_admin: true }),
    };
    const knex = server.db.knex;
    snapshot = async () => {
      const parts = TABLES.map((t) => `select '${t}' as t, count(*)::text as n, coalesce(max(created_at)::text, '') as c from ${t}`);
      const { rows } = await knex.raw(parts.join(' union all '));
      const updated = await knex.raw(
        TABLES.filter((t) => t !== 'changes').map((t) => `select coalesce(max(updated_at)::text, '') as u from ${t}`).join(' union all '),
      );
      return JSON.stringify([rows, updated.rows]);
    };
  });
  afterAll(() => server.close());

  const writes = () => registry.filter((r) => r.method !== 'get' && r.path !== '/api/logout');

  it('has write routes to attack', () => {
    expect(writes().length).toBeGreaterThan(25);
  });

  it(`answers ${RUNS} hostile calls per write route with a 4xx and changes nothing`, async () => {
    const roles = Object.keys(callers).filter((r) => r !== 'admin');
    let n = 0;
    for (const route of writes()) {
      const fields = fieldsOf(route.body);
      // Without an id in the path, a body the route's schema accepts (an empty one for
      // mark-all-read or the free trial) is a valid call, not a hostile one.
      const isEmpty = (b: unknown) => b === null || b === undefined || (typeof b === 'object' && !Array.isArray(b) && Object.keys(b as object).length === 0);
      // Judged as the server receives it: JSON drops undefined values, so {"x": undefined} arrives as {}.
      const wire = (b: unknown): unknown => JSON.parse(JSON.stringify(b) ?? 'null');
      const acceptable = (b: unknown) => (route.body ? route.body.safeParse(wire(b) ?? {}).success : isEmpty(wire(b)));
      const bodies = route.path.includes('{') ? hostileBody(fields) : hostileBody(fields).filter((b) => !acceptable(b));
      await fc.assert(
        fc.asyncProperty(bodies, hostileId, fc.constantFrom(...roles), async (body, id, role) => {
          const client = route.access === 'admin' ? callers.admin : callers[role];
          const path = route.path.replace(/\{\w+\}/g, encodeURIComponent(id));
          const before = await snapshot();
          const res = await client.request(route.method.toUpperCase(), path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
          n++;
          const where = `${route.method.toUpperCase()} ${path} ${JSON.stringify(body)?.slice(0, 200)}`;
          expect(res.status, where).toBeGreaterThanOrEqual(400);
          expect(res.status, where).toBeLessThan(500);
          expect(res.body, where).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
          expect(await snapshot(), where).toBe(before);
        }),
        { numRuns: RUNS },
      );
    }
    expect(n).toBe(RUNS * writes().length);
  }, 600_000);

  it('refuses a name made only of invisible characters with 400 naming the field, over REST and the sync push, and stores nothing', async () => {
    const invisible = '\u200b\u2060\u3164'; // zero-width space, word joiner, Hangul filler: looks empty
    const before = await snapshot();
    const rest = await callers.supplier.post('/api/products', { name: invisible, price: 10, unit: 'كيس' });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ code: 'validation_failed', details: [{ path: 'name', message: 'invisible_only' }] });
    const quick = await new TestClient(server.url).post('/api/quick-signup', {
      company_name: '\u200b', contact_person: 'خالد', phone: '0551234567', email: 'k@example.com', city: 'جدة', service_description: 'رمل',
    });
    expect(quick.status).toBe(400);
    expect(quick.body.details).toEqual([expect.objectContaining({ path: 'company_name', message: 'invisible_only' })]);
    expect(await snapshot()).toBe(before);
    const id = crypto.randomUUID();
    const push = await callers.government.post('/api/sync/push', {
      client_id: crypto.randomUUID(),
      mutations: [{ id: 1, name: 'project.create', args: { id, title: invisible, description: 'مبنى', location: 'الرياض' } }],
    });
    expect(push.body.results[0]).toMatchObject({ status: 'rejected', code: 'validation_failed', details: [{ path: 'title', message: 'invisible_only' }] });
    expect(await server.db.knex('projects').where({ id })).toEqual([]);
  });

  it('stores a name without the bidirectional controls that would show it reordered', async () => {
    // "Cement" then RIGHT-TO-LEFT OVERRIDE: the rest ("gk05") would display as "50kg".
    const res = await callers.supplier.post('/api/products', { name: 'Cement \u202egk05\u202c', price: 10, unit: 'كيس' });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Cement gk05');
    expect((await server.db.knex('products').where({ id: res.body.id }).first()).name).toBe('Cement gk05');
  });
});
