/**
 * DELETE /api/account through REST: the confirmation, what is erased (the person, their
 * sessions and push devices, a one-person company's profile and listings), what the law
 * keeps (tax documents with the names they were issued under, marked retained) and the
 * retention sweep on the clock.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, joinCompany, type Client } from '../../test/factories';
import { loginCodeIn, signInAs } from '../../test/sign-in';
import { TestClient } from '../../test/http-client';
import { categoryId } from '../../test/rfq-steps';
import { clearedInvoice, tradingParties } from '../../test/invoice-steps';
import { createClock } from '../../clock';
import { deletedEmail } from './deletion';
import { sweepRetained } from './retention';

const deleteAccount = (client: TestClient, confirm: unknown) => client.request('DELETE', '/api/account', { json: { confirm } });

describe('DELETE /api/account', () => {
  let server: TestServer;
  let category: string;
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
  });
  afterAll(() => server.close());
  const knex = (): Knex => server.db.knex;

  /** Another signed-in device of the same person. */
  async function secondDevice(client: Client): Promise<TestClient> {
    const device = new TestClient(server.url, server.config.publicUrl);
    const res = await device.post('/api/sessions', { code: await loginCodeIn(server, device, client.user.id) });
    expect(res.status).toBe(200);
    return device;
  }

  /** A push subscription of the person's session, as PUT /api/push/subscription leaves one. */
  async function pushDevice(userId: string): Promise<void> {
    const { id: sessionId } = await knex()('sessions').where({ user_id: userId }).first('id');
    await knex()('push_subscriptions').insert({ user_id: userId, session_id: sessionId, device_id: `d-${userId}`, endpoint: `https://push.test/${userId}`, p256dh: 'k', auth: 'a' });
  }

  it('should fail with status 400 account_confirmation_mismatch when the confirmation is not the email, and delete nothing', async () => {
    const person = await as(server, 'contractor');
    for (const wrong of ['yes', `x${person.user.email}`, '']) {
      const res = await deleteAccount(person, wrong);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('account_confirmation_mismatch');
    }
    expect((await deleteAccount(person, undefined)).body.code).toBe('validation_failed');
    expect((await person.get('/api/users/me')).status).toBe(200);
    expect(await knex()('users').where({ id: person.user.id }).first('deleted_at')).toEqual({ deleted_at: null });
  });

  it('should fail with status 401 without a session', async () => {
    const res = await deleteAccount(new TestClient(server.url, server.config.publicUrl), 'a@b.sa');
    expect(res.status).toBe(401);
  });

  it('should fail with status 409 company_has_members while others act for the owner’s company', async () => {
    const owner = await as(server, 'supplier');
    const member = await signInAs(server, { role: null });
    await joinCompany(knex(), member.user.id, owner.user.id, 'member');
    const res = await deleteAccount(owner, owner.user.email);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('company_has_members');
    expect((await owner.get('/api/users/me')).status).toBe(200);
  });

  it('should erase the person, end every session and push device, and tell their other devices account_deleted', async () => {
    const person = await as(server, 'contractor', { name: 'سارة', company_name: 'مقاولات سارة' });
    await knex()('profiles').where({ user_id: person.user.id }).update({ phone: '+966501234567', city: 'الرياض' });
    const other = await secondDevice(person);
    await pushDevice(person.user.id);
    const res = await deleteAccount(person, `  ${person.user.email.toUpperCase()} `);
    expect(res.status, res.text).toBe(204);

    const audit = await knex()('audit_log').where({ action: 'account.delete', record_id: person.user.id }).first('actor_id', 'company_id', 'changes');
    expect(audit).toMatchObject({ actor_id: person.user.id, company_id: person.user.id });
    expect(JSON.stringify(audit.changes)).not.toContain(person.user.email);
    const user = await knex()('users').where({ id: person.user.id }).first();
    expect(user).toMatchObject({ email: deletedEmail(person.user.id), name: null, provider: null, provider_subject: null });
    expect(user.deleted_at).not.toBeNull();
    const profile = await knex()('profiles').where({ user_id: person.user.id }).first();
    expect(profile).toMatchObject({ company_name: null, phone: null, city: null });
    expect(Number((await knex()('sessions').where({ user_id: person.user.id }).count({ n: '*' }))[0].n)).toBe(0);
    expect(Number((await knex()('push_subscriptions').where({ user_id: person.user.id }).count({ n: '*' }))[0].n)).toBe(0);
    expect(Number((await knex()('company_members').where({ user_id: person.user.id }).count({ n: '*' }))[0].n)).toBe(0);

    // The cookie that deleted it is ended; the other device hears why, on the sync and on the session.
    expect((await person.get('/api/users/me')).status).toBe(401);
    const pull = await other.get('/api/sync/pull');
    expect(pull.status).toBe(401);
    expect(pull.body.code).toBe('account_deleted');
    expect((await other.get('/api/session')).body).toEqual({ user: null, profile: null, account_deleted: true });
    // Signing out there ends the tombstone too.
    expect((await other.post('/api/logout')).status).toBe(200);
    expect((await other.get('/api/sync/pull')).body.code).toBe('unauthenticated');
  });

  it('should end only the membership of a member who leaves, the company and its records staying', async () => {
    const owner = await as(server, 'supplier');
    const member = await signInAs(server, { role: null });
    await joinCompany(knex(), member.user.id, owner.user.id, 'member');
    expect((await deleteAccount(member, member.user.email)).status).toBe(204);
    expect(await knex()('company_members').where({ user_id: member.user.id }).first()).toBeUndefined();
    expect(await knex()('profiles').where({ user_id: owner.user.id }).first('company_name')).not.toMatchObject({ company_name: null });
    // The owner is alone now, and may go.
    expect((await deleteAccount(owner, owner.user.email)).status).toBe(204);
  });

  it('should keep the tax documents with the names they were issued under, retained six years, and the sweep should remove only those past their day', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const kept = await knex()('invoices').where({ id: invoice.id }).first('seller', 'buyer');
    // Another company's invoice, not deleted: kept whatever its age.
    const live = await tradingParties(server, category, buyer);
    const liveInvoice = await clearedInvoice(live.buyer, live.seller, category);

    // A payment a year after the invoice's day: kept a year longer, and the invoice with it.
    const paidOn = `${Number(invoice.issued_at.slice(0, 4)) + 1}${invoice.issued_at.slice(4, 10)}`;
    const [payment] = await knex()('payments')
      .insert({ id: crypto.randomUUID(), invoice_id: invoice.id, payer_id: buyer.user.id, payee_id: seller.user.id, amount: invoice.total, paid_on: paidOn, reference: 'TR-1' })
      .returning('id');

    expect((await deleteAccount(seller, seller.user.email)).status).toBe(204);
    const paymentRow = await knex()('payments').where({ id: payment.id }).first(knex().raw('retained_until::text as retained_until'));
    expect(paymentRow.retained_until).toBe(`${Number(paidOn.slice(0, 4)) + 6}${paidOn.slice(4)}`);
    const row = await knex()('invoices').where({ id: invoice.id }).first('seller', 'buyer', 'issued_at', knex().raw('retained_until::text as retained_until'));
    expect(row.seller).toEqual(kept.seller);
    expect(row.seller.legal_name).toBeTruthy();
    expect(row.buyer).toEqual(kept.buyer);
    const issuedDay = new Date(new Date(row.issued_at).getTime() + 3 * 3600_000).toISOString().slice(0, 10);
    expect(row.retained_until).toBe(`${Number(issuedDay.slice(0, 4)) + 6}${issuedDay.slice(4)}`);
    // The buyer still reads it, as issued.
    const seen = await buyer.get(`/api/invoices/${invoice.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.seller.legal_name).toBe(kept.seller.legal_name);

    const clock = createClock();
    clock.setDaysAhead(6 * 365); // before its day (six years hold one or two leap days)
    await sweepRetained(knex(), clock);
    expect(await knex()('invoices').where({ id: invoice.id }).first('id')).toBeTruthy();
    clock.setDaysAhead(6 * 365 + 3);
    await sweepRetained(knex(), clock);
    // Past the invoice's day, not its payment's: both stay.
    expect(await knex()('invoices').where({ id: invoice.id }).first('id')).toBeTruthy();
    expect(await knex()('payments').where({ id: payment.id }).first('id')).toBeTruthy();
    clock.setDaysAhead(7 * 365 + 4);
    await sweepRetained(knex(), clock);
    expect(await knex()('payments').where({ id: payment.id }).first('id')).toBeUndefined();
    expect(await knex()('invoices').where({ id: invoice.id }).first('id')).toBeUndefined();
    expect(await knex()('invoices').where({ id: liveInvoice.id }).first('id')).toBeTruthy();
  }, 120_000);
});
