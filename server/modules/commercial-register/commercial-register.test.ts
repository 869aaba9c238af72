/**
 * A company's CR against the commercial register, through the development register on
 * Wathq's path and shape: an active CR under the company's legal name verifies it; a
 * suspended, expired or unknown CR, or one registered under another name, leaves it
 * unverified and says why; the register's key and format rules; the owner only asks;
 * a check that passed is repeated on the CR's yearly day and when the CR changes, and a
 * register that does not answer changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crVerificationSchema, crVerifyAnswerSchema } from '../../../shared/schemas/cr-verification';
import { startTestServer, type TestServer } from '../../test/harness';
import { signInAs } from '../../test/sign-in';
import { taxNumbers } from '../../test/tax-profile';
import { DEV_REGISTER_NUMBERS } from './dev-wathq';
import { hijriToGregorian } from './hijri';
import { sameRegisteredName } from './names';
import { sweepCrChecks } from './service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
const knex = () => server.db.knex;

/** An owner of a supplier whose profile gives `cr` under `name`. */
async function companyWith(cr: string | null, name = 'مؤسسة الرياض للتجارة', tier = 'unverified') {
  const owner = await signInAs(server, { role: 'supplier', company_name: name, verification_tier: tier });
  await knex()('profiles').where({ user_id: owner.user.id }).update({ cr_number: cr });
  return owner;
}
const tierOf = async (id: string) => (await knex()('profiles').where({ user_id: id }).first('verification_tier')).verification_tier;

describe('the check against the commercial register', () => {
  it('verifies a company whose CR is active under its legal name, and says when it is checked again', async () => {
    const owner = await companyWith(taxNumbers().cr_number, 'مؤسسة الرياض للتجارة');
    const res = await owner.post('/api/company/verify-cr');
    expect(res.status).toBe(200);
    const answer = crVerifyAnswerSchema.parse(res.body);
    expect(answer).toMatchObject({ tier: 'verified', verification: { result: 'verified', register_name: 'مؤسسة الرياض للتجارة', register_status: 'السجل التجاري قائم' } });
    expect(answer.verification.next_check_on! > server.clock.today()).toBe(true);
    expect(await tierOf(owner.user.id)).toBe('verified');
    const read = await owner.get('/api/company/cr-verification');
    expect(crVerificationSchema.parse(read.body)).toEqual(answer.verification);
  });

  it.each([
    [DEV_REGISTER_NUMBERS.suspended, 'suspended'],
    [DEV_REGISTER_NUMBERS.expired, 'expired'],
    [DEV_REGISTER_NUMBERS.not_found, 'not_found'],
    [DEV_REGISTER_NUMBERS.other_name, 'name_mismatch'],
  ])('leaves a company with CR %s unverified, saying %s, whatever tier it had', async (cr, result) => {
    const owner = await companyWith(cr, 'شركة البناء الحديث', 'gold');
    const res = await owner.post('/api/company/verify-cr');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tier: 'unverified', verification: { cr_number: cr, result, next_check_on: null } });
    if (result === 'name_mismatch') expect(res.body.verification.register_name).toBe('مؤسسة السجل التجريبية');
    if (result === 'not_found') expect(res.body.verification.register_name).toBeNull();
    expect(await tierOf(owner.user.id)).toBe('unverified');
  });

  it('gives a verified company the tier its record earns (a silver one without the deals for it is verified), and compares names as written (diacritics, alef forms, spacing aside)', async () => {
    const owner = await companyWith(taxNumbers().cr_number, 'شركة  الإعمار المتحدة', 'silver');
    await knex()('profiles').where({ user_id: owner.user.id }).update({ company_name: 'شَرِكة الاعمار  المتحدة.' });
    // The register holds the profile's name as given; the comparison is what is under test.
    expect(sameRegisteredName('شَرِكة الاعمار  المتحدة.', 'شركة الإعمار المتحدة')).toBe(true);
    expect(sameRegisteredName('مؤسسة النخيل', 'مؤسسة النخيل للمقاولات')).toBe(false);
    expect(sameRegisteredName('Al Nakheel Co.', 'al nakheel co')).toBe(true);
    const res = await owner.post('/api/company/verify-cr');
    expect(res.body).toMatchObject({ tier: 'verified', verification: { result: 'verified' } });
  });

  it('is the owner’s to ask, needs a CR, and a register that does not answer changes nothing', async () => {
    const owner = await companyWith(taxNumbers().cr_number);
    const member = await signInAs(server, { role: null });
    await knex()('company_members').insert({ company_id: owner.user.id, user_id: member.user.id, role: 'member' });
    expect((await member.post('/api/company/verify-cr')).status).toBe(403);
    expect((await member.get('/api/company/cr-verification')).status).toBe(404);
    const none = await companyWith(null);
    const missing = await none.post('/api/company/verify-cr');
    expect(missing.status).toBe(409);
    expect(missing.body.code).toBe('cr_number_missing');

    // The register out of reach (nothing listens on port 9): a 502 that says so, and no check recorded.
    const far = await companyWith(taxNumbers().cr_number);
    const register = server.config.wathq.apiUrl;
    server.config.wathq.apiUrl = 'http://127.0.0.1:9/v4';
    try {
      const res = await far.post('/api/company/verify-cr');
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('register_unavailable');
      expect(await knex()('company_cr_checks').where({ company_id: far.user.id }).first()).toBeUndefined();
      expect(await tierOf(far.user.id)).toBe('unverified');
    } finally {
      server.config.wathq.apiUrl = register;
    }
  });

  it('refuses a call without the key or with a number it does not take, as Wathq does', async () => {
    const url = `${server.config.wathq.apiUrl}/commercialregistration/info`;
    expect((await fetch(`${url}/1010000000`)).status).toBe(401);
    expect((await fetch(`${url}/1010000000`, { headers: { apiKey: 'wrong-key-wrong-key-wrong-key-xx' } })).status).toBe(401);
    const bad = await fetch(`${url}/12345`, { headers: { apiKey: server.config.wathq.apiKey } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: '400' });
  });
});

