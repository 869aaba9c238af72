/**
 * Two envelopes and bid bonds, through REST: the envelopes sealed until the opening (the
 * owner included), the technical evaluation's refusals, the financial opening once and
 * only after it, the award of a passed bid only, bid documents' access, and a failed
 * bidder's amount never leaving the server for the owner (REST, sync, notifications, open
 * data: the JSON searched for the amount).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, type Client } from '../../test/factories';
import { addDays, bidDocument, envelopeBid, twoEnvelopeTender } from '../../test/envelope-steps';
import { technicalEnvelopeSchema } from '../../../shared/schemas/bid-document';
import { openingRecordSchema } from '../../../shared/schemas/tender';
import { projectSchema } from '../../../shared/schemas/project';
import { releasePackageErrors } from '../ocds/schema';
import { backfillChangeLog } from '../../registry/backfill';

/** The failed bidder's amount: a figure that appears nowhere else (no digest can hold a dot). */
const FAILED_AMOUNT = 7_654_321.98;

describe('two envelopes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const download = (c: Client, projectId: string, id: string) => fetch(new URL(`/api/projects/${projectId}/bid-documents/${id}`, c.base), { headers: { Cookie: c.cookieHeader() } });
  const valid = () => addDays(server.clock.today(), 120);

  it('seals the envelopes until the opening, opens the technical ones first, and the passed financial ones only after the evaluation', async () => {
    const gov = await as(server, 'government');
    const project = await twoEnvelopeTender(gov);
    expect(projectSchema.parse(project)).toMatchObject({ envelopes: 2, bid_bond_percent: 2, technical_evaluated_at: null, financial_opened_at: null, phase: 'bidding' });
    const [a, b, c] = [await as(server, 'contractor'), await as(server, 'contractor'), await as(server, 'contractor')];
    const bidA = await envelopeBid(a, project.id, 1_234_567.89, valid());
    const bidB = await envelopeBid(b, project.id, FAILED_AMOUNT, valid());
    const bidC = await envelopeBid(c, project.id, 1_500_000, null);
    const unnamed = await bidDocument(b, project.id, 'مسودة');
    expect(bidA.bid).toMatchObject({ technical: { text: 'منهجية التنفيذ وفريق العمل', document_ids: [bidA.technical.id] }, bid_bond_compliant: true, technical_result: null });

    // Before the opening: the owner reads no envelope, no bid, no bidder's file; a bidder its own only.
    expect((await gov.get(`/api/projects/${project.id}/technical-envelopes`)).body.code).toBe('envelopes_sealed');
    expect((await gov.get(`/api/projects/${project.id}/bids`)).body.code).toBe('tender_not_opened');
    expect((await download(gov, project.id, bidA.technical.id)).status).toBe(404);
    expect((await download(b, project.id, bidA.technical.id)).status).toBe(404);
    expect((await download(a, project.id, bidA.technical.id)).status).toBe(200);
    expect((await a.get(`/api/projects/${project.id}/technical-envelopes`)).body.map((e: { id: string }) => e.id)).toEqual([bidA.bid.id]);
    expect((await gov.post(`/api/projects/${project.id}/technical-evaluation`, { results: [] })).body.code).toBe('envelopes_sealed');
    expect((await gov.post(`/api/projects/${project.id}/open-financial`, {})).body.code).toBe('technical_evaluation_missing');
    expect(JSON.stringify((await gov.get('/api/sync/pull?limit=5000')).body)).not.toContain('technical_envelope');

    const closed = await gov.post(`/api/projects/${project.id}/close-bidding`, {});
    expect(closed.body.phase, closed.text).toBe('technical_evaluation');

    // The opening: technical envelopes to the owner, no amount anywhere; bonds marked.
    const opening = openingRecordSchema.parse((await gov.get(`/api/projects/${project.id}/opening`)).body);
    expect(opening.financial_opened_at).toBeNull();
    expect(opening.record.map((e) => [e.bid_id, e.rank, e.amount, e.estimated_completion_days, e.bid_bond_compliant, e.technical_pass])).toEqual([
      [bidA.bid.id, null, null, null, true, null],
      [bidB.bid.id, null, null, null, true, null],
      [bidC.bid.id, null, null, null, false, null],
    ]);
    expect((await gov.get(`/api/projects/${project.id}/bids`)).body.code).toBe('envelopes_sealed');
    const envelopes = (await gov.get(`/api/projects/${project.id}/technical-envelopes`)).body.map((e: unknown) => technicalEnvelopeSchema.parse(e));
    expect(envelopes.map((e: { bid_id: string; documents: unknown[] }) => [e.bid_id, e.documents.length])).toEqual([
      [bidA.bid.id, 1],
      [bidB.bid.id, 1],
      [bidC.bid.id, 1],
    ]);
    expect(JSON.stringify(envelopes)).not.toMatch(/amount|1234567|7654321/);
    expect((await download(gov, project.id, bidA.technical.id)).status).toBe(200);
    // A guarantee letter states its sum, a share of the bid: it stays with the financial envelope.
    expect((await download(gov, project.id, bidA.guarantee!.id)).status).toBe(404);
    expect((await download(gov, project.id, bidB.guarantee!.id)).status).toBe(404);
    expect((await download(a, project.id, bidA.guarantee!.id)).status).toBe(200);
    expect((await download(gov, project.id, unnamed.id)).status).toBe(404);
    expect((await download(c, project.id, bidA.technical.id)).status).toBe(404);

    // The evaluation's refusals.
    const evaluate = (who: Client, results: unknown[]) => who.post(`/api/projects/${project.id}/technical-evaluation`, { results });
    const all = [
      { bid_id: bidA.bid.id, pass: true },
      { bid_id: bidB.bid.id, pass: false, reason: 'المنهجية لا تستوفي كراسة الشروط' },
      { bid_id: bidC.bid.id, pass: true },
    ];
    expect((await evaluate(a, all)).status).toBe(403);
    expect((await evaluate(await as(server, 'government'), all)).status).toBe(403); // another owner sees the open tender, so 403
    const incomplete = await evaluate(gov, all.slice(0, 2));
    expect([incomplete.status, incomplete.body.code, incomplete.body.details.map((d: { message: string }) => d.message)]).toEqual([400, 'evaluation_incomplete', [bidC.bid.id]]);
    expect((await evaluate(gov, [...all, { bid_id: crypto.randomUUID(), pass: true }])).body.code).toBe('evaluation_unknown_bid');
    expect((await evaluate(gov, [all[0], { bid_id: bidB.bid.id, pass: false }, all[2]])).body.code).toBe('reason_required');
    expect((await gov.post(`/api/projects/${project.id}/award`, { bid_id: bidA.bid.id })).body.code).toBe('tender_not_opened');

    const evaluated = await evaluate(gov, all);
    expect(evaluated.status, evaluated.text).toBe(200);
    expect(evaluated.body.technical_evaluated_at).not.toBeNull();
    expect(evaluated.body.phase).toBe('technical_evaluation');
    expect((await evaluate(gov, all)).body.code).toBe('technical_evaluation_done');
    const told = await server.db.knex('notifications').where({ kind: 'tender.technical_result' }).whereIn('user_id', [a.user.id, b.user.id]).select('user_id', 'params');
    expect(told.map((n) => [n.user_id, n.params.pass, n.params.reason ?? null, n.params.bond_released ?? null]).sort()).toEqual(
      [
        [a.user.id, true, null, null],
        [b.user.id, false, 'المنهجية لا تستوفي كراسة الشروط', true],
      ].sort(),
    );
    expect((await b.get(`/api/bids/my`)).body[0].technical_result).toEqual({ pass: false, reason: 'المنهجية لا تستوفي كراسة الشروط' });
    expect((await gov.get(`/api/projects/${project.id}/bids`)).body.code).toBe('envelopes_sealed');

    // The financial opening: once, the passed bids ranked, the failed one never.
    const opened = await gov.post(`/api/projects/${project.id}/open-financial`, {});
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.phase).toBe('evaluation');
    expect((await gov.post(`/api/projects/${project.id}/open-financial`, {})).body.code).toBe('financial_opened');
    // The passed bid's guarantee letter comes with its financial envelope; the failed one's never.
    expect((await download(gov, project.id, bidA.guarantee!.id)).status).toBe(200);
    expect((await download(gov, project.id, bidB.guarantee!.id)).status).toBe(404);
    expect((await gov.get(`/api/projects/${project.id}/bids`)).body.map((x: { id: string; amount: number }) => [x.id, x.amount])).toEqual([
      [bidA.bid.id, 1_234_567.89],
      [bidC.bid.id, 1_500_000],
    ]);
    const record = openingRecordSchema.parse((await gov.get(`/api/projects/${project.id}/opening`)).body);
    expect(record.record.map((e) => [e.bid_id, e.rank, e.amount, e.technical_pass])).toEqual([
      [bidA.bid.id, 1, 1_234_567.89, true],
      [bidB.bid.id, null, null, false],
      [bidC.bid.id, 2, 1_500_000, true],
    ]);
    expect((await gov.post(`/api/projects/${project.id}/award`, { bid_id: bidB.bid.id })).body.code).toBe('bid_failed_technical');
    expect((await gov.post(`/api/projects/${project.id}/award`, { bid_id: bidA.bid.id })).status).toBe(200);

    // The failed amount never left the server for the owner, nor for anyone through the open data.
    const ownerSaw = JSON.stringify([
      (await gov.get(`/api/projects/${project.id}`)).body,
      (await gov.get(`/api/projects/${project.id}/bids`)).body,
      (await gov.get(`/api/projects/${project.id}/opening`)).body,
      (await gov.get(`/api/projects/${project.id}/technical-envelopes`)).body,
      (await gov.get('/api/notifications?limit=100')).body,
      (await gov.get('/api/company/audit?limit=100')).body,
      (await gov.get('/api/sync/pull?limit=5000')).body,
    ]);
    expect(ownerSaw).toContain('1234567.89'); // what the search finds when an amount is there
    expect(ownerSaw).not.toContain('7654321');
    expect(ownerSaw).toContain('tender.open_financial'); // the audit trail was read, and holds the step
    expect(JSON.stringify((await b.get('/api/sync/pull?limit=5000')).body)).toContain('7654321.98'); // its bidder keeps it
    // The change log rebuilt from the policies (as at start-up) addresses the failed bid to its bidder alone too.
    await backfillChangeLog(server.db.knex);
    expect(JSON.stringify((await gov.get('/api/sync/pull?limit=5000')).body)).not.toContain('7654321');
    const ocds = (await gov.get(`/api/projects/${project.id}/ocds`)).body;
    expect(releasePackageErrors(ocds)).toEqual([]);
    expect(JSON.stringify(ocds)).not.toContain('7654321');
    const last = ocds.releases.at(-1);
    expect(last.tender.submissionMethodDetails).toMatch(/Two envelopes/);
    expect(last.bids.details).toEqual([
      { id: bidA.bid.id, status: 'valid' },
      { id: bidB.bid.id, status: 'disqualified' },
      { id: bidC.bid.id, status: 'valid' },
    ]);
    expect(ocds.releases.filter((r: { bids?: unknown }) => !r.bids).map((r: { id: string }) => r.id.split('-').at(-1))).toEqual(['tender', 'opening']);
  });
});
