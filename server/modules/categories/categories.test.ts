import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorySchema } from '../../../shared/schemas/category';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';

describe('GET /api/categories', () => {
  let server: TestServer;
  let anon: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    anon = new TestClient(server.url);
  });
  afterAll(() => server.close());

  it('lists the 12 reference categories to anyone, by sort, with Arabic, English and Chinese names', async () => {
    const res = await anon.get('/api/categories');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(12);
    expect(res.headers.get('x-total-count')).toBe('12');
    for (const c of res.body) expect(categorySchema.strict().parse(c)).toEqual(c);
    const sorts = res.body.map((c: { sort: number }) => c.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(res.body[0]).toEqual({
      id: 'ca7e0000-0000-4000-8000-000000000001',
      slug: 'cement-concrete',
      name_ar: 'الأسمنت والخرسانة',
      name_en: 'Cement & Concrete',
      name_zh: '水泥和混凝土',
      sort: 10,
    });
  });

  it('leaves out a deleted category', async () => {
    await server.db.knex('categories').where({ slug: 'timber' }).update({ deleted_at: new Date() });
    const res = await anon.get('/api/categories');
    expect(res.body.map((c: { slug: string }) => c.slug)).not.toContain('timber');
    expect(res.headers.get('x-total-count')).toBe('11');
  });
});
