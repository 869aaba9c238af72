/**
 * The company's tax profile: each rule of the shared schema with a value it refuses and
 * one it takes (as ZATCA's rules would judge the invoice built from it), the 400 naming
 * every refused field, who may write and read it, what is stored, the numbers it may not
 * share with another company, the tier neither it nor the e-invoicing onboarding lifts, and
 * the same save through the sync push reaching a member's feed.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxProfileInputSchema, taxProfileSchema } from '../../../shared/schemas/tax-profile';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs } from '../../test/sign-in';
import { VALID_TAX_PROFILE, taxNumbers, taxProfile } from '../../test/tax-profile';

type Client = Awaited<ReturnType<typeof signInAs>>;

type Profile = typeof VALID_TAX_PROFILE;
const withField = (path: string, value: unknown): Profile => {
  const copy = structuredClone(VALID_TAX_PROFILE) as Record<string, unknown> & { address: Record<string, unknown> };
  const [head, tail] = path.split('.');
  if (tail) copy.address[tail] = value;
  else copy[head] = value;
  return copy as unknown as Profile;
};

describe('the tax profile schema', () => {
  const refuses = (path: string, value: unknown) => {
    const result = taxProfileInputSchema.safeParse(withField(path, value));
    return !result.success && result.error.issues.some((i) => i.path.join('.') === path);
  };
  const takes = (path: string, value: unknown) => taxProfileInputSchema.safeParse(withField(path, value)).success;

  it.each([
    // [field, refused, taken]
    ['vat_number', '31012239350000', '310122393500003'], // 15 digits (BR-KSA-39)
    ['vat_number', '210122393500003', '٣١٠١٢٢٣٩٣٥٠٠٠٠٣'], // first digit 3 (BR-KSA-40); Arabic-Indic digits read
    ['vat_number', '310122393500004', '310 1223 9350 0003'], // last digit 3 (BR-KSA-40); spaces dropped
    ['cr_number', '101001000', '1010010000'],
    ['cr_number', '10100100AB', '١٠١٠٠١٠٠٠٠'],
    ['legal_name', '', 'مؤسسة الرياض'],
    ['legal_name', 'Riyadh Trading', 'Riyadh مؤسسة'], // the registered name in Arabic
    ['iban', 'SA0380000000608010167518', 'SA03 8000 0000 6080 1016 7519'], // mod 97; spaces dropped
    ['iban', 'GB82WEST12345698765432', 'sa0380000000608010167519'], // Saudi only; letters upper-cased
    ['address.building_number', '123', '١٢٣٤'], // 4 digits (BR-KSA-37)
    ['address.postal_code', '1234', '12345'], // 5 digits (BR-KSA-66)
    ['address.additional_number', '56789', ''], // 4 digits, optional
    ['address.street', '', 'شارع التحلية'], // BR-KSA-09
    ['address.district', ' ', 'السليمانية'],
    ['address.city', '', 'جدة'],
  ])('%s: refuses %j, takes %j', (path, refused, taken) => {
    expect(refuses(path, refused)).toBe(true);
    expect(takes(path, taken)).toBe(true);
  });

  it('stores digits as ASCII and the IBAN in one block of capitals', () => {
    const out = taxProfileInputSchema.parse({ ...withField('vat_number', '٣١٠١٢٢٣٩٣٥٠٠٠٠٣'), iban: 'sa03 8000-0000 6080 1016 7519' });
    expect(out.vat_number).toBe('310122393500003');
    expect(out.iban).toBe('SA0380000000608010167519');
  });
});

describe('PUT and GET /api/company/tax-profile', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  /** A new person who joins `owner`'s company as a member. */
  const memberOf = async (owner: Client) => {
    const { token } = (await owner.post('/api/company/invites', { role: 'member' })).body;
    const person = await signInAs(server, { role: null });
    expect((await person.post(`/api/company/invites/${token}/accept`)).status).toBe(200);
    return person;
  };

  it('answers 400 validation_failed naming every field ZATCA would reject, and stores nothing', async () => {
    const owner = await signInAs(server, { role: 'supplier' });
    const bad = {
      ...VALID_TAX_PROFILE,
      vat_number: '410122393500004',
      cr_number: '123',
      iban: 'SA0000000000000000000000',
      address: { ...VALID_TAX_PROFILE.address, building_number: '12', postal_code: 'abcde' },
    };
    const res = await owner.put('/api/company/tax-profile', bad);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    const paths = (res.body.details as Array<{ path: string; message: string }>).map((d) => d.path).sort();
    expect(paths).toEqual(['address.building_number', 'address.postal_code', 'cr_number', 'iban', 'vat_number']);
    expect(res.body.details).toContainEqual(expect.objectContaining({ path: 'vat_number', message: 'invalid_vat_number' }));
    expect(res.body.details).toContainEqual(expect.objectContaining({ path: 'address.postal_code', message: 'invalid_postal_code' }));
    expect(await knex()('company_tax_profiles').where({ company_id: owner.user.id }).first()).toBeUndefined();
  });

  it('saves the owner’s profile (digits as ASCII), reads it back, writes its VAT and CR numbers to the company’s profile', async () => {
    const owner = await signInAs(server, { role: 'supplier' });
    expect((await owner.get('/api/company/tax-profile')).status).toBe(404);
    const res = await owner.put('/api/company/tax-profile', { ...VALID_TAX_PROFILE, cr_number: '١٠١٠٠١٠٠٠٠' });
    expect(res.status, res.text).toBe(200);
    const saved = taxProfileSchema.parse(res.body);
    expect(saved).toMatchObject({ ...VALID_TAX_PROFILE, cr_number: '1010010000' });
    expect((await owner.get('/api/company/tax-profile')).body).toEqual(res.body);
    const row = await knex()('company_tax_profiles').where({ company_id: owner.user.id }).first();
    expect(row).toMatchObject({ vat_number: '310122393500003', cr_number: '1010010000', building_number: '1234', postal_code: '12345' });
    expect(await knex()('profiles').where({ user_id: owner.user.id }).first('vat_number', 'cr_number')).toEqual({ vat_number: '310122393500003', cr_number: '1010010000' });
    // A second save replaces it (one profile per company); clearing the optional fields stores null.
    const again = await owner.put('/api/company/tax-profile', { ...VALID_TAX_PROFILE, legal_name_en: '', iban: null });
    expect(again.body).toMatchObject({ legal_name_en: null, iban: null });
    expect(await knex()('company_tax_profiles').where({ company_id: owner.user.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('lifts no tier, and neither does ZATCA onboarding the unit: only the register verifies a company (shared/tiers.ts)', async () => {
    const plain = await signInAs(server, { role: 'supplier' });
    const tier = async (c: Client) => (await knex()('profiles').where({ user_id: c.user.id }).first('verification_tier')).verification_tier;
    expect(await tier(plain)).toBe('unverified');
    expect((await plain.put('/api/company/tax-profile', taxProfile())).status).toBe(200);
    expect(await tier(plain)).toBe('unverified');
    expect((await plain.post('/api/e-invoicing/onboard', { otp: '123456' })).body.status).toBe('ready');
    expect(await tier(plain)).toBe('unverified');
  });

  it("refuses another company's VAT or CR number with 409 vat_number_taken / cr_number_taken, REST and sync, and stores nothing; its own numbers save again", async () => {
    const first = await signInAs(server, { role: 'supplier' });
    const copier = await signInAs(server, { role: 'contractor' });
    const numbers = taxProfile();
    expect((await first.put('/api/company/tax-profile', numbers)).status).toBe(200);
    const vat = await copier.put('/api/company/tax-profile', { ...taxProfile(), vat_number: numbers.vat_number });
    expect([vat.status, vat.body.code, vat.body.details?.[0]?.path]).toEqual([409, 'vat_number_taken', 'vat_number']);
    const cr = await copier.put('/api/company/tax-profile', { ...taxProfile(), cr_number: numbers.cr_number });
    expect([cr.status, cr.body.code, cr.body.details?.[0]?.path]).toEqual([409, 'cr_number_taken', 'cr_number']);
    const pushed = await copier.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'tax_profile.save', args: { ...numbers, legal_name: 'نسخة' } }] });
    expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', code: 'vat_number_taken' });
    expect(await knex()('company_tax_profiles').where({ company_id: copier.user.id }).first()).toBeUndefined();
    expect(await knex()('profiles').where({ user_id: copier.user.id }).first('vat_number', 'verification_tier')).toEqual({ vat_number: null, verification_tier: 'unverified' });
    expect((await first.put('/api/company/tax-profile', { ...numbers, legal_name: 'مؤسسة البناء الحديث' })).status).toBe(200);
    // Two saves at one instant: the unique index refuses the later one with the same code.
    const other = await signInAs(server, { role: 'contractor' });
    await expect(
      knex()('company_tax_profiles').insert({ company_id: other.user.id, legal_name: 'x', vat_number: numbers.vat_number, cr_number: taxNumbers().cr_number, building_number: '1234', street: 's', district: 'd', city: 'c', postal_code: '12345' }),
    ).rejects.toMatchObject({ code: '23505', constraint: 'company_tax_profiles_vat_number_key' });
  });

  it("keeps the profile's numbers the tax profile's: another company's numbers are refused there too, and a company with a tax profile shows its own", async () => {
    const holder = await signInAs(server, { role: 'supplier' });
    const held = taxProfile();
    expect((await holder.put('/api/company/tax-profile', held)).status).toBe(200);
    const profile = (over: Record<string, unknown>) => ({ role: 'contractor', company_name: 'مقاولات الشرق', phone: '0501234567', city: 'الرياض', ...over });
    const other = await signInAs(server, { role: 'contractor' });
    const copied = await other.post('/api/profiles', profile({ vat_number: held.vat_number }));
    expect([copied.status, copied.body.code]).toEqual([409, 'vat_number_taken']);
    const copiedCr = await other.post('/api/profiles', profile({ cr_number: held.cr_number }));
    expect([copiedCr.status, copiedCr.body.code]).toEqual([409, 'cr_number_taken']);
    // The holder's profile form cannot make its shown numbers differ from its tax profile's.
    const mine = await holder.post('/api/profiles', profile({ role: 'supplier', ...taxNumbers() }));
    expect(mine.status, mine.text).toBe(200);
    expect(await knex()('profiles').where({ user_id: holder.user.id }).first('vat_number', 'cr_number')).toEqual({ vat_number: held.vat_number, cr_number: held.cr_number });
  });

  it('keeps the VAT number ZATCA onboarded the unit for: a new one is 409 vat_number_locked, other fields save', async () => {
    const owner = await signInAs(server, { role: 'supplier' });
    const mine = taxProfile();
    expect((await owner.put('/api/company/tax-profile', mine)).status).toBe(200);
    // Before onboarding the company may correct its number.
    const corrected = taxProfile({ cr_number: mine.cr_number });
    expect((await owner.put('/api/company/tax-profile', corrected)).status).toBe(200);
    expect((await owner.post('/api/e-invoicing/onboard', { otp: '123456' })).body.status).toBe('ready');
    const moved = await owner.put('/api/company/tax-profile', { ...corrected, vat_number: taxNumbers().vat_number });
    expect([moved.status, moved.body.code, moved.body.details?.[0]?.path]).toEqual([409, 'vat_number_locked', 'vat_number']);
    expect((await owner.put('/api/company/tax-profile', { ...corrected, legal_name: 'مؤسسة البناء الحديث للتجارة والمقاولات' })).status).toBe(200);
    expect((await owner.get('/api/company/tax-profile')).body.vat_number).toBe(corrected.vat_number);
  });

  it('is the owner’s to write: 403 owner_only to a member, who reads it; another company sees only its own', async () => {
    const owner = await signInAs(server, { role: 'supplier' });
    const member = await memberOf(owner);
    const other = await signInAs(server, { role: 'contractor' });
    const mine = taxProfile();
    const write = await member.put('/api/company/tax-profile', mine);
    expect([write.status, write.body.code]).toEqual([403, 'owner_only']);
    expect((await owner.put('/api/company/tax-profile', mine)).status).toBe(200);
    expect((await member.get('/api/company/tax-profile')).body.vat_number).toBe(mine.vat_number);
    // The other company has none of its own, and never reads this one.
    expect((await other.get('/api/company/tax-profile')).status).toBe(404);
    expect((await other.put('/api/company/tax-profile', taxProfile())).status).toBe(200);
    expect((await owner.get('/api/company/tax-profile')).body.vat_number).toBe(mine.vat_number);
    expect((await new TestClient(server.url).get('/api/company/tax-profile')).status).toBe(401);
    const noCompany = await signInAs(server, { role: null });
    expect((await noCompany.put('/api/company/tax-profile', VALID_TAX_PROFILE)).body.code).toBe('profile_required');
  });

  it('saves through the sync push with the same rules, and reaches a member’s devices in the company’s profile row', async () => {
    const owner = await signInAs(server, { role: 'supplier' });
    const member = await memberOf(owner);
    const push = (c: Client, args: unknown) => c.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'tax_profile.save', args }] });
    const mine = taxProfile();
    const refused = await push(member, mine);
    expect(refused.body.results[0]).toMatchObject({ status: 'rejected', code: 'owner_only' });
    const accepted = await push(owner, mine);
    expect(accepted.body.results[0].status, accepted.text).toBe('applied');
    const pulled = await member.get('/api/sync/pull?cursor=&limit=500');
    const row = pulled.body.changes.find((c: { entity: string; id: string }) => c.entity === 'profile' && c.id === owner.user.id);
    expect(row?.data?.tax_profile).toMatchObject({ vat_number: mine.vat_number, address: mine.address });
    expect(row?.data?.verification_tier).toBe('unverified');
  });
});
