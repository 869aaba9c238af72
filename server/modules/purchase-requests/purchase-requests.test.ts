/**
 * Purchase requests and their approvals, through REST and the sync push: any member raises
 * one on an active site of the company, once per device id; its amount (VAT included) and
 * the site's requests of the 24 hours before on a shared budget line pick the levels it
 * needs; the approvers of each level decide in order, each once, by the rules as they are
 * when the decision arrives; nobody outside the company sees any of it. Each way around the
 * rules that users of other systems report is tried here: a blank budget line, an unpriced
 * line, a buy split in two, an approval pushed by someone not at that level, an approver
 * approving twice, rules changed while a request waits.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, audiences, changesOf, notificationsOf, type Client } from '../../test/factories';
import { approveRequest, raiseRequest, rejectRequest, requestBody, setRules, siteCompany } from '../../test/site-steps';
import { refusal, runMutation } from '../../test/mutations';
import { loadSessionUser, type SessionUser } from '../../auth/session-user';
import { mutations } from './mutations';

describe('purchase requests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;
  const sessionOf = async (c: Client) => (await loadSessionUser(knex(), server.config, c.user.id)) as SessionUser;

  const company = (levels?: Parameters<typeof siteCompany>[1]) => siteCompany(server, levels);
  const body = requestBody;
  const raise = raiseRequest;
  const approve = approveRequest;
  const reject = rejectRequest;
  const read = async (c: Client, id: string) => (await c.get(`/api/purchase-requests/${id}`)).body;

  it('is raised by any member, numbered per company and year, and waits for the approvers of its first level, who are told', async () => {
    const { owner, manager, engineer, site, budget } = await company();
    // 10 m3 at 1,000 SAR: 11,500 with VAT, the manager's band.
    const pr = await raise(engineer, site.id, [{ budget_line_id: budget[0], quantity: 10, estimated_unit_price: 1000 }], { needed_by: '2026-12-20' });
    expect(pr).toMatchObject({
      site_id: site.id,
      site_name: 'برج الياسمين السكني',
      requested_by: engineer.user.id,
      requested_by_name: 'مهندس الموقع',
      needed_by: '2026-12-20',
      note: 'للدور الثالث',
      status: 'pending',
      amount: 11500,
      level_amount: 11500,
      required_levels: [2],
      next_level: 2,
      waiting_for: [manager.user.id],
      approvals: [],
      lines: [{ position: 1, budget_line_id: budget[0], description: 'بند 1', quantity: 10, unit: 'م3', estimated_unit_price: 1000 }],
    });
    expect(pr.number).toMatch(/^PR-\d{4}-\d{6}$/);
    const second = await raise(owner, site.id, [{ budget_line_id: budget[1], quantity: 1, estimated_unit_price: 100 }]);
    expect(Number(second.number.slice(-6))).toBe(Number(pr.number.slice(-6)) + 1);
    // Another company's numbers start on their own.
    const other = await company();
    expect((await raise(other.engineer, other.site.id, [{ quantity: 1, estimated_unit_price: 1 }])).number).toMatch(/-000001$/);

    const [told] = await notificationsOf(knex(), manager.user.id, 'purchase_request.waiting');
    expect(told).toMatchObject({ type: 'purchase_request', params: { number: pr.number, site: site.name, requester: 'مهندس الموقع', purchase_request_id: pr.id } });
    expect(await notificationsOf(knex(), owner.user.id, 'purchase_request.waiting')).toHaveLength(0);
    expect((await changesOf(knex(), 'purchase_request', pr.id)).audiences).toEqual(audiences(`user:${owner.user.id}`));
    // Every member of the company sees it, through REST and the feed alike.
    expect((await read(manager, pr.id)).id).toBe(pr.id);
    const pull = await engineer.get('/api/sync/pull?client_id=pr-phone-1&limit=5000');
    expect(pull.body.changes).toContainEqual(expect.objectContaining({ entity: 'purchase_request', id: pr.id, op: 'upsert', data: expect.objectContaining({ waiting_for: [manager.user.id] }) }));
  });

  it('answers the stored request when the same id comes again, and refuses the id for another request', async () => {
    const { engineer, owner, site } = await company();
    const b = body(site.id, [{ quantity: 10, estimated_unit_price: 1000 }]);
    const first = await engineer.post('/api/purchase-requests', b);
    const again = await owner.post('/api/purchase-requests', { ...b, note: 'تغيّر' });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toMatchObject({ id: first.body.id, number: first.body.number, note: 'للدور الثالث' });
    expect(await knex()('purchase_requests').where({ id: b.id }).count('* as n').first()).toMatchObject({ n: 1 });
    const stranger = await company();
    expect((await stranger.engineer.post('/api/purchase-requests', { ...b, site_id: stranger.site.id })).status).toBe(409);
  });

  it('is approved at once when its amount needs no level, and nobody is asked', async () => {
    const { manager, engineer, site, budget } = await company();
    // 4 m3 at 1,000 SAR: 4,600 with VAT, under 5,000.
    const pr = await raise(engineer, site.id, [{ budget_line_id: budget[0], quantity: 4, estimated_unit_price: 1000 }]);
    expect(pr).toMatchObject({ status: 'approved', amount: 4600, required_levels: [], next_level: null, waiting_for: [] });
    expect(pr.decided_at).toBeTruthy();
    expect(await notificationsOf(knex(), manager.user.id, 'purchase_request.waiting')).toHaveLength(0);
    expect((await approve(manager, pr.id)).body.code).toBe('request_not_pending');
  });

  it('is exactly at a band: 5,000 needs nothing, 50,000 the manager only, a halala more the owner too', async () => {
    const { engineer, site } = await company();
    // 5,000 with VAT is 4,347.83 before it (4,347.83 x 1.15 = 5,000.0045 -> 5,000.00).
    expect(await raise(engineer, site.id, [{ quantity: 1, estimated_unit_price: 4347.83 }])).toMatchObject({ amount: 5000, required_levels: [] });
    const other = await company();
    expect(await raise(other.engineer, other.site.id, [{ quantity: 1, estimated_unit_price: 43478.26 }])).toMatchObject({ amount: 50000, required_levels: [2] });
    const third = await company();
    expect(await raise(third.engineer, third.site.id, [{ quantity: 1, estimated_unit_price: 43478.27 }])).toMatchObject({ amount: 50000.01, required_levels: [2, 3] });
  });

  it('goes through its levels in order: the owner cannot approve before the manager, and the requester is told once all approved', async () => {
    const { owner, manager, engineer, site, budget } = await company();
    // 100 m3 at 1,000: 115,000, above 50,000.
    const pr = await raise(engineer, site.id, [{ budget_line_id: budget[0], quantity: 100, estimated_unit_price: 1000 }]);
    expect(pr).toMatchObject({ required_levels: [2, 3], next_level: 2, waiting_for: [manager.user.id] });
    const early = await approve(owner, pr.id);
    expect([early.status, early.body.code]).toEqual([409, 'not_an_approver']);
    expect((await approve(engineer, pr.id)).body.code).toBe('not_an_approver');

    const first = await approve(manager, pr.id);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ status: 'pending', next_level: 3, waiting_for: [owner.user.id], approvals: [{ level: 2, decision: 'approved', decided_by: manager.user.id, decided_by_name: 'مدير الموقع', reason: null }] });
    expect(await notificationsOf(knex(), owner.user.id, 'purchase_request.waiting')).toMatchObject([{ params: { purchase_request_id: pr.id } }]);

    const last = await approve(owner, pr.id);
    expect(last.body).toMatchObject({ status: 'approved', next_level: null, waiting_for: [] });
    expect(last.body.approvals.map((a: { level: number }) => a.level)).toEqual([2, 3]);
    expect(await notificationsOf(knex(), engineer.user.id, 'purchase_request.approved')).toMatchObject([{ params: { number: pr.number, purchase_request_id: pr.id } }]);
    expect((await approve(owner, pr.id)).body.code).toBe('request_not_pending');
  });

  it('refuses an approver a second decision on one request, even where they approve at the next level too', async () => {
    const { owner, manager, engineer, site } = await company(({ owner: o, manager: m }) => [
      { up_to_amount: 5000, approver_ids: [] },
      { up_to_amount: 50000, approver_ids: [m, o] },
      { up_to_amount: null, approver_ids: [o] },
    ]);
    const pr = await raise(engineer, site.id, [{ quantity: 100, estimated_unit_price: 1000 }]);
    expect((await approve(owner, pr.id)).body).toMatchObject({ next_level: 3, waiting_for: [owner.user.id] });
    const twice = await approve(owner, pr.id);
    expect([twice.status, twice.body.code]).toEqual([409, 'level_decided']);
    // The manager's level was decided by the owner first.
    expect((await approve(manager, pr.id)).body.code).toBe('level_decided');
    expect(await knex()('purchase_request_approvals').where({ purchase_request_id: pr.id }).count('* as n').first()).toMatchObject({ n: 1 });
  });

  it('is rejected with a reason by an approver of its level, which ends it and tells the requester', async () => {
    const { owner, manager, engineer, site } = await company();
    const pr = await raise(engineer, site.id, [{ quantity: 100, estimated_unit_price: 1000 }]);
    expect((await reject(manager, pr.id)).status).toBe(400);
    expect((await reject(manager, pr.id, '  ')).status).toBe(400);
    expect((await reject(owner, pr.id, 'مبالغ فيه')).body.code).toBe('not_an_approver');
    const res = await reject(manager, pr.id, 'الكمية أكبر من الحاجة');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', reason: 'الكمية أكبر من الحاجة', next_level: null, waiting_for: [], approvals: [{ level: 2, decision: 'rejected', reason: 'الكمية أكبر من الحاجة' }] });
    expect(await notificationsOf(knex(), engineer.user.id, 'purchase_request.rejected')).toMatchObject([{ params: { reason: 'الكمية أكبر من الحاجة', purchase_request_id: pr.id } }]);
    expect((await approve(owner, pr.id)).body.code).toBe('request_not_pending');
  });

  it('needs every level when a line has no price, so an unpriced line never slips under approval', async () => {
    const { manager, engineer, site, budget } = await company();
    const pr = await raise(engineer, site.id, [{ budget_line_id: budget[0], quantity: 1, estimated_unit_price: 10 }, { quantity: 1 }]);
    expect(pr).toMatchObject({ amount: null, level_amount: null, required_levels: [2, 3], waiting_for: [manager.user.id] });
  });

  it('sums a buy split into requests within 24 hours on one budget line, a blank budget line included', async () => {
    const { owner, manager, engineer, site, budget } = await company();
    // Two requests of 40,250 each on one budget line: the second is approved as 80,500.
    const first = await raise(engineer, site.id, [{ budget_line_id: budget[0], quantity: 35, estimated_unit_price: 1000 }]);
    expect(first).toMatchObject({ level_amount: 40250, required_levels: [2] });
    const second = await raise(manager, site.id, [{ budget_line_id: budget[0], quantity: 35, estimated_unit_price: 1000 }]);
    expect(second).toMatchObject({ amount: 40250, level_amount: 80500, required_levels: [2, 3], waiting_for: [manager.user.id] });
    // On another budget line it stands alone.
    expect(await raise(engineer, site.id, [{ budget_line_id: budget[1], quantity: 35, estimated_unit_price: 1000 }])).toMatchObject({ level_amount: 40250, required_levels: [2] });

    // Lines without a budget line are summed under one key: 4,600 twice is 9,200, which needs the manager.
    const blank = await raise(engineer, site.id, [{ quantity: 4, estimated_unit_price: 1000 }]);
    expect(blank).toMatchObject({ status: 'approved', required_levels: [] });
    const blankAgain = await raise(engineer, site.id, [{ quantity: 4, estimated_unit_price: 1000 }]);
    expect(blankAgain).toMatchObject({ status: 'pending', level_amount: 9200, required_levels: [2] });

    // A rejected request no longer counts, and the rule is read again at the decision.
    expect((await reject(manager, first.id, 'مكرر')).status).toBe(200);
    expect(await read(owner, second.id)).toMatchObject({ level_amount: 40250, required_levels: [2] });
    expect((await approve(owner, second.id)).body.code).toBe('not_an_approver');
    expect((await approve(manager, second.id)).body).toMatchObject({ status: 'approved' });
  });

  it('leaves out requests older than 24 hours', async () => {
    const { engineer, site, budget } = await company();
    const first = await raise(engineer, site.id, [{ budget_line_id: budget[0], quantity: 35, estimated_unit_price: 1000 }]);
    await knex()('purchase_requests').where({ id: first.id }).update({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() });
    expect(await raise(engineer, site.id, [{ budget_line_id: budget[0], quantity: 35, estimated_unit_price: 1000 }])).toMatchObject({ level_amount: 40250, required_levels: [2] });
  });

  it("applies the owner's new rules to a request already waiting", async () => {
    const { owner, manager, engineer, site } = await company();
    const pr = await raise(engineer, site.id, [{ quantity: 10, estimated_unit_price: 1000 }]);
    expect(pr.waiting_for).toEqual([manager.user.id]);
    // Now everything goes to the owner alone.
    expect((await setRules(owner, site.id, [{ up_to_amount: null, approver_ids: [owner.user.id] }])).status).toBe(200);
    expect(await read(engineer, pr.id)).toMatchObject({ required_levels: [1], next_level: 1, waiting_for: [owner.user.id] });
    expect((await approve(manager, pr.id)).body.code).toBe('not_an_approver');
    expect((await approve(owner, pr.id)).body).toMatchObject({ status: 'approved', approvals: [{ level: 1, decided_by: owner.user.id }] });

    // Raised above the manager's band, then the owner raises the band: the manager's approval ends it.
    const big = await raise(engineer, site.id, [{ quantity: 100, estimated_unit_price: 1000 }]);
    await setRules(owner, site.id, [
      { up_to_amount: 200000, approver_ids: [manager.user.id] },
      { up_to_amount: null, approver_ids: [owner.user.id] },
    ]);
    expect((await approve(manager, big.id)).body).toMatchObject({ status: 'approved', required_levels: [1] });
  });

  it('applies the same rules to approvals pushed from a phone: one by someone not at that level is rejected with not_an_approver', async () => {
    const { owner, manager, engineer, site } = await company();
    const pr = await raise(engineer, site.id, [{ quantity: 100, estimated_unit_price: 1000 }]);
    const pushed = await owner.post('/api/sync/push', { client_id: 'owner-phone-1', mutations: [{ id: 1, name: 'purchase_request.approve', args: { id: pr.id } }] });
    expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', code: 'not_an_approver' });
    expect(await read(owner, pr.id)).toMatchObject({ approvals: [], next_level: 2 });

    const byManager = await manager.post('/api/sync/push', { client_id: 'manager-phone-1', mutations: [{ id: 1, name: 'purchase_request.approve', args: { id: pr.id } }] });
    expect(byManager.body.results[0]).toMatchObject({ status: 'applied' });
    const again = await manager.post('/api/sync/push', { client_id: 'manager-phone-1', mutations: [{ id: 2, name: 'purchase_request.approve', args: { id: pr.id } }] });
    expect(again.body.results[0]).toMatchObject({ status: 'rejected', code: 'level_decided' });
    const rejected = await owner.post('/api/sync/push', { client_id: 'owner-phone-1', mutations: [{ id: 2, name: 'purchase_request.reject', args: { id: pr.id, reason: 'ليس الآن' } }] });
    expect(rejected.body.results[0]).toMatchObject({ status: 'applied' });
    expect(await read(engineer, pr.id)).toMatchObject({ status: 'rejected', reason: 'ليس الآن' });

    // A request raised offline: the same rules, once per id.
    const args = body(site.id, [{ quantity: 10, estimated_unit_price: 1000 }]);
    for (const id of [1, 2]) {
      const res = await engineer.post('/api/sync/push', { client_id: 'engineer-phone-1', mutations: [{ id, name: 'purchase_request.create', args }] });
      expect(res.body.results[0], JSON.stringify(res.body)).toMatchObject({ status: 'applied' });
    }
    expect(await read(engineer, args.id)).toMatchObject({ status: 'pending', waiting_for: [manager.user.id] });
    expect(await knex()('purchase_requests').where({ id: args.id }).count('* as n').first()).toMatchObject({ n: 1 });
  });

  it('runs the sync mutations through the same service: a stranger is refused with 404', async () => {
    const { engineer, site } = await company();
    const pr = await raise(engineer, site.id, [{ quantity: 10, estimated_unit_price: 1000 }]);
    const stranger = await as(server, 'contractor');
    const deps = { config: server.config, clock: server.clock };
    expect(await refusal(runMutation(knex(), deps, mutations, 'purchase_request.approve', await sessionOf(stranger), { id: pr.id }))).toEqual({ status: 404, code: 'not_found' });
    expect(await refusal(runMutation(knex(), deps, mutations, 'purchase_request.create', await sessionOf(stranger), body(site.id, [{ quantity: 1 }])))).toEqual({
      status: 404,
      code: 'not_found',
    });
  });

  it("is its company's only: a stranger gets 404 and sees none in lists", async () => {
    const { engineer, site } = await company();
    const pr = await raise(engineer, site.id, [{ quantity: 10, estimated_unit_price: 1000 }]);
    const stranger = await as(server, 'contractor');
    expect((await stranger.get(`/api/purchase-requests/${pr.id}`)).status).toBe(404);
    expect((await approve(stranger, pr.id)).status).toBe(404);
    expect((await reject(stranger, pr.id, 'لا')).status).toBe(404);
    expect((await stranger.get('/api/purchase-requests')).body).toEqual([]);
    expect((await stranger.post('/api/purchase-requests', body(site.id, [{ quantity: 1 }]))).status).toBe(404);
    const supplier = await as(server, 'supplier');
    expect((await supplier.get(`/api/purchase-requests/${pr.id}`)).status).toBe(404);
  });

  it("refuses a budget line of another site, and a closed site's new requests", async () => {
    const { engineer, site } = await company();
    const other = await company();
    const res = await engineer.post('/api/purchase-requests', body(site.id, [{ quantity: 1 }, { budget_line_id: other.budget[0], quantity: 1 }]));
    expect([res.status, res.body.code]).toEqual([400, 'validation_failed']);
    expect(res.body.details).toEqual([expect.objectContaining({ path: 'lines.1.budget_line_id', code: 'not_of_site' })]);
    await knex()('sites').where({ id: site.id }).update({ status: 'closed' });
    const closed = await engineer.post('/api/purchase-requests', body(site.id, [{ quantity: 1 }]));
    expect([closed.status, closed.body.code]).toEqual([409, 'site_closed']);
  });

  it('lists a site\'s requests, and those waiting for the caller now', async () => {
    const { owner, manager, engineer, site } = await company();
    const other = await owner.post('/api/sites', { id: crypto.randomUUID(), name: 'مستودع الشرقية', location: 'الدمام' });
    expect(other.status, other.text).toBe(201);
    const small = await raise(engineer, site.id, [{ quantity: 10, estimated_unit_price: 1000 }]);
    const big = await raise(engineer, site.id, [{ quantity: 100, estimated_unit_price: 2000 }]);
    // The new site's default rules: nothing under 10,000, the owner above.
    const elsewhere = await raise(engineer, other.body.id, [{ quantity: 10, estimated_unit_price: 1000 }]);
    expect(elsewhere).toMatchObject({ required_levels: [2], waiting_for: [owner.user.id] });

    const ids = async (c: Client, q: string) => {
      const res = await c.get(`/api/purchase-requests${q}`);
      expect(res.status, res.text).toBe(200);
      return res.body.map((r: { id: string }) => r.id);
    };
    expect(await ids(engineer, `?site_id=${site.id}`)).toEqual([big.id, small.id]);
    expect(await ids(engineer, '')).toEqual([elsewhere.id, big.id, small.id]);
    expect(await ids(manager, '?waiting_for=me')).toEqual([big.id, small.id]);
    expect(await ids(owner, '?waiting_for=me')).toEqual([elsewhere.id]);
    await approve(manager, big.id);
    expect(await ids(manager, '?waiting_for=me')).toEqual([small.id]);
    expect(await ids(owner, `?waiting_for=me&site_id=${site.id}`)).toEqual([big.id]);
    expect(await ids(engineer, '?waiting_for=me')).toEqual([]);
    expect((await engineer.get('/api/purchase-requests?waiting_for=you')).status).toBe(400);
  });
});
