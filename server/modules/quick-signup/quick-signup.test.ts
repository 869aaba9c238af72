import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';

const FORM = {
  signupType: 'transport',
  company_name: 'شركة النقل السريع',
  contact_person: 'خالد العتيبي',
  phone: '0551234567',
  email: 'Khalid@Transport.example.SA',
  city: 'الدمام',
  service_description: 'نقل مواد البناء بالشاحنات المسطحة',
  experience_years: 8,
};

describe('POST /api/quick-signup', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ limits: { quickSignupPerHour: 3 } });
  });
  afterAll(() => server.close());

  // Every test shares one IP (127.0.0.1) and so one budget of 3 accepted submissions:
  // the rate-limit test below spends it, and runs last.
  const anon = () => new TestClient(server.url);

  it('stores a registration request for a visitor and answers 201 {id, status: new}', async () => {
    const res = await anon().post('/api/quick-signup', FORM);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), status: 'new' });
    const row = await server.db.knex('registration_requests').where({ id: res.body.id }).first();
    expect(row).toMatchObject({
      signup_type: 'transport',
      company_name: FORM.company_name,
      phone: '+966551234567',
      email: 'khalid@transport.example.sa',
      experience_years: 8,
      status: 'new',
      ip: expect.stringContaining('127.0.0.1'),
    });
  });

  it('signs up as a supplier when no type is given', async () => {
    const { signupType: _type, experience_years: _years, ...rest } = FORM;
    const res = await anon().post('/api/quick-signup', rest);
    expect(res.status).toBe(201);
    expect(await server.db.knex('registration_requests').where({ id: res.body.id }).first()).toMatchObject({
      signup_type: 'supplier',
      experience_years: null,
    });
  });

  it('answers 400 naming every missing required field, and stores nothing', async () => {
    const before = await server.db.knex('registration_requests').count<{ count: number }[]>('* as count');
    const res = await anon().post('/api/quick-signup', { signupType: 'supplier', city: 'جدة' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'company_name',
      'contact_person',
      'email',
      'phone',
      'service_description',
    ]);
    for (const field of ['company_name', 'contact_person', 'phone', 'email', 'service_description']) {
      expect(res.body.error).toContain(field);
    }
    expect(await server.db.knex('registration_requests').count('* as count')).toEqual(before);
  });

  it.each([
    ['an invalid phone', { phone: '12345' }, 'phone'],
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['an unknown signup type', { signupType: 'government' }, 'signupType'],
    ['a negative experience', { experience_years: -1 }, 'experience_years'],
    ['a blank company name', { company_name: '   ' }, 'company_name'],
  ])('answers 400 to %s', async (_name, patch, field) => {
    const res = await anon().post('/api/quick-signup', { ...FORM, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('answers 400 to fields the form does not have', async () => {
    expect((await anon().post('/api/quick-signup', { ...FORM, status: 'reviewed' })).status).toBe(400);
  });

  it('answers 429 with Retry-After once the IP has used its hourly budget', async () => {
    // Two accepted above; one more is allowed, then refused.
    expect((await anon().post('/api/quick-signup', FORM)).status).toBe(201);
    const before = await server.db.knex('registration_requests').count<{ count: number }[]>('* as count');
    const res = await anon().post('/api/quick-signup', FORM);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await server.db.knex('registration_requests').count('* as count')).toEqual(before);
  });
});
