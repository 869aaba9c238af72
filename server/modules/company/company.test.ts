/**
 * Company teams through REST and the sync feed: invites (one-time, expiring, revocable,
 * owner only), joining, what a member and a driver may see and do, and removal cutting
 * access on the server and on the removed person's devices.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInviteCreatedSchema, companyInvitePreviewSchema, companyMemberSchema } from '../../../shared/schemas/company';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs } from '../../test/sign-in';

type Client = Awaited<ReturnType<typeof signInAs>>;

/** Pulls the whole feed from `cursor`; stops at a reset. */
async function pullAll(client: TestClient, cursor = '') {
  const changes: Array<{ entity: string; id: string; op: string; data?: Record<string, unknown> }> = [];
  for (let i = 0; i < 200; i++) {
    const res = await client.get(`/api/sync/pull?cursor=${cursor}&limit=500`);
    expect(res.status, res.text).toBe(200);
    if (res.body.reset) return { changes, cursor, reset: true };
    changes.push(...res.body.changes);
    cursor = res.body.cursor;
    if (!res.body.has_more) break;
  }
  return { changes, cursor, reset: false };
}

describe('company teams', () => {
  let server: TestServer;
  let anon: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    anon = new TestClient(server.url);
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  const invite = async (owner: Client, role: 'member' | 'driver' = 'member') => {
    const res = await owner.post('/api/company/invites', { role });
    expect(res.status, res.text).toBe(201);
    return companyInviteCreatedSchema.parse(res.body);
  };
  /** A new person (no setup) who joins `owner`'s company through an invite. */
  const join = async (owner: Client, role: 'member' | 'driver' = 'member') => {
    const { token } = await invite(owner, role);
    const person = await signInAs(server, { role: null });
    const res = await person.post(`/api/company/invites/${token}/accept`);
    expect(res.status, res.text).toBe(200);
    return person;
  };

  describe('POST /api/company/invites', () => {
    it('gives the owner a one-time link whose token is stored only as its hash, expiring in 7 days', async () => {
      const owner = await signInAs(server, { role: 'supplier' });
      const created = await invite(owner);
      expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(created.url).toBe(`${server.config.publicUrl}/invite/${created.token}`);
      const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      const row = await knex()('company_invites').where({ id: created.id }).first();
      expect(row.token_hash).toBe(crypto.createHash('sha256').update(created.token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(created.token);
      // Listed among the open invites, without the token.
      const list = await owner.get('/api/company/invites');
      expect(list.body.map((i: { id: string }) => i.id)).toEqual([created.id]);
      expect(list.text).not.toContain(created.token);
    });

    it('answers 409 driver_needs_transport for a driver invite outside a transport company', async () => {
      const owner = await signInAs(server, { role: 'contractor' });
      const res = await owner.post('/api/company/invites', { role: 'driver' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('driver_needs_transport');
      const carrier = await signInAs(server, { role: 'transport' });
      expect((await carrier.post('/api/company/invites', { role: 'driver' })).status).toBe(201);
    });

    it('answers 403 owner_only to a member, 403 profile_required before setup, 401 signed out, 400 for another role', async () => {
      const owner = await signInAs(server, { role: 'supplier' });
      const member = await join(owner);
      expect((await member.post('/api/company/invites', { role: 'member' })).body.code).toBe('owner_only');
      expect((await (await signInAs(server, { role: null })).post('/api/company/invites', { role: 'member' })).body.code).toBe('profile_required');
      expect((await anon.post('/api/company/invites', { role: 'member' })).status).toBe(401);
      expect((await owner.post('/api/company/invites', { role: 'owner' })).status).toBe(400);
    });
  });

  describe('an invite link', () => {
    it('shows anyone holding it the company and the role, and 404 invite_not_found for any other token', async () => {
      const owner = await signInAs(server, { role: 'transport', company_name: 'نقليات الشرق' });
      const { token } = await invite(owner, 'driver');
      const res = await anon.get(`/api/company/invites/${token}`);
      expect(res.status).toBe(200);
      expect(companyInvitePreviewSchema.parse(res.body)).toMatchObject({ company_name: 'نقليات الشرق', company_role: 'transport', role: 'driver', state: 'valid' });
      expect((await anon.get(`/api/company/invites/${'x'.repeat(43)}`)).body.code).toBe('invite_not_found');
      expect((await anon.get('/api/company/invites/short')).body.code).toBe('invite_not_found');
    });

    it('is used once: a second person gets 409 invite_used and stays in no company', async () => {
      const owner = await signInAs(server, { role: 'supplier' });
      const { token } = await invite(owner);
      const first = await signInAs(server, { role: null });
      const second = await signInAs(server, { role: null });
      expect((await first.post(`/api/company/invites/${token}/accept`)).status).toBe(200);
      const again = await second.post(`/api/company/invites/${token}/accept`);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('invite_used');
      expect(await knex()('company_members').where({ user_id: second.user.id }).first()).toBeUndefined();
      expect((await anon.get(`/api/company/invites/${token}`)).body.state).toBe('used');
    });

    it('expires: 409 invite_expired once its time has passed', async () => {
      const owner = await signInAs(server, { role: 'supplier' });
      const { id, token } = await invite(owner);
      await knex()('company_invites').where({ id }).update({ expires_at: new Date(Date.now() - 1000) });
      const person = await signInAs(server, { role: null });
      const res = await person.post(`/api/company/invites/${token}/accept`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('invite_expired');
      expect((await anon.get(`/api/company/invites/${token}`)).body.state).toBe('expired');
      expect((await owner.get('/api/company/invites')).body).toEqual([]);
    });

    it('can be withdrawn by the owner, after which it is refused as used', async () => {
      const owner = await signInAs(server, { role: 'supplier' });
      const { id, token } = await invite(owner);
      const member = await join(owner);
      expect((await member.delete(`/api/company/invites/${id}`)).body.code).toBe('owner_only');
      expect((await owner.delete(`/api/company/invites/${id}`)).status).toBe(204);
      expect((await owner.delete(`/api/company/invites/${id}`)).body.code).toBe('invite_not_found');
      const person = await signInAs(server, { role: null });
      expect((await person.post(`/api/company/invites/${token}/accept`)).body.code).toBe('invite_used');
      expect((await anon.get(`/api/company/invites/${token}`)).body.state).toBe('revoked');
    });

    it('answers 404 invite_not_found to another company’s owner withdrawing it, and the link still works', async () => {
      const owner = await signInAs(server, { role: 'supplier' });
      const other = await signInAs(server, { role: 'supplier' });
      const { id, token } = await invite(owner);
      const res = await other.delete(`/api/company/invites/${id}`);
      expect([res.status, res.body?.code]).toEqual([404, 'invite_not_found']);
      expect(await knex()('company_invites').where({ id }).first('revoked_at')).toEqual({ revoked_at: null });
      expect((await owner.get('/api/company/invites')).body.map((i: { id: string }) => i.id)).toEqual([id]);
      expect((await anon.get(`/api/company/invites/${token}`)).body.state).toBe('valid');
      const person = await signInAs(server, { role: null });
      expect((await person.post(`/api/company/invites/${token}/accept`)).body).toEqual({ company_id: owner.user.id, role: 'member' });
    });

    it('answers 409 already_in_company to a person with a company of their own or another membership', async () => {
      const owner = await signInAs(server, { role: 'supplier' });
      const founder = await signInAs(server, { role: 'contractor' });
      const { token } = await invite(owner);
      expect((await founder.post(`/api/company/invites/${token}/accept`)).body.code).toBe('already_in_company');
      const member = await join(await signInAs(server, { role: 'supplier' }));
      expect((await member.post(`/api/company/invites/${token}/accept`)).body.code).toBe('already_in_company');
      // The link is still good for someone else.
      expect((await anon.get(`/api/company/invites/${token}`)).body.state).toBe('valid');
      expect((await anon.post(`/api/company/invites/${token}/accept`)).status).toBe(401);
    });
  });

  describe('a member', () => {
    it('acts for the company: the session names it, what they create is the company’s, and the owner sees it', async () => {
      const owner = await signInAs(server, { role: 'supplier', company_name: 'مصنع اليمامة' });
      const member = await join(owner);
      const session = await member.get('/api/session');
      expect(session.body.user).toMatchObject({ id: member.user.id, company_id: owner.user.id, member_role: 'member' });
      expect(session.body.profile).toMatchObject({ user_id: owner.user.id, role: 'supplier', company_name: 'مصنع اليمامة' });

      const created = await member.post('/api/products', { name: 'طوب أحمر', price: 1.2, unit: 'حبة' });
      expect(created.status, created.text).toBe(201);
      expect(created.body.supplier_id).toBe(owner.user.id);
      const mine = await owner.get('/api/products/my');
      expect(mine.body.map((p: { id: string }) => p.id)).toContain(created.body.id);
      // The owner's edit of it is allowed, and so is the member's of the owner's.
      expect((await owner.patch(`/api/products/${created.body.id}`, { price: 1.5 })).status).toBe(200);
      const owners = await owner.post('/api/products', { name: 'بلوك', price: 3, unit: 'حبة' });
      expect((await member.patch(`/api/products/${owners.body.id}`, { price: 3.5 })).status).toBe(200);
    });

    it('shares the company’s notifications and its sync feed', async () => {
      const owner = await signInAs(server, { role: 'contractor' });
      const member = await join(owner);
      const supplier = await signInAs(server, { role: 'supplier' });
      const order = await member.post('/api/instant-orders', { title: 'حديد', description: 'عاجل', quantity: 2, unit: 'طن', location: 'جدة' });
      expect(order.status, order.text).toBe(201);
      expect(order.body.contractor_id).toBe(owner.user.id);
      expect((await supplier.post('/api/instant-order-responses', { instant_order_id: order.body.id, offered_price: 9000 })).status).toBe(201);
      // The new offer's notification reaches both, through REST and the feed.
      for (const person of [owner, member]) {
        const list = await person.get('/api/notifications');
        expect(list.body.map((n: { kind: string }) => n.kind)).toContain('order_response.new');
        const { changes } = await pullAll(person);
        expect(changes.some((c) => c.entity === 'instant_order' && c.id === order.body.id && c.op === 'upsert')).toBe(true);
        expect(changes.some((c) => c.entity === 'notification' && c.data?.kind === 'order_response.new')).toBe(true);
      }
    });

    it('is named as the one who submitted the company’s bid, offer or quote', async () => {
      const contractor = await signInAs(server, { role: 'contractor' });
      const bidder = await join(contractor);
      await knex()('users').where({ id: bidder.user.id }).update({ name: 'سالم' });
      const gov = await signInAs(server, { role: 'government' });
      const project = await gov.post('/api/projects', { title: 'مدرسة', description: 'بناء', location: 'جدة' });
      const bid = await bidder.post('/api/bids', { project_id: project.body.id, amount: 1000, proposal: 'عرضنا' });
      expect(bid.status, bid.text).toBe(201);
      expect(bid.body).toMatchObject({ contractor_id: contractor.user.id, created_by_name: 'سالم' });
      // The owner amends it: now the owner submitted it.
      const amended = await contractor.post('/api/bids', { project_id: project.body.id, amount: 900, proposal: 'عرضنا المعدل' });
      expect(amended.body.id).toBe(bid.body.id);
      expect(amended.body.created_by_name).toMatch(/^User \d+$/);

      const supplier = await signInAs(server, { role: 'supplier' });
      const seller = await join(supplier);
      await knex()('users').where({ id: seller.user.id }).update({ name: 'نورة' });
      const order = await contractor.post('/api/instant-orders', { title: 'حديد', description: 'عاجل', quantity: 2, unit: 'طن', location: 'جدة' });
      expect((await seller.post('/api/instant-order-responses', { instant_order_id: order.body.id, offered_price: 500 })).body.created_by_name).toBe('نورة');
      const offers = await contractor.get(`/api/instant-orders/${order.body.id}/responses`);
      expect(offers.body[0]).toMatchObject({ supplier_id: supplier.user.id, created_by_name: 'نورة' });

      const carrier = await signInAs(server, { role: 'transport' });
      const dispatcher = await join(carrier);
      await knex()('users').where({ id: dispatcher.user.id }).update({ name: 'فهد' });
      const request = await contractor.post('/api/transport-requests', { pickup_location: 'جدة', delivery_location: 'مكة', cargo_description: 'حديد' });
      const quote = await dispatcher.post('/api/transport-offers', { transport_request_id: request.body.id, quoted_price: 800 });
      expect(quote.body).toMatchObject({ transport_company_id: carrier.user.id, created_by_name: 'فهد' });
    });

    it('counts the company’s plan limit, not their own', async () => {
      const owner = await signInAs(server, { role: 'supplier' });
      const member = await join(owner);
      const limit = (await knex()('subscription_plans').where({ id: 'free' }).first('max_products')).max_products as number;
      for (let i = 0; i < limit; i++) expect((await owner.post('/api/products', { name: `منتج ${i}`, price: 1, unit: 'حبة' })).status).toBe(201);
      const over = await member.post('/api/products', { name: 'واحد آخر', price: 1, unit: 'حبة' });
      expect(over.status).toBe(409);
      expect(over.body.code).toBe('plan_limit_reached');
    });

    it('may not change the company profile nor found a company of their own', async () => {
      const owner = await signInAs(server, { role: 'supplier', company_name: 'الأصل' });
      const member = await join(owner);
      const res = await member.post('/api/profiles', { role: 'supplier', company_name: 'تغيير' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('owner_only');
      expect((await knex()('profiles').where({ user_id: owner.user.id }).first('company_name')).company_name).toBe('الأصل');
      expect(await knex()('profiles').where({ user_id: member.user.id }).first()).toBeUndefined();
    });
  });

  describe('GET /api/company/members', () => {
    it('lists the owner first, then members and drivers, to the owner and members; 403 to a driver', async () => {
      const owner = await signInAs(server, { role: 'transport', name: 'صاحب الشركة' });
      const member = await join(owner, 'member');
      const driver = await join(owner, 'driver');
      for (const reader of [owner, member]) {
        const res = await reader.get('/api/company/members');
        expect(res.status).toBe(200);
        const members = res.body.map((m: unknown) => companyMemberSchema.parse(m));
        expect(members.map((m: { user_id: string; role: string }) => [m.user_id, m.role])).toEqual([
          [owner.user.id, 'owner'],
          [member.user.id, 'member'],
          [driver.user.id, 'driver'],
        ]);
      }
      expect((await driver.get('/api/company/members')).status).toBe(403);
    });
  });

  describe('a driver', () => {
    it('has the driver role and none of the company’s business: no quotes, no requests, no notifications, no feed rows of it', async () => {
      const owner = await signInAs(server, { role: 'transport', company_name: 'نقل سريع' });
      const requester = await signInAs(server, { role: 'contractor' });
      const request = await requester.post('/api/transport-requests', { pickup_location: 'الدمام', delivery_location: 'الرياض', cargo_description: 'حديد', budget: 5000 });
      expect(request.status).toBe(201);
      const quote = await owner.post('/api/transport-offers', { transport_request_id: request.body.id, quoted_price: 4200 });
      expect(quote.status, quote.text).toBe(201);
      const driver = await join(owner, 'driver');

      const session = await driver.get('/api/session');
      expect(session.body.user).toMatchObject({ company_id: owner.user.id, member_role: 'driver' });
      expect(session.body.profile).toMatchObject({ role: 'driver', company_name: 'نقل سريع' });

      expect((await driver.post('/api/transport-offers', { transport_request_id: request.body.id, quoted_price: 1 })).status).toBe(403);
      expect((await driver.get(`/api/transport-requests/${request.body.id}/offers`)).status).toBe(404);
      expect((await driver.get('/api/notifications')).body).toEqual([]);
      expect((await driver.get('/api/company/invites')).body.code).toBe('owner_only');
      const { changes } = await pullAll(driver);
      expect(changes.filter((c) => ['transport_offer', 'notification', 'profile', 'subscription'].includes(c.entity))).toEqual([]);
      expect(JSON.stringify(changes)).not.toContain('4200');
    });
  });

  describe('DELETE /api/company/members/{user_id}', () => {
    it('removes a member: their session no longer acts for the company, and their device’s next pull is told to start again without it', async () => {
      const owner = await signInAs(server, { role: 'contractor' });
      const member = await join(owner);
      const order = await owner.post('/api/instant-orders', { title: 'رمل', description: 'ناعم', quantity: 5, unit: 'م3', location: 'الرياض' });
      const before = await pullAll(member);
      expect(before.changes.some((c) => c.entity === 'instant_order' && c.id === order.body.id)).toBe(true);

      expect((await member.delete(`/api/company/members/${owner.user.id}`)).body.code).toBe('owner_only');
      expect((await owner.delete(`/api/company/members/${member.user.id}`)).status).toBe(204);
      expect((await owner.delete(`/api/company/members/${member.user.id}`)).status).toBe(404);

      const session = await member.get('/api/session');
      expect(session.body.user).toMatchObject({ company_id: null, member_role: null });
      expect(session.body.profile).toBeNull();
      expect((await member.get('/api/instant-orders/my')).body.code).toBe('profile_required');
      expect((await member.get(`/api/instant-orders/${order.body.id}`)).status).toBe(404);
      expect((await member.get('/api/notifications')).body).toEqual([]);

      const next = await member.get(`/api/sync/pull?cursor=${before.cursor}`);
      expect(next.body).toEqual({ reset: true });
      const fresh = await pullAll(member);
      expect(fresh.changes.some((c) => c.entity === 'instant_order')).toBe(false);
      expect(fresh.changes.some((c) => c.entity === 'profile')).toBe(false);

      // The owner's own feed goes on as before.
      expect((await owner.get(`/api/sync/pull?cursor=${(await pullAll(owner)).cursor}`)).body.reset).toBeUndefined();
      // And the removed person may found a company of their own.
      expect((await member.post('/api/profiles', { role: 'supplier', company_name: 'جديدة' })).status).toBe(200);
    });

    it('answers 409 cannot_remove_owner for the owner', async () => {
      const owner = await signInAs(server, { role: 'supplier' });
      const res = await owner.delete(`/api/company/members/${owner.user.id}`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('cannot_remove_owner');
    });

    it('answers 404 for someone of another company', async () => {
      const owner = await signInAs(server, { role: 'supplier' });
      const stranger = await join(await signInAs(server, { role: 'supplier' }));
      expect((await owner.delete(`/api/company/members/${stranger.user.id}`)).status).toBe(404);
      expect(await knex()('company_members').where({ user_id: stranger.user.id }).first()).toBeDefined();
    });
  });
});
