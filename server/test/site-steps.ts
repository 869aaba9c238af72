/**
 * A contractor's company that buys through a site, for the tests of sites, purchase
 * requests and the orders made from them: its owner, a site manager and an engineer who
 * raises requests, an active site of two budget lines, and the site's approval rules
 * (by default up to 5,000 SAR no approval, up to 50,000 the manager, above that the
 * manager then the owner). Used by the tests only.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { as, joinCompany, type Client } from './factories';
import type { TestServer } from './harness';
import { signInAs } from './sign-in';

export type Level = { up_to_amount: number | null; approver_ids: string[] };
export type RequestLine = { budget_line_id?: string | null; quantity: number; estimated_unit_price?: number | null; description?: string };

async function memberOf(server: TestServer, owner: Client, name: string): Promise<Client> {
  const member = await signInAs(server, { role: null, name });
  await joinCompany(server.db.knex, member.user.id, owner.user.id, 'member');
  return member;
}

export const setRules = (owner: Client, siteId: string, levels: Level[], over: Record<string, unknown> = {}) =>
  owner.put(`/api/sites/${siteId}/approval-rules`, { levels, ...over });

export async function siteCompany(server: TestServer, levels?: (ids: { owner: string; manager: string }) => Level[], budgetCategory: string | null = null) {
  const owner = await as(server, 'contractor', { company_name: 'مقاولات الياسمين' });
  const manager = await memberOf(server, owner, 'مدير الموقع');
  const engineer = await memberOf(server, owner, 'مهندس الموقع');
  const budget = [crypto.randomUUID(), crypto.randomUUID()] as const;
  const site = await owner.post('/api/sites', {
    id: crypto.randomUUID(),
    name: 'برج الياسمين السكني',
    location: 'الرياض',
    manager_id: manager.user.id,
    budget_lines: [
      { id: budget[0], code: '03-100', description: 'خرسانة جاهزة', quantity: 500, unit: 'م3', category_id: budgetCategory, budget_amount: 150000 },
      { id: budget[1], code: '05-200', description: 'حديد تسليح', quantity: 80, unit: 'طن', category_id: budgetCategory, budget_amount: 240000 },
    ],
  });
  expect(site.status, site.text).toBe(201);
  const rules = levels?.({ owner: owner.user.id, manager: manager.user.id }) ?? [
    { up_to_amount: 5000, approver_ids: [] },
    { up_to_amount: 50000, approver_ids: [manager.user.id] },
    { up_to_amount: null, approver_ids: [owner.user.id] },
  ];
  expect((await setRules(owner, site.body.id, rules)).status).toBe(200);
  return { owner, manager, engineer, site: site.body as { id: string; name: string }, budget };
}

/** A request body: its lines in m3, each on a budget line or none, priced or not. */
export const requestBody = (siteId: string, lines: RequestLine[], over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  site_id: siteId,
  note: 'للدور الثالث',
  lines: lines.map((l, i) => ({
    id: crypto.randomUUID(),
    ...(l.budget_line_id ? { budget_line_id: l.budget_line_id } : {}),
    description: l.description ?? `بند ${i + 1}`,
    quantity: l.quantity,
    unit: 'م3',
    ...(l.estimated_unit_price != null ? { estimated_unit_price: l.estimated_unit_price } : {}),
  })),
  ...over,
});

export async function raiseRequest(c: Client, siteId: string, lines: RequestLine[], over: Record<string, unknown> = {}) {
  const res = await c.post('/api/purchase-requests', requestBody(siteId, lines, over));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export const approveRequest = (c: Client, id: string) => c.post(`/api/purchase-requests/${id}/approve`, {});
export const rejectRequest = (c: Client, id: string, reason?: string) => c.post(`/api/purchase-requests/${id}/reject`, reason === undefined ? {} : { reason });
