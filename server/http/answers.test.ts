/**
 * Every read's answer against its declared response schema, on the demo data: each demo
 * account asks every GET route that declares one (route() fails an answer that drifted
 * from its schema with a 500 outside production), an item route with the first id its
 * list answered. A changed column, a number sent as a string or a field the schema lost
 * fails here even when no test of the area reads that field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { TestClient } from '../test/http-client';
import { loginCodeIn } from '../test/sign-in';
import { DEMO_ACCOUNTS, seedDemo } from '../seed/demo';
import { registry } from './route';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.db.knex);
}, 300_000);

afterAll(async () => {
  await server?.close();
});

async function client(email: string): Promise<TestClient> {
  const user = await server.db.knex('users').where({ email }).first('id');
  const c = new TestClient(server.url, server.config.publicUrl);
  const res = await c.post('/api/sessions', { code: await loginCodeIn(server, c, user.id) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return c;
}

describe('answers against their response schemas', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.role, a.email]))('answers the %s every read as its schema says', async (_role, email) => {
    const c = await client(email);
    const reads = registry.filter((r) => r.method === 'get' && r.response);
    const firstIds = new Map<string, string>();
    const drifted: string[] = [];
    const ask = async (path: string, as: string) => {
      const res = await c.get(path);
      if (res.status >= 500) drifted.push(`${as}: ${res.status} ${(res.body as { error?: string })?.error ?? ''}`);
      return res;
    };
    for (const r of reads.filter((r) => !r.path.includes('{'))) {
      const res = await ask(r.path, r.path);
      const first = Array.isArray(res.body) ? (res.body[0] as { id?: unknown } | undefined) : undefined;
      if (typeof first?.id === 'string') firstIds.set(r.path, first.id);
    }
    for (const r of reads.filter((r) => /^[^{]*\{id\}[^{]*$/.test(r.path))) {
      const id = firstIds.get(r.path.slice(0, r.path.indexOf('/{id}')));
      if (id) await ask(r.path.replace('{id}', id), r.path);
    }
    expect(drifted).toEqual([]);
  }, 300_000);
});
