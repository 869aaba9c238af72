import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs } from '../../test/sign-in';

describe('profiles', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const newUser = () => signInAs(server, { role: null });

  it('answers 401 when signed out', async () => {
    const anon = new TestClient(server.url);
    expect((await anon.get('/api/profiles/me')).status).toBe(401);
    expect((await anon.post('/api/profiles', { role: 'supplier' })).status).toBe(401);
  });

  it('answers 404 before setup', async () => {
    const client = await newUser();
    const res = await client.get('/api/profiles/me');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('creates the profile at setup with the phone in E.164', async () => {
    const client = await newUser();
    const res = await client.post('/api/profiles', {
      role: 'supplier',
      company_name: 'مؤسسة البناء الحديث',
      phone: '0501234567',
      city: 'الرياض',
      website: 'https://binaa.example.sa',
      cr_number: '1010123456',
      vat_number: '300000000000003',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'supplier', phone: '+966501234567', verification_tier: 'unverified', total_reviews: 0 });
    expect((await client.get('/api/profiles/me')).body.company_name).toBe('مؤسسة البناء الحديث');
    const row = await server.db.knex('profiles').where({ user_id: client.user.id }).first();
    expect(row.phone).toBe('+966501234567');
  });

  it('refuses a profile without a role', async () => {
    const client = await newUser();
    const res = await client.post('/api/profiles', { company_name: 'X' });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain('role');
  });

  it.each([['admin'], ['emperor'], ['']])('refuses the role %j', async (role) => {
    const client = await newUser();
    expect((await client.post('/api/profiles', { role })).status).toBe(400);
  });

  it('lets an admin edit their own details, and nobody else take the admin role', async () => {
    const admin = await signInAs(server, { role: 'admin', company_name: 'إدارة المنصة' });
    const res = await admin.post('/api/profiles', { role: 'admin', company_name: 'إدارة منصة بناء', phone: '0551234567' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'admin', company_name: 'إدارة منصة بناء', phone: '+966551234567' });
    const contractor = await signInAs(server, { role: 'contractor' });
    expect((await contractor.post('/api/profiles', { role: 'admin' })).body.code).toBe('role_locked');
  });

  it.each([
    ['website', 'not a url'],
    ['phone', '12345'],
    ['cr_number', '12345'],
    ['vat_number', '123456789012345'],
  ])('refuses an invalid %s', async (field, value) => {
    const client = await newUser();
    const res = await client.post('/api/profiles', { role: 'contractor', [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(field);
    expect((await client.get('/api/profiles/me')).status).toBe(404);
  });

  it('keeps the buyer\'s receipt tolerance, 0 to 20 %', async () => {
    const client = await signInAs(server, { role: 'contractor' });
    expect((await client.get('/api/profiles/me')).body.receipt_tolerance_percent).toBe(0);
    const res = await client.post('/api/profiles', { role: 'contractor', receipt_tolerance_percent: 2.5 });
    expect(res.status).toBe(200);
    expect(res.body.receipt_tolerance_percent).toBe(2.5);
    for (const bad of [-1, 20.5, 'five']) {
      const refused = await client.post('/api/profiles', { role: 'contractor', receipt_tolerance_percent: bad });
      expect(refused.status).toBe(400);
      expect(refused.body.details.map((d: { path: string }) => d.path)).toContain('receipt_tolerance_percent');
    }
    expect((await client.get('/api/profiles/me')).body.receipt_tolerance_percent).toBe(2.5);
  });

  it('refuses fields a user may not set', async () => {
    const client = await newUser();
    for (const extra of [{ verification_tier: 'diamond' }, { average_rating: 5 }, { user_id: client.user.id }]) {
      const res = await client.post('/api/profiles', { role: 'contractor', ...extra });
      expect(res.status).toBe(400);
    }
  });

  it('updates the profile while keeping the role', async () => {
    const client = await newUser();
    await client.post('/api/profiles', { role: 'government', company_name: 'Old' });
    const res = await client.post('/api/profiles', { role: 'government', company_name: 'أمانة منطقة الرياض' });
    expect(res.status).toBe(200);
    expect(res.body.company_name).toBe('أمانة منطقة الرياض');
  });

  it('answers 409 role_locked when the role changes after setup', async () => {
    const client = await newUser();
    await client.post('/api/profiles', { role: 'transport' });
    const res = await client.post('/api/profiles', { role: 'supplier' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: expect.any(String), code: 'role_locked' });
    expect((await client.get('/api/profiles/me')).body.role).toBe('transport');
  });

  it('sends the products of a supplier who renames the company to every holder again', async () => {
    const supplier = await signInAs(server, { role: 'supplier', company_name: 'الاسم القديم' });
    const created = await supplier.post('/api/products', { name: 'أسمنت', price: 20, unit: 'كيس' });
    expect(created.status).toBe(201);
    const before = await server.db.knex('changes').where({ entity: 'product', entity_id: created.body.id }).count('* as n').first();
    await supplier.post('/api/profiles', { role: 'supplier', company_name: 'الاسم الجديد' });
    const after = await server.db.knex('changes').where({ entity: 'product', entity_id: created.body.id }).count('* as n').first();
    expect(Number(after!.n)).toBe(Number(before!.n) + 1);
    expect((await supplier.get(`/api/products/${created.body.id}`)).body.supplier_name).toBe('الاسم الجديد');
  });

  it("shows a supplier's phone and website on their products, and sends the products again when either changes", async () => {
    const supplier = await signInAs(server, { role: 'supplier', company_name: 'مؤسسة التواصل' });
    const created = await supplier.post('/api/products', { name: 'بلوك', price: 3, unit: 'حبة' });
    const count = async () => Number((await server.db.knex('changes').where({ entity: 'product', entity_id: created.body.id }).count('* as n').first())!.n);
    const before = await count();
    await supplier.post('/api/profiles', { role: 'supplier', company_name: 'مؤسسة التواصل', phone: '0501234567', website: 'https://tawasul.example.sa' });
    expect(await count()).toBe(before + 1);
    const reader = await signInAs(server, { role: 'contractor' });
    expect((await reader.get(`/api/products/${created.body.id}`)).body).toMatchObject({
      supplier_phone: '+966501234567',
      supplier_website: 'https://tawasul.example.sa',
    });
    // The same values again change nothing anyone holds.
    await supplier.post('/api/profiles', { role: 'supplier', company_name: 'مؤسسة التواصل', phone: '+966501234567', website: 'https://tawasul.example.sa' });
    expect(await count()).toBe(before + 1);
  });
});
