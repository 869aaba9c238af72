/**
 * What the client sync engine reads off a pull besides the changes: how far its own
 * mutations are reflected (last_mutation_id), how much a first sync has to fetch
 * (remaining), entity filters for the first sync's order, and a compressed answer.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { signInAs } from '../../test/sign-in';
import { backfillChangeLog } from '../../registry/backfill';

type Client = Awaited<ReturnType<typeof signInAs>>;

const product = (name: string) => ({ id: crypto.randomUUID(), name, price: 12.5, unit: 'كيس' });

describe('pull for the client engine', () => {
  let server: TestServer;
  let supplier: Client;
  let contractor: Client;

  beforeAll(async () => {
    server = await startTestServer();
    supplier = await signInAs(server, { role: 'supplier' });
    contractor = await signInAs(server, { role: 'contractor' });
    await backfillChangeLog(server.db.knex);
  });
  afterAll(() => server.close());

  it('says up to which of its mutations the answer reflects when the client id is given', async () => {
    const clientId = crypto.randomUUID();
    const before = await supplier.get(`/api/sync/pull?client_id=${clientId}&limit=1`);
    expect(before.status).toBe(200);
    expect(before.body.last_mutation_id).toBe(0);

    const p = product('بلك أسمنتي مصمت');
    const pushed = await supplier.post('/api/sync/push', {
      client_id: clientId,
      mutations: [{ id: 7, name: 'product.create', args: p }],
    });
    expect(pushed.body.results).toEqual([{ id: 7, status: 'applied' }]);

    const after = await supplier.get(`/api/sync/pull?client_id=${clientId}&cursor=${before.body.cursor}&limit=5000`);
    expect(after.body.last_mutation_id).toBe(7);
    expect(after.body.changes).toContainEqual(expect.objectContaining({ entity: 'product', id: p.id, op: 'upsert' }));
    // Without a client id there is nothing to say.
    expect((await supplier.get('/api/sync/pull?limit=1')).body).not.toHaveProperty('last_mutation_id');
  });

  it("does not tell another user's client progress", async () => {
    const clientId = crypto.randomUUID();
    await supplier.post('/api/sync/push', { client_id: clientId, mutations: [{ id: 3, name: 'notification.read_all', args: {} }] });
    expect((await contractor.get(`/api/sync/pull?client_id=${clientId}&limit=1`)).body.last_mutation_id).toBe(0);
  });

  it('counts what a first sync will read on the first page only', async () => {
    const first = await contractor.get('/api/sync/pull?limit=3');
    expect(first.body.remaining).toBeGreaterThanOrEqual(16); // 12 categories and 4 plans at least
    const all: unknown[] = [...first.body.changes];
    let cursor = first.body.cursor;
    for (let more = first.body.has_more; more; ) {
      const page = await contractor.get(`/api/sync/pull?limit=50&cursor=${cursor}`);
      expect(page.body).not.toHaveProperty('remaining');
      all.push(...page.body.changes);
      cursor = page.body.cursor;
      more = page.body.has_more;
    }
    expect(first.body.remaining).toBeGreaterThanOrEqual(all.length);
  });

  it('filters by entity, so a first sync can fetch what the user needs first', async () => {
    const res = await contractor.get('/api/sync/pull?entities=plan,category&limit=5000');
    expect(res.status).toBe(200);
    const entities = new Set(res.body.changes.map((c: { entity: string }) => c.entity));
    expect([...entities].sort()).toEqual(['category', 'plan']);
    expect(res.body.remaining).toBe(res.body.changes.length);
    expect((await contractor.get('/api/sync/pull?entities=product,nonsense')).status).toBe(400);
  });

  it('answers compressed when the client accepts it', async () => {
    for (let i = 0; i < 30; i++) await supplier.post('/api/products', product(`حديد تسليح ${i} مم`));
    const res = await contractor.request('GET', '/api/sync/pull?limit=5000', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.text.length).toBeGreaterThan(1024);
    expect(['gzip', 'br']).toContain(res.headers.get('content-encoding'));
  });
});