describe('the checks the sweep repeats', () => {
  it('checks a changed CR at once, and a verified one again on its yearly day', async () => {
    const owner = await companyWith(taxNumbers().cr_number, 'مؤسسة الشرق');
    await owner.post('/api/company/verify-cr');
    await knex()('company_cr_checks').update({ next_check_on: '2999-01-01' });
    const clock = { now: () => server.clock.now(), today: () => server.clock.today() };
    // Not due: nothing asked of the register.
    await sweepCrChecks(knex(), server.config, clock);
    expect((await knex()('company_cr_checks').where({ company_id: owner.user.id }).first()).next_check_on).not.toBeNull();

    // The CR changes to one the register holds as suspended: the sweep checks it and the company is unverified.
    await knex()('profiles').where({ user_id: owner.user.id }).update({ cr_number: DEV_REGISTER_NUMBERS.suspended });
    expect(await sweepCrChecks(knex(), server.config, clock)).toBeGreaterThanOrEqual(1);
    expect(await knex()('company_cr_checks').where({ company_id: owner.user.id }).first('cr_number', 'result')).toEqual({ cr_number: DEV_REGISTER_NUMBERS.suspended, result: 'suspended' });
    expect(await tierOf(owner.user.id)).toBe('unverified');

    // Another CR, verified again; then its yearly day comes (the day is moved to today) and it is asked again.
    await knex()('profiles').where({ user_id: owner.user.id }).update({ cr_number: taxNumbers().cr_number });
    await sweepCrChecks(knex(), server.config, clock);
    expect(await tierOf(owner.user.id)).toBe('verified');
    await knex()('company_cr_checks').where({ company_id: owner.user.id }).update({ next_check_on: server.clock.today(), checked_at: new Date(0) });
    await sweepCrChecks(knex(), server.config, clock);
    const after = await knex()('company_cr_checks').where({ company_id: owner.user.id }).first('checked_at', 'next_check_on');
    expect(new Date(after.checked_at).getTime()).toBeGreaterThan(0);
    expect(String(after.next_check_on) > server.clock.today()).toBe(true);
  });
});

describe('the register’s Hijri dates', () => {
  it('reads them in the Umm al-Qura calendar', () => {
    expect(hijriToGregorian('1447/09/01')).toBe('2026-02-18'); // 1 Ramadan 1447
    expect(hijriToGregorian('١٤٤١/١٠/٠١')).toBe('2020-05-24'); // 1 Shawwal 1441, in Arabic-Indic digits
    expect(hijriToGregorian('1445/13/01')).toBeNull();
    expect(hijriToGregorian('tomorrow')).toBeNull();
  });
});
