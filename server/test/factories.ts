/**
 * Test factories shared by every area's tests: signed-in users of each role, the rows a
 * test creates through the API (projects, bids, instant orders, offers) and the rows it
 * asserts on (change log, notifications). Used by the tests only.
 */
import { expect } from 'vitest';
import type { Knex } from 'knex';
import type { TestServer } from './harness';
import { signInAs, type TestUserSpec } from './sign-in';

export type Client = Awaited<ReturnType<typeof signInAs>>;

export const as = (server: TestServer, role: NonNullable<TestUserSpec['role']>, spec: TestUserSpec = {}) =>
  signInAs(server, { role, is_admin: role === 'admin', ...spec });

/** The change-log rows of one entity, as `audience_type:audience` strings (sorted) and ops. */
export async function changesOf(knex: Knex, entity: string, id: string) {
  const rows: Array<{ op: string; audience_type: string; audience: string | null }> = await knex('changes')
    .where({ entity, entity_id: id })
    .orderBy('pos')
    .select('op', 'audience_type', 'audience');
  return {
    count: rows.length,
    audiences: [...new Set(rows.map((r) => `${r.audience_type}:${r.audience ?? ''}`))].sort(),
    ops: [...new Set(rows.map((r) => r.op))],
  };
}

export const audiences = (...a: string[]) => [...a].sort();

/** A user's notifications of one kind, oldest first. */
export function notificationsOf(knex: Knex, userId: string, kind?: string) {
  const q = knex('notifications').where({ user_id: userId }).orderBy('created_at');
  if (kind) q.where({ kind });
  return q.select('kind', 'type', 'priority', 'title', 'message', 'params');
}

export async function postProject(client: Client, over: Record<string, unknown> = {}) {
  const res = await client.post('/api/projects', {
    title: 'توسعة مدرسة الملك فهد',
    description: 'أعمال إنشائية وتشطيبات',
    location: 'الرياض',
    budget: 2_500_000,
    ...over,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export function postBid(client: Client, projectId: string, over: Record<string, unknown> = {}) {
  return client.post('/api/bids', { project_id: projectId, amount: 1_000_000, proposal: 'ننفذ خلال 9 أشهر', ...over });
}

export async function postOrder(client: Client, over: Record<string, unknown> = {}) {
  const res = await client.post('/api/instant-orders', {
    title: 'حديد تسليح 16 ملم',
    description: 'مطلوب بشكل عاجل',
    quantity: 12.5,
    unit: 'طن',
    location: 'جدة',
    ...over,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export function postOffer(client: Client, orderId: string, over: Record<string, unknown> = {}) {
  return client.post('/api/instant-order-responses', {
    instant_order_id: orderId,
    offered_price: 45_000,
    delivery_time_hours: 24,
    notes: 'تسليم في الموقع',
    ...over,
  });
}

/**
 * The owner of a project without a deadline closes its bidding, which opens the bids
 * (a sealed bid cannot be awarded before its opening).
 */
export async function openBids(owner: Client, projectId: string) {
  const res = await owner.post(`/api/projects/${projectId}/close-bidding`, {});
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Opens the project's bids if not yet opened, then awards `bidId` (the award's response). */
export async function openAndAward(owner: Client, projectId: string, bidId: string) {
  await openBids(owner, projectId);
  return owner.post(`/api/projects/${projectId}/award`, { bid_id: bidId });
}

/**
 * Puts a person in a company as the invite routes would (owner, member or driver). For a
 * driver, sign them in without a profile (`signInAs(server, { role: null })`): a driver
 * acts for no company business of their own.
 */
export async function joinCompany(knex: Knex, userId: string, companyId: string, role: 'member' | 'driver') {
  await knex('company_members').insert({ user_id: userId, company_id: companyId, role }).onConflict('user_id').merge();
}

/** A signed-in driver of `company` (a person without a profile of their own). */
export async function driverOf(server: TestServer, company: Client, spec: TestUserSpec = {}): Promise<Client> {
  const driver = await signInAs(server, { ...spec, role: null });
  await joinCompany(server.db.knex, driver.user.id, company.user.id, 'driver');
  return driver;
}
