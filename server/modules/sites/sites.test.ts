/**
 * Sites through REST and the sync push: the owner of a contractor's company creates one
 * with its budget lines and the default rules, once per device id; its people read it,
 * nobody else sees it; only the owner sets its approval rules, whose shape and approvers are
 * checked at their paths; rules changed while a request waits decide it from then on.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, audiences, changesOf, driverOf, joinCompany, type Client } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { refusal, runMutation } from '../../test/mutations';
import { loadSessionUser, type SessionUser } from '../../auth/session-user';
import { mutations } from './mutations';

type Level = { up_to_amount: number | null; approver_ids: string[] };

describe('sites', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;
  const sessionOf = async (c: Client) => (await loadSessionUser(knex(), server.config, c.user.id)) as SessionUser;

  async function company() {
    const owner = await as(server, 'contractor', { company_name: 'مقاولات الياسمين' });
    const member = await signInAs(server, { role: null, name: 'مدير الموقع' });
    await joinCompany(knex(), member.user.id, owner.user.id, 'member');
    return { owner, member };
  }

  const siteBody = (over: Record<string, unknown> = {}) => ({
    id: crypto.randomUUID(),
    name: 'برج الياسمين السكني',
    location: 'الرياض، حي الياسمين',
    starts_on: '2026-12-01',
    ends_on: '2027-06-30',
    budget_lines: [
      { id: crypto.randomUUID(), code: '03-100', description: 'خرسانة جاهزة', quantity: 500, unit: 'م3', budget_amount: 150000 },
      { id: crypto.randomUUID(), description: 'حديد تسليح', quantity: 80.5, unit: 'طن', budget_amount: 240000.5 },
    ],
    ...over,
  });
  const setRules = (c: Client, siteId: string, levels: Level[]) => c.put(`/api/sites/${siteId}/approval-rules`, { levels });

  it('is created by the owner with its budget lines in order and the default rules, and seen by every member of the company', async () => {
    const { owner, member } = await company();
    const body = siteBody({ manager_id: member.user.id });
    const res = await owner.post('/api/sites', body);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      id: body.id,
      company_id: owner.user.id,
      name: 'برج الياسمين السكني',
      starts_on: '2026-12-01',
      ends_on: '2027-06-30',
      manager_id: member.user.id,
      manager_name: 'مدير الموقع',
      status: 'active',
      created_by: owner.user.id,
      budget_lines: [
        { id: body.budget_lines[0].id, position: 1, code: '03-100', description: 'خرسانة جاهزة', quantity: 500, unit: 'م3', category_id: null, budget_amount: 150000 },
        { id: body.budget_lines[1].id, position: 2, code: null, quantity: 80.5, budget_amount: 240000.5 },
      ],
      levels: [
        { up_to_amount: 10000, approver_ids: [] },
        { up_to_amount: null, approver_ids: [owner.user.id] },
      ],
    });
    const seen = await member.get(`/api/sites/${body.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual(res.body);
    const list = await member.get('/api/sites');
    expect(list.body.map((s: { id: string }) => s.id)).toEqual([body.id]);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect((await changesOf(knex(), 'site', body.id)).audiences).toEqual(audiences(`user:${owner.user.id}`));
  });

  it('is hidden from anyone outside the company (404), whose list is empty, and from a driver of it', async () => {
    const { owner } = await company();
    const site = (await owner.post('/api/sites', siteBody())).body;
    const stranger = await as(server, 'contractor');
    expect((await stranger.get(`/api/sites/${site.id}`)).status).toBe(404);
    expect((await stranger.get('/api/sites')).body).toEqual([]);
    expect((await setRules(stranger, site.id, [{ up_to_amount: null, approver_ids: [] }])).status).toBe(404);
    const supplier = await as(server, 'supplier');
    expect((await supplier.get(`/api/sites/${site.id}`)).status).toBe(404);
    // A transport company's driver is of another company: and a driver reads as their own account anyway.
    const transport = await as(server, 'transport');
    const driver = await driverOf(server, transport);
    expect((await driver.get(`/api/sites/${site.id}`)).status).toBe(404);
  });

  it('answers the stored site for the same id again, through REST and the push alike, and refuses an id of another company', async () => {
    const { owner } = await company();
    const body = siteBody();
    const first = await owner.post('/api/sites', body);
    const again = await owner.post('/api/sites', { ...body, name: 'اسم آخر', budget_lines: [] });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const push = await owner.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'site.create', args: body }] });
    expect(push.body.results[0], push.text).toMatchObject({ status: 'applied' });
    expect(await knex()('site_budget_lines').where({ site_id: body.id }).pluck('id')).toHaveLength(2);
    expect((await owner.get(`/api/sites/${body.id}`)).body).toEqual(first.body);
    const other = await as(server, 'contractor');
    const taken = await other.post('/api/sites', body);
    expect([taken.status, taken.body.code]).toEqual([409, 'conflict']);
    expect((await owner.get(`/api/sites/${body.id}`)).body.company_id).toBe(owner.user.id);
  });

  it('is created through the sync push with the same rules as REST', async () => {
    const { owner, member } = await company();
    const body = siteBody();
    const pushed = await owner.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'site.create', args: body }] });
    expect(pushed.body.results[0], pushed.text).toMatchObject({ status: 'applied' });
    const pull = await member.get(`/api/sync/pull?client_id=${crypto.randomUUID()}&limit=5000`);
    expect(pull.body.changes).toContainEqual(
      expect.objectContaining({ entity: 'site', id: body.id, op: 'upsert', data: expect.objectContaining({ name: body.name, budget_lines: expect.arrayContaining([expect.objectContaining({ id: body.budget_lines[0].id })]) }) }),
    );
    expect(await refusal(runMutation(knex(), server, mutations, 'site.create', await sessionOf(member), siteBody()))).toEqual({ status: 403, code: 'owner_only' });
  });

  it('is created only by the owner of a contractor company, with a manager of its people', async () => {
    const { owner, member } = await company();
    const byMember = await member.post('/api/sites', siteBody());
    expect([byMember.status, byMember.body.code]).toEqual([403, 'owner_only']);
    const supplier = await as(server, 'supplier');
    expect((await supplier.post('/api/sites', siteBody())).status).toBe(403);
    const outsider = await as(server, 'contractor');
    const foreign = await owner.post('/api/sites', siteBody({ manager_id: outsider.user.id }));
    expect([foreign.status, foreign.body.code]).toEqual([400, 'validation_failed']);
    expect(foreign.body.details).toEqual([expect.objectContaining({ path: 'manager_id', code: 'not_a_member' })]);
    const backwards = await owner.post('/api/sites', siteBody({ starts_on: '2027-01-01', ends_on: '2026-12-31' }));
    expect(backwards.status).toBe(400);
    expect(backwards.body.details).toEqual([expect.objectContaining({ path: 'ends_on' })]);
    const line = { id: crypto.randomUUID(), description: 'بلوك', quantity: 0, unit: 'حبة', budget_amount: -1 };
    const badLine = await owner.post('/api/sites', siteBody({ budget_lines: [line, line] }));
    expect(badLine.status).toBe(400);
    expect(badLine.body.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['budget_lines.0.quantity', 'budget_lines.0.budget_amount', 'budget_lines.1.id']),
    );
    expect(await knex()('sites').where({ company_id: owner.user.id }).pluck('id')).toEqual([]);
  });

  it('takes approval rules from the owner only: a member is refused with owner_only, through REST and the push', async () => {
    const { owner, member } = await company();
    const site = (await owner.post('/api/sites', siteBody({ manager_id: member.user.id }))).body;
    const levels: Level[] = [
      { up_to_amount: 5000, approver_ids: [] },
      { up_to_amount: 50000, approver_ids: [member.user.id] },
      { up_to_amount: null, approver_ids: [member.user.id, owner.user.id] },
    ];
    const byMember = await setRules(member, site.id, levels);
    expect([byMember.status, byMember.body.code]).toEqual([403, 'owner_only']);
    const pushed = await member.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'site.set_approval_rules', args: { id: site.id, levels } }] });
    expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', code: 'owner_only' });
    expect((await owner.get(`/api/sites/${site.id}`)).body.levels).toEqual(site.levels);

    const set = await setRules(owner, site.id, levels);
    expect(set.status, set.text).toBe(200);
    expect(set.body.levels).toEqual(levels);
    expect((await member.get(`/api/sites/${site.id}`)).body.levels).toEqual(levels);
    const viaPush = await owner.post('/api/sync/push', {
      client_id: crypto.randomUUID(),
      mutations: [{ id: 1, name: 'site.set_approval_rules', args: { id: site.id, levels: [{ up_to_amount: null, approver_ids: [owner.user.id] }] } }],
    });
    expect(viaPush.body.results[0], viaPush.text).toMatchObject({ status: 'applied' });
    expect((await member.get(`/api/sites/${site.id}`)).body.levels).toEqual([{ up_to_amount: null, approver_ids: [owner.user.id] }]);
  });

  it('refuses levels of the wrong shape, each at its path, and approvers outside the company', async () => {
    const { owner, member } = await company();
    const site = (await owner.post('/api/sites', siteBody())).body;
    const refused = async (levels: Level[]) => {
      const res = await setRules(owner, site.id, levels);
      expect(res.status, res.text).toBe(400);
      return res.body.details.map((d: { path: string; message: string }) => [d.path, d.message]);
    };
    expect(await refused([])).toEqual([['levels', expect.any(String)]]);
    expect(
      await refused([
        { up_to_amount: 5000, approver_ids: [] },
        { up_to_amount: 5000, approver_ids: [member.user.id] },
        { up_to_amount: null, approver_ids: [owner.user.id] },
      ]),
    ).toEqual([['levels.1.up_to_amount', 'not_ascending']]);
    expect(await refused([{ up_to_amount: 50000, approver_ids: [owner.user.id] }])).toEqual([['levels.0.up_to_amount', 'last_level_unbounded']]);
    expect(
      await refused([
        { up_to_amount: null, approver_ids: [] },
        { up_to_amount: null, approver_ids: [owner.user.id] },
      ]),
    ).toEqual([['levels.0.up_to_amount', 'only_last_unbounded']]);
    expect(await refused([{ up_to_amount: null, approver_ids: [owner.user.id, owner.user.id] }])).toEqual([['levels.0.approver_ids', 'duplicate_approver']]);
    const tooMany = Array.from({ length: 6 }, (_, i): Level => ({ up_to_amount: i === 5 ? null : (i + 1) * 1000, approver_ids: [] }));
    expect(await refused(tooMany)).toEqual([['levels', expect.any(String)]]);

    const outsider = await as(server, 'contractor');
    const transport = await as(server, 'transport');
    const driver = await driverOf(server, transport);
    const strangers = await setRules(owner, site.id, [
      { up_to_amount: 20000, approver_ids: [member.user.id, outsider.user.id] },
      { up_to_amount: null, approver_ids: [driver.user.id] },
    ]);
    expect([strangers.status, strangers.body.code]).toEqual([400, 'validation_failed']);
    expect(strangers.body.details).toEqual([
      expect.objectContaining({ path: 'levels.0.approver_ids.1', code: 'not_a_member' }),
      expect.objectContaining({ path: 'levels.1.approver_ids.0', code: 'not_a_member' }),
    ]);
    // A driver of the owner's own company approves nothing either.
    const ownDriver = await driverOf(server, owner);
    const byDriver = await setRules(owner, site.id, [{ up_to_amount: null, approver_ids: [ownDriver.user.id] }]);
    expect(byDriver.body.details).toEqual([expect.objectContaining({ path: 'levels.0.approver_ids.0', code: 'not_a_member' })]);
    expect((await owner.get(`/api/sites/${site.id}`)).body.levels).toEqual(site.levels);
  });

  it('applies new rules to a request already waiting: it waits for the approvers the rules name now, and its row is sent again', async () => {
    const { owner, member } = await company();
    const site = (await owner.post('/api/sites', siteBody())).body;
    // 10 x 2,000 = 23,000 with VAT: above the default's 10,000, the owner's level.
    const raised = await member.post('/api/purchase-requests', {
      id: crypto.randomUUID(),
      site_id: site.id,
      lines: [{ id: crypto.randomUUID(), budget_line_id: site.budget_lines[0].id, description: 'خرسانة', quantity: 10, unit: 'م3', estimated_unit_price: 2000 }],
    });
    expect(raised.status, raised.text).toBe(201);
    expect(raised.body).toMatchObject({ status: 'pending', next_level: 2, waiting_for: [owner.user.id] });
    const before = (await changesOf(knex(), 'purchase_request', raised.body.id)).count;

    const set = await setRules(owner, site.id, [
      { up_to_amount: 50000, approver_ids: [member.user.id] },
      { up_to_amount: null, approver_ids: [owner.user.id] },
    ]);
    expect(set.status, set.text).toBe(200);
    expect((await owner.get(`/api/purchase-requests/${raised.body.id}`)).body).toMatchObject({ status: 'pending', required_levels: [1], next_level: 1, waiting_for: [member.user.id] });
    const after = await changesOf(knex(), 'purchase_request', raised.body.id);
    expect(after.count).toBe(before + 1);
    expect(after.audiences).toEqual(audiences(`user:${owner.user.id}`));
  });
});
