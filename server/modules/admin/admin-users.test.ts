import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { createUser, signInAs, type TestUserSpec } from '../../test/sign-in';

const OWNER = 'owner@binaa.example.sa';
type Client = TestClient & { user: { id: string } };

describe('admin deletes and user changes', () => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer({ env: { OWNER_EMAIL: OWNER } });
    admin = await signInAs(server, { role: null, is_admin: true });
  });
  afterAll(() => server.close());

  const as = (spec: TestUserSpec) => signInAs(server, spec) as Promise<Client>;
  const knex = () => server.db.knex;
  const changesOf = (entity: string, id: string) =>
    knex()('changes').where({ entity, entity_id: id }).orderBy('pos').select('op', 'audience_type', 'audience');
  const lastOp = async (entity: string, id: string) => (await changesOf(entity, id)).at(-1)?.op;
  const product = async (supplier: TestClient, name = 'Cement') =>
    (await supplier.post('/api/products', { name, price: 20, unit: 'bag' })).body as { id: string };

  describe('DELETE /api/admin/products/{id}', () => {
    it('soft-deletes the product, hides it everywhere and tells every client', async () => {
      const supplier = await as({ role: 'supplier' });
      const { id } = await product(supplier);
      const res = await admin.delete(`/api/admin/products/${id}`);
      expect(res.status).toBe(204);
      expect((await knex()('products').where({ id }).first()).deleted_at).not.toBeNull();
      expect((await changesOf('product', id)).at(-1)).toEqual({ op: 'delete', audience_type: 'all', audience: null });
      expect((await new TestClient(server.url).get(`/api/products/${id}`)).status).toBe(404);
      expect((await supplier.get('/api/products/my')).body).toEqual([]);
      expect((await admin.get('/api/admin/products?limit=100')).body.map((p: { id: string }) => p.id)).not.toContain(id);
    });

    it('answers 404 for a product already deleted, unknown or malformed', async () => {
      const { id } = await product(await as({ role: 'supplier' }));
      await admin.delete(`/api/admin/products/${id}`);
      expect((await admin.delete(`/api/admin/products/${id}`)).status).toBe(404);
      expect((await admin.delete(`/api/admin/products/${crypto.randomUUID()}`)).status).toBe(404);
      expect((await admin.delete('/api/admin/products/abc')).status).toBe(404);
      expect(await changesOf('product', id)).toHaveLength(2); // created, deleted once
    });

    it('leaves the product alone when a supplier tries', async () => {
      const supplier = await as({ role: 'supplier' });
      const { id } = await product(supplier);
      expect((await supplier.delete(`/api/admin/products/${id}`)).status).toBe(403);
      expect((await knex()('products').where({ id }).first()).deleted_at).toBeNull();
    });
  });

  describe('DELETE /api/admin/projects/{id}', () => {
    it('soft-deletes the project and its bids for everyone who held them', async () => {
      const government = await as({ role: 'government' });
      const contractor = await as({ role: 'contractor' });
      const project = (await government.post('/api/projects', { title: 'Road', description: 'd', location: 'Abha' })).body;
      const bid = (await contractor.post('/api/bids', { project_id: project.id, amount: 1000, proposal: 'p' })).body;
      const res = await admin.delete(`/api/admin/projects/${project.id}`);
      expect(res.status).toBe(204);
      expect((await government.get(`/api/projects/${project.id}`)).status).toBe(404);
      expect((await contractor.get('/api/projects')).body.map((p: { id: string }) => p.id)).not.toContain(project.id);
      expect((await changesOf('project', project.id)).slice(-2)).toEqual([
        { op: 'delete', audience_type: 'role', audience: 'contractor' },
        { op: 'delete', audience_type: 'user', audience: government.user.id },
      ]);
      // still sealed: the owner never held the bid, so only its bidder gets the delete
      expect((await changesOf('bid', bid.id)).slice(-1)).toEqual([{ op: 'delete', audience_type: 'user', audience: contractor.user.id }]);
      expect((await changesOf('bid', bid.id)).filter((c: { audience: string }) => c.audience === government.user.id)).toEqual([]);
      expect((await admin.delete(`/api/admin/projects/${project.id}`)).status).toBe(404);
    });
  });

  describe('DELETE /api/admin/users/{user_id}', () => {
    it('ends their sessions, removes their listings and their quotes, and logs deletes', async () => {
      const supplier = await as({ role: 'supplier' });
      const p1 = await product(supplier, 'a');
      const p2 = await product(supplier, 'b');
      const myRequest = (await supplier.post('/api/transport-requests', { pickup_location: 'a', delivery_location: 'b', cargo_description: 'c' })).body;
      const transport = await as({ role: 'transport' });
      const quoteOnMine = (await transport.post('/api/transport-offers', { transport_request_id: myRequest.id, quoted_price: 5 })).body;

      const res = await admin.delete(`/api/admin/users/${supplier.user.id}`);
      expect(res.status).toBe(204);
      expect((await supplier.get('/api/users/me')).status).toBe(401);
      expect(await knex()('sessions').where({ user_id: supplier.user.id })).toHaveLength(0);
      expect((await knex()('users').where({ id: supplier.user.id }).first()).deleted_at).not.toBeNull();
      for (const { id } of [p1, p2]) {
        expect((await knex()('products').where({ id }).first()).deleted_at).not.toBeNull();
        expect(await lastOp('product', id)).toBe('delete');
        expect((await new TestClient(server.url).get(`/api/products/${id}`)).status).toBe(404);
      }
      expect((await knex()('transport_requests').where({ id: myRequest.id }).first()).deleted_at).not.toBeNull();
      expect(await lastOp('transport_request', myRequest.id)).toBe('delete');
      expect(await lastOp('transport_offer', quoteOnMine.id)).toBe('delete');
      expect(await lastOp('profile', supplier.user.id)).toBe('delete');
      expect((await admin.get('/api/admin/users?limit=100')).body.map((u: { id: string }) => u.id)).not.toContain(supplier.user.id);
      expect((await admin.delete(`/api/admin/users/${supplier.user.id}`)).status).toBe(404);
    });

    it("tells only the owner of a sealed project that a deleted contractor's bid left it", async () => {
      const government = await as({ role: 'government' });
      const bidder = await as({ role: 'contractor' });
      const project = (await government.post('/api/projects', { title: 'Bridge', description: 'd', location: 'Taif' })).body;
      await bidder.post('/api/bids', { project_id: project.id, amount: 1000, proposal: 'p' });
      const before = (await changesOf('project', project.id)).length;
      expect((await admin.delete(`/api/admin/users/${bidder.user.id}`)).status).toBe(204);
      // The count changed, and before the opening it is the owner's alone: no one else is told.
      expect((await changesOf('project', project.id)).slice(before)).toEqual([{ op: 'upsert', audience_type: 'user', audience: government.user.id }]);
    });

    it("hides a deleted company's quote from the requester and recounts the request", async () => {
      const requester = await as({ role: 'contractor' });
      const request = (await requester.post('/api/transport-requests', { pickup_location: 'a', delivery_location: 'b', cargo_description: 'c' })).body;
      const transport = await as({ role: 'transport' });
      const offer = (await transport.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 5 })).body;
      await admin.delete(`/api/admin/users/${transport.user.id}`);
      expect((await requester.get(`/api/transport-requests/${request.id}/offers`)).body).toEqual([]);
      expect((await requester.get(`/api/transport-requests/${request.id}`)).body.offer_count).toBe(0);
      expect(await lastOp('transport_offer', offer.id)).toBe('delete');
      expect((await changesOf('transport_request', request.id)).at(-1)).toEqual({ op: 'upsert', audience_type: 'user', audience: requester.user.id });
      const accept = await requester.post(`/api/transport-requests/${request.id}/accept`, { offer_id: offer.id });
      expect(accept.body.code).toBe('offer_not_found');
    });

    it('answers 409 cannot_delete_self to an admin deleting their own account', async () => {
      const res = await admin.delete(`/api/admin/users/${admin.user.id}`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('cannot_delete_self');
      expect((await knex()('users').where({ id: admin.user.id }).first()).deleted_at).toBeNull();
      expect((await admin.get('/api/users/me')).status).toBe(200);
    });

    it('answers 409 owner_protected for the site owner', async () => {
      const owner = await createUser(knex(), { email: OWNER, is_admin: true, role: null });
      const res = await admin.delete(`/api/admin/users/${owner.id}`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('owner_protected');
      expect((await knex()('users').where({ id: owner.id }).first()).deleted_at).toBeNull();
    });

    it('answers 404 for an unknown user', async () => {
      expect((await admin.delete(`/api/admin/users/${crypto.randomUUID()}`)).status).toBe(404);
    });
  });

  describe('PATCH /api/admin/users/{user_id}', () => {
    it('refuses a tier with 400 validation_failed (an unknown field: the tier is earned, shared/tiers.ts), changing nothing', async () => {
      const supplier = await as({ role: 'supplier' });
      const { id: productId } = await product(supplier);
      for (const body of [{ verification_tier: 'gold' }, { verification_tier: 'gold', is_admin: true }]) {
        const res = await admin.patch(`/api/admin/users/${supplier.user.id}`, body);
        expect([res.status, res.body.code]).toEqual([400, 'validation_failed']);
      }
      expect((await supplier.get('/api/profiles/me')).body.verification_tier).toBe('unverified');
      expect((await knex()('users').where({ id: supplier.user.id }).first()).is_admin).toBe(false);
      expect(await changesOf('product', productId)).toHaveLength(1); // created, nothing since
      expect(await knex()('audit_log').where({ action: 'admin.user_update', record_id: supplier.user.id }).first()).toBeUndefined();
    });

    it('grants and removes the admin flag of another user', async () => {
      const other = await as({ role: 'contractor' });
      expect((await other.get('/api/admin/users')).status).toBe(403);
      expect((await admin.patch(`/api/admin/users/${other.user.id}`, { is_admin: true })).body.is_admin).toBe(true);
      expect((await other.get('/api/admin/users')).status).toBe(200);
      expect((await admin.patch(`/api/admin/users/${other.user.id}`, { is_admin: false })).body.is_admin).toBe(false);
      expect((await other.get('/api/admin/users')).status).toBe(403);
    });

    it('answers 409 cannot_demote_self when an admin removes their own flag', async () => {
      const res = await admin.patch(`/api/admin/users/${admin.user.id}`, { is_admin: false });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('cannot_demote_self');
      expect((await knex()('users').where({ id: admin.user.id }).first()).is_admin).toBe(true);
    });

    it("answers 409 owner_protected when another admin removes the owner's flag", async () => {
      const owner = (await knex()('users').whereRaw('lower(email) = ?', [OWNER]).first()) ?? (await createUser(knex(), { email: OWNER, is_admin: true }));
      const res = await admin.patch(`/api/admin/users/${owner.id}`, { is_admin: false });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('owner_protected');
    });

    it('answers 400 to an empty patch, a tier or another field, and 404 to an unknown user', async () => {
      const target = await createUser(knex(), { role: 'supplier' });
      for (const body of [{}, { verification_tier: 'bronze' }, { role: 'admin' }, { is_admin: 'yes' }]) {
        expect((await admin.patch(`/api/admin/users/${target.id}`, body)).status).toBe(400);
      }
      expect((await admin.patch(`/api/admin/users/${crypto.randomUUID()}`, { is_admin: true })).status).toBe(404);
    });
  });
});
