/**
 * Sealed tendering through the API: bids sealed until the opening everywhere (REST, the
 * sync feed, notifications, admin), refused after it (online and queued offline),
 * receipts and the opening record that lists the same digests, no award before the
 * opening, the standstill with its objections, and the award becoming final. The test
 * clock moves the days (the opening is the end of the deadline day in Riyadh).
 */
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, changesOf, notificationsOf, openBids, postBid, postProject, type Client } from '../../test/factories';
import { backfillChangeLog } from '../../registry/backfill';
import { bidDigest, canonicalBid, openingMoment } from '../../../shared/tender';
import type { OpeningRecord } from '../../../shared/schemas/tender';
import { openingRecordSchema, bidReceiptSchema, objectionSchema } from '../../../shared/schemas/tender';
import { projectSchema } from '../../../shared/schemas/project';
import { bidSchema } from '../../../shared/schemas/bid';

describe('sealed tendering', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TEST_CLOCK: '1' } });
  });
  afterAll(() => server.close());
  let clockUser: Client | undefined;
  const moveClock = async (days: number) => {
    clockUser ??= await as(server, 'government');
    expect((await clockUser.post('/api/test/clock', { days })).status).toBe(200);
  };
  afterEach(async () => {
    if (clockUser) await clockUser.post('/api/test/clock', { days: 0 });
  });

  const knex = () => server.db.knex;

  /** Everything the feed gives `client` from scratch: the last state of each object. */
  async function pullAll(client: Client) {
    const held = new Map<string, { entity: string; id: string; data: Record<string, unknown> }>();
    let cursor = '';
    let raw = '';
    for (;;) {
      const res = await client.get(`/api/sync/pull?limit=5000${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      raw += JSON.stringify(res.body);
      for (const c of res.body.changes) {
        const key = `${c.entity}:${c.id}`;
        if (c.op === 'upsert') held.set(key, c);
        else held.delete(key);
      }
      cursor = res.body.cursor;
      if (!res.body.has_more) return { held, raw };
    }
  }
  const heldOf = (held: Map<string, { entity: string; id: string }>, entity: string) => [...held.values()].filter((c) => c.entity === entity);

  /** What an opening does that could happen twice: who was told, and the change-log rows of the record and the project. */
  const openingEffects = async (projectId: string) => ({
    told: (await knex()('notifications').where({ kind: 'tender.opened' }).whereRaw(`params->>'project_id' = ?`, [projectId]).pluck('user_id')).sort(),
    record: await changesOf(knex(), 'tender_opening', projectId),
    project: await changesOf(knex(), 'project', projectId),
  });

  const push = (client: Client, name: string, args: Record<string, unknown>) =>
    client.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name, args }] });

  it('keeps bids sealed until the end of the deadline day, refuses late changes, then opens them with the digests the bidders hold', async () => {
    const gov = await as(server, 'government', { language: 'en' });
    const admin = await as(server, 'admin');
    const project = await postProject(gov, { title: 'Dammam corniche', deadline_date: server.clock.today() });
    expect(project).toMatchObject({ opens_at: openingMoment(server.clock.today()), opened_at: null, phase: 'bidding' });
    const a = await as(server, 'contractor', { company_name: 'مؤسسة الأفق' });
    const b = await as(server, 'contractor', { company_name: 'شركة المدار' });
    const c = await as(server, 'contractor');
    const first = await postBid(a, project.id, { amount: 2_222_222.22, proposal: 'العرض الأول', estimated_completion_days: 300 });
    const amended = await postBid(a, project.id, { amount: 1_987_654.32, proposal: 'العرض المعدّل' });
    const other = await postBid(b, project.id, { amount: 2_100_000, estimated_completion_days: 250 });
    const quitter = await postBid(c, project.id, { amount: 1_500_000 });
    expect((await c.post(`/api/bids/${quitter.body.id}/withdraw`)).status).toBe(200);
    expect([first.status, amended.status, other.status]).toEqual([201, 200, 201]);
    expect(bidSchema.parse(amended.body).digest).not.toBe(first.body.digest);

    // Receipts: one per accepted version, newest first, each the digest of what was received.
    const receipts = (await a.get(`/api/bids/${first.body.id}/receipts`)).body;
    expect(receipts.map((r: { kind: string; digest: string }) => [r.kind, r.digest])).toEqual([
      ['amended', amended.body.digest],
      ['submitted', first.body.digest],
    ]);
    for (const r of receipts) expect(r.digest).toBe(await bidDigest(bidReceiptSchema.parse(r)));
    expect((await b.get(`/api/bids/${first.body.id}/receipts`)).status).toBe(404);
    expect((await gov.get(`/api/bids/${first.body.id}/receipts`)).status).toBe(403);
    const withdrawal = (await c.get(`/api/bids/${quitter.body.id}/receipts`)).body;
    expect(withdrawal.map((r: { kind: string }) => r.kind)).toEqual(['withdrawn', 'submitted']);

    // Sealed: the owner sees how many, nothing else; nor does an admin, anywhere.
    const secrets = /2222222|1987654|2100000|1500000|العرض الأول|العرض المعدّل|ننفذ خلال/;
    const bidsRes = await gov.get(`/api/projects/${project.id}/bids`);
    expect([bidsRes.status, bidsRes.body.code]).toEqual([409, 'tender_not_opened']);
    expect((await gov.get(`/api/projects/${project.id}`)).body).toMatchObject({ bid_count: 2, phase: 'bidding' });
    expect((await gov.get(`/api/projects/${project.id}/opening`)).body.code).toBe('tender_not_opened');
    expect((await a.get(`/api/projects/${project.id}/opening`)).body.code).toBe('tender_not_opened');
    const ownerFeed = await pullAll(gov);
    expect(heldOf(ownerFeed.held, 'bid')).toEqual([]);
    expect(ownerFeed.raw).not.toMatch(secrets);
    expect(ownerFeed.raw).not.toContain(first.body.id);
    const told = await notificationsOf(knex(), gov.user.id);
    expect(told.map((n: { kind: string }) => n.kind).sort()).toEqual(['tender.bid_received', 'tender.bid_received', 'tender.bid_received']);
    expect(JSON.stringify(told)).not.toMatch(secrets);
    expect(JSON.stringify(told)).not.toMatch(/الأفق|المدار/);
    expect((await admin.get(`/api/projects/${project.id}/bids`)).status).toBe(403);
    for (const path of ['/api/admin/projects?limit=100', '/api/projects?limit=100', `/api/projects/${project.id}`]) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(200);
      expect(JSON.stringify(res.body), path).not.toMatch(secrets);
    }
    const adminFeed = await pullAll(admin);
    expect(adminFeed.raw).not.toMatch(secrets);
    // The other bidder's feed carries their own bid only.
    const bFeed = await pullAll(b);
    expect(heldOf(bFeed.held, 'bid').map((x) => x.id)).toEqual([other.body.id]);
    expect(bFeed.raw).not.toMatch(/2222222|1987654|العرض/);

    // The deadline day ends: every change that arrives now is refused visibly, online or queued.
    await moveClock(1);
    const late = await postBid(a, project.id, { amount: 1 });
    expect([late.status, late.body.code]).toEqual([409, 'deadline_passed']);
    const queued = await push(b, 'bid.create', { id: other.body.id, project_id: project.id, amount: 1_900_000, proposal: 'تعديل من دون اتصال' });
    expect(queued.body.results[0]).toMatchObject({ status: 'rejected', code: 'deadline_passed' });
    const queuedNew = await push(await as(server, 'contractor'), 'bid.create', { id: crypto.randomUUID(), project_id: project.id, amount: 5, proposal: 'x' });
    expect(queuedNew.body.results[0]).toMatchObject({ status: 'rejected', code: 'deadline_passed' });
    const queuedWithdraw = await push(b, 'bid.withdraw', { id: other.body.id });
    expect(queuedWithdraw.body.results[0]).toMatchObject({ status: 'rejected', code: 'deadline_passed' });
    expect(await notificationsOf(knex(), b.user.id, 'sync.rejected')).not.toEqual([]);

    // The opening: the record ranks the bids by amount with the digests the bidders hold.
    const openingRes = await gov.get(`/api/projects/${project.id}/opening`);
    expect(openingRes.status).toBe(200);
    const opening: OpeningRecord = openingRecordSchema.parse(openingRes.body);
    expect(opening).toMatchObject({ id: project.id, project_id: project.id, bid_count: 2 });
    expect(opening.record.map((e) => [e.rank, e.contractor_name, e.amount, e.digest])).toEqual([
      [1, 'مؤسسة الأفق', 1_987_654.32, amended.body.digest],
      [2, 'شركة المدار', 2_100_000, other.body.digest],
    ]);
    // Anyone can recompute a digest from the canonical form of what was sent.
    const canonical = canonicalBid({
      project_id: project.id,
      contractor_id: a.user.id,
      amount: 1_987_654.32,
      estimated_completion_days: null,
      proposal: 'العرض المعدّل',
      received_at: opening.record[0].received_at,
    });
    expect(canonical).toBe(
      `{"project_id":"${project.id}","contractor_id":"${a.user.id}","amount":"1987654.32","estimated_completion_days":null,"proposal":"العرض المعدّل","received_at":"${new Date(opening.record[0].received_at).toISOString()}"}`,
    );
    expect(await bidDigest({ project_id: project.id, contractor_id: a.user.id, amount: 1_987_654.32, estimated_completion_days: null, proposal: 'العرض المعدّل', received_at: opening.record[0].received_at })).toBe(amended.body.digest);
    const opened = projectSchema.parse((await gov.get(`/api/projects/${project.id}`)).body);
    expect(opened).toMatchObject({ phase: 'evaluation', opened_at: opening.opened_at, status: 'open' });
    expect(new Date(opening.opened_at).getTime()).toBeGreaterThanOrEqual(new Date(project.opens_at).getTime());
    const list = await gov.get(`/api/projects/${project.id}/bids`);
    expect(list.body.map((x: { id: string }) => x.id)).toEqual([first.body.id, other.body.id]);
    // The owner's device now receives the opened bids (not the withdrawn one) and the record.
    const after = await pullAll(gov);
    expect(heldOf(after.held, 'bid').map((x) => x.id).sort()).toEqual([first.body.id, other.body.id].sort());
    expect(heldOf(after.held, 'tender_opening').map((x) => x.id)).toEqual([project.id]);
    expect(after.raw).not.toContain(quitter.body.id);
    for (const u of [gov, a, b]) expect(await notificationsOf(knex(), u.user.id, 'tender.opened'), u.user.email).toHaveLength(1);
    expect(await notificationsOf(knex(), c.user.id, 'tender.opened')).toEqual([]);
    // The bidders see the record after the award, not before.
    expect((await b.get(`/api/projects/${project.id}/opening`)).body.code).toBe('tender_not_opened');
    // Later reads and upkeep runs open nothing again: no second notification, no second
    // change of the record or the project (the record's primary key alone would not show it).
    const once = await openingEffects(project.id);
    expect(once.told).toEqual([gov, a, b].map((u) => u.user.id).sort());
    expect(once.record.count).toBe(1);
    await gov.get(`/api/projects/${project.id}`);
    await gov.get('/api/projects/my');
    await pullAll(a);
    await moveClock(1);
    expect(await openingEffects(project.id)).toEqual(once);
  });

  it('awards only after the opening; a losing bidder objects once during the standstill; the award becomes final when it ends with no open objection', async () => {
    const gov = await as(server, 'government');
    const project = await postProject(gov);
    const [winner, loser, third] = [await as(server, 'contractor'), await as(server, 'contractor'), await as(server, 'contractor')];
    const win = await postBid(winner, project.id, { amount: 900 });
    const lose = await postBid(loser, project.id, { amount: 800 });
    const also = await postBid(third, project.id, { amount: 1000 });
    const early = await gov.post(`/api/projects/${project.id}/award`, { bid_id: win.body.id });
    expect([early.status, early.body.code]).toEqual([409, 'tender_not_opened']);
    expect((await loser.post(`/api/projects/${project.id}/objections`, { reason: 'مبكر' })).body.code).toBe('standstill_closed');

    await openBids(gov, project.id);
    const awarded = await gov.post(`/api/projects/${project.id}/award`, { bid_id: win.body.id });
    expect(awarded.status).toBe(200);
    const p = projectSchema.parse(awarded.body);
    expect(p).toMatchObject({ status: 'open', phase: 'standstill', awarded_bid_id: win.body.id, award_final_at: null });
    expect(new Date(p.standstill_ends_at!).getTime() - new Date(p.awarded_at!).getTime()).toBe(5 * 24 * 3600 * 1000);
    // A second award while this one stands is refused.
    expect((await gov.post(`/api/projects/${project.id}/award`, { bid_id: lose.body.id })).body.code).toBe('project_not_open');
    // Bids keep their status until the award is final.
    expect((await knex()('bids').where({ project_id: project.id }).pluck('status')).sort()).toEqual(['submitted', 'submitted', 'submitted']);
    const [toWinner] = await notificationsOf(knex(), winner.user.id, 'tender.awarded');
    expect(toWinner.params).toMatchObject({ awarded: true, standstill_ends_at: p.standstill_ends_at });
    expect((await notificationsOf(knex(), loser.user.id, 'tender.awarded'))[0].params.awarded).toBe(false);
    // Every bidder now sees the opening record and the outcome.
    expect((await loser.get(`/api/projects/${project.id}/opening`)).body.record).toHaveLength(3);
    expect(heldOf((await pullAll(loser)).held, 'tender_opening').map((x) => x.id)).toEqual([project.id]);

    // Objections: a losing bidder once; not the awarded bidder; not an outsider.
    const objected = await loser.post(`/api/projects/${project.id}/objections`, { reason: 'عرضي أقل سعرًا' });
    expect(objected.status).toBe(201);
    expect(objectionSchema.parse(objected.body)).toMatchObject({ status: 'open', award_bid_id: win.body.id, bid_id: lose.body.id, answer: null });
    expect((await loser.post(`/api/projects/${project.id}/objections`, { reason: 'مرة ثانية' })).body.code).toBe('objection_exists');
    expect((await winner.post(`/api/projects/${project.id}/objections`, { reason: 'x' })).status).toBe(403);
    expect((await (await as(server, 'contractor')).post(`/api/projects/${project.id}/objections`, { reason: 'x' })).status).toBe(403);
    expect((await loser.post(`/api/projects/${project.id}/objections`, { reason: '   ' })).status).toBe(400);
    expect((await notificationsOf(knex(), gov.user.id, 'tender.objection_filed'))[0].params).toMatchObject({ objection_id: objected.body.id });
    // Who sees it: the owner, the objector, the awarded bidder; not the third bidder.
    for (const [u, n] of [[gov, 1], [loser, 1], [winner, 1], [third, 0]] as const) {
      expect((await u.get(`/api/projects/${project.id}/objections`)).body, u.user.email).toHaveLength(n);
    }

    // The standstill ends with the objection still open: not final.
    await moveClock(6);
    expect((await gov.get(`/api/projects/${project.id}`)).body).toMatchObject({ status: 'open', phase: 'standstill' });
    expect((await third.post(`/api/projects/${project.id}/objections`, { reason: 'متأخر' })).body.code).toBe('standstill_closed');
    // Only the owner answers, once; the rejection after the end makes the award final at once.
    expect((await loser.post(`/api/objections/${objected.body.id}/answer`, { decision: 'rejected', answer: 'x' })).status).toBe(403);
    expect((await gov.post(`/api/objections/${objected.body.id}/answer`, { decision: 'maybe', answer: 'x' })).status).toBe(400);
    const answered = await gov.post(`/api/objections/${objected.body.id}/answer`, { decision: 'rejected', answer: 'العرض الأقل لم يستوفِ المتطلبات الفنية' });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'rejected', answer: 'العرض الأقل لم يستوفِ المتطلبات الفنية' });
    expect((await gov.post(`/api/objections/${objected.body.id}/answer`, { decision: 'upheld', answer: 'x' })).body.code).toBe('objection_answered');
    for (const u of [loser, winner]) expect((await notificationsOf(knex(), u.user.id, 'tender.objection_answered'))[0].params.decision).toBe('rejected');
    const final = (await gov.get(`/api/projects/${project.id}`)).body;
    expect(final).toMatchObject({ status: 'in_progress', phase: null, awarded_bid_id: win.body.id });
    expect(final.award_final_at).not.toBeNull();
    const statuses = Object.fromEntries((await knex()('bids').where({ project_id: project.id }).select('id', 'status')).map((r) => [r.id, r.status]));
    expect(statuses).toEqual({ [win.body.id]: 'accepted', [lose.body.id]: 'rejected', [also.body.id]: 'rejected' });
    expect((await notificationsOf(knex(), winner.user.id, 'tender.award_final'))[0].params.awarded).toBe(true);
    for (const u of [loser, third, gov]) expect((await notificationsOf(knex(), u.user.id, 'tender.award_final'))[0].params.awarded).toBe(false);
  });

  it('finalises an award whose standstill ended with no objection when the upkeep runs, and an upheld objection withdraws the award so the owner decides again', async () => {
    const gov = await as(server, 'government');
    const quiet = await postProject(gov);
    const disputed = await postProject(gov);
    const [x, y] = [await as(server, 'contractor'), await as(server, 'contractor')];
    const qx = await postBid(x, quiet.id, { amount: 10 });
    await postBid(y, quiet.id, { amount: 20 });
    const dx = await postBid(x, disputed.id, { amount: 10 });
    const dy = await postBid(y, disputed.id, { amount: 20 });
    await openBids(gov, quiet.id);
    await openBids(gov, disputed.id);
    expect((await gov.post(`/api/projects/${quiet.id}/award`, { bid_id: qx.body.id })).status).toBe(200);
    expect((await gov.post(`/api/projects/${disputed.id}/award`, { bid_id: dx.body.id })).status).toBe(200);

    const objection = await y.post(`/api/projects/${disputed.id}/objections`, { reason: 'المؤهلات' });
    const upheld = await gov.post(`/api/objections/${objection.body.id}/answer`, { decision: 'upheld', answer: 'نعيد التقييم' });
    expect(upheld.body).toMatchObject({ status: 'upheld', answer: 'نعيد التقييم' });
    expect((await gov.get(`/api/projects/${disputed.id}`)).body).toMatchObject({
      status: 'open',
      phase: 'evaluation',
      awarded_bid_id: null,
      awarded_at: null,
      standstill_ends_at: null,
    });
    for (const u of [x, y]) expect((await notificationsOf(knex(), u.user.id, 'tender.objection_answered')).map((n: { params: { decision: string } }) => n.params.decision)).toEqual(['upheld']);
    // The overturned award cannot be made again; another bid can, with a new standstill.
    expect((await gov.post(`/api/projects/${disputed.id}/award`, { bid_id: dx.body.id })).body.code).toBe('award_withdrawn');
    const again = await gov.post(`/api/projects/${disputed.id}/award`, { bid_id: dy.body.id });
    expect(again.body).toMatchObject({ phase: 'standstill', awarded_bid_id: dy.body.id });
    // The loser of the new award may object to it (a new award, a new objection).
    expect((await x.post(`/api/projects/${disputed.id}/objections`, { reason: 'اعتراض على الترسية الجديدة' })).status).toBe(201);

    await moveClock(5);
    // Moving the clock runs the upkeep: the quiet award is final in the feed.
    const feed = await pullAll(x);
    expect(feed.held.get(`project:${quiet.id}`)?.data).toMatchObject({ status: 'in_progress', awarded_bid_id: qx.body.id });
    expect(feed.held.get(`bid:${qx.body.id}`)?.data).toMatchObject({ status: 'accepted' });
    // The disputed one waits for its open objection.
    expect(feed.held.get(`project:${disputed.id}`)?.data).toMatchObject({ status: 'open', phase: 'standstill' });
  });

  it('closes the bidding of a project without a deadline for its owner only, once, and never one with a deadline', async () => {
    const gov = await as(server, 'government');
    const project = await postProject(gov);
    const dated = await postProject(gov, { deadline_date: '2099-01-01' });
    expect((await (await as(server, 'government')).post(`/api/projects/${project.id}/close-bidding`, {})).status).toBe(403);
    expect((await (await as(server, 'contractor')).post(`/api/projects/${project.id}/close-bidding`, {})).status).toBe(403);
    expect((await (await as(server, 'supplier')).post(`/api/projects/${project.id}/close-bidding`, {})).status).toBe(403);
    const withDeadline = await gov.post(`/api/projects/${dated.id}/close-bidding`, {});
    expect([withDeadline.status, withDeadline.body.code]).toEqual([409, 'invalid_transition']);
    const closed = await gov.post(`/api/projects/${project.id}/close-bidding`, {});
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ phase: 'evaluation', bid_count: 0 });
    expect(closed.body.opens_at).toBe(closed.body.opened_at);
    const again = await gov.post(`/api/projects/${project.id}/close-bidding`, {});
    expect(again.body).toEqual(closed.body);
    expect((await gov.get(`/api/projects/${project.id}/opening`)).body).toMatchObject({ bid_count: 0, record: [] });
    await gov.post(`/api/projects/${dated.id}/status`, { status: 'cancelled' });
    expect((await gov.post(`/api/projects/${dated.id}/close-bidding`, {})).body.code).toBe('project_not_open');
  });

  it('opens a tender once however often its closing arrives: the same mutation sent again, another device, a REST retry', async () => {
    const gov = await as(server, 'government');
    const project = await postProject(gov);
    const bidder = await as(server, 'contractor');
    expect((await postBid(bidder, project.id)).status).toBe(201);
    const clientId = crypto.randomUUID();
    const close = (client_id: string) => gov.post('/api/sync/push', { client_id, mutations: [{ id: 1, name: 'project.closeBidding', args: { id: project.id } }] });
    const first = await close(clientId);
    expect(first.body).toMatchObject({ results: [{ id: 1, status: 'applied' }], last_mutation_id: 1 });
    const once = await openingEffects(project.id);
    expect(once.told).toEqual([gov.user.id, bidder.user.id].sort());
    expect(once.record.count).toBe(1);

    // The same client and mutation id again (its answer was lost): the stored answer, nothing run twice.
    expect((await close(clientId)).body).toEqual(first.body);
    expect(await openingEffects(project.id)).toEqual(once);
    // Another device of the owner, then a retry of the REST route: the project unchanged, nothing new.
    expect((await close(crypto.randomUUID())).body.results).toEqual([{ id: 1, status: 'applied' }]);
    expect((await gov.post(`/api/projects/${project.id}/close-bidding`, {})).status).toBe(200);
    expect(await openingEffects(project.id)).toEqual(once);
  });

  it('has the start-up backfill address opening records and objections as the services did', async () => {
    const gov = await as(server, 'government');
    const [x, y, z] = [await as(server, 'contractor'), await as(server, 'contractor'), await as(server, 'contractor')];
    const awarded = await postProject(gov);
    const bx = await postBid(x, awarded.id, { amount: 1 });
    await postBid(y, awarded.id, { amount: 2 });
    const gone = await postBid(z, awarded.id, { amount: 3 });
    await z.post(`/api/bids/${gone.body.id}/withdraw`);
    await openBids(gov, awarded.id);
    await gov.post(`/api/projects/${awarded.id}/award`, { bid_id: bx.body.id });
    await y.post(`/api/projects/${awarded.id}/objections`, { reason: 'سبب' });
    const evaluated = await postProject(gov);
    await postBid(x, evaluated.id);
    await openBids(gov, evaluated.id);
    const ids = [awarded.id, evaluated.id, ...(await knex()('award_objections').where({ project_id: awarded.id }).pluck('id'))];
    const addressed = async () =>
      (await knex()('changes').whereIn('entity', ['tender_opening', 'objection']).whereIn('entity_id', ids).distinct('entity', 'entity_id', 'audience'))
        .map((r: { entity: string; entity_id: string; audience: string }) => `${r.entity} ${r.entity_id} ${r.audience}`)
        .sort();
    const byServices = await addressed();
    expect(byServices).toContain(`tender_opening ${evaluated.id} ${gov.user.id}`);
    expect(byServices).not.toContain(`tender_opening ${evaluated.id} ${x.user.id}`);
    expect(byServices).not.toContain(`tender_opening ${awarded.id} ${z.user.id}`);
    await knex()('changes').whereIn('entity', ['tender_opening', 'objection']).whereIn('entity_id', ids).delete();
    await backfillChangeLog(knex());
    expect(await addressed()).toEqual(byServices);
  });

  it('makes an award final at once when STANDSTILL_DAYS is 0', async () => {
    const other = await startTestServer({ env: { STANDSTILL_DAYS: '0' } });
    try {
      const gov = await as(other, 'government');
      const project = await postProject(gov);
      const bid = await postBid(await as(other, 'contractor'), project.id);
      await openBids(gov, project.id);
      const res = await gov.post(`/api/projects/${project.id}/award`, { bid_id: bid.body.id });
      expect(res.body).toMatchObject({ status: 'in_progress', phase: null });
      expect(res.body.award_final_at).toBe(res.body.awarded_at);
      expect(res.body.standstill_ends_at).toBe(res.body.awarded_at);
    } finally {
      await other.close();
    }
  });
});
