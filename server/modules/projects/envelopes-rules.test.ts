/**
 * Two envelopes and bid bonds: what a bid takes (a technical envelope on a two-envelope
 * tender only, a bond only when one is asked, only the bidder's own documents), bond
 * compliance against the bid validity, bid documents' own rules, the same steps through
 * sync (mutations and the pull of each reader), and a one-envelope tender as it was.
 */
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, postBid, postProject, type Client } from '../../test/factories';
import { addDays, bidDocument, envelopeBid, push, twoEnvelopeTender } from '../../test/envelope-steps';
import { attachBidDocument, tinyPdf, uploadDocument } from '../../test/document-steps';
import { bidDigest } from '../../../shared/tender';

describe('two envelopes: bids, bonds, documents and sync', () => {
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
  const today = () => server.clock.today();
  const pullOf = async (c: Client) => (await c.get('/api/sync/pull?limit=5000')).body.changes as Array<{ entity: string; id: string; op: string; data?: any }>;
  const idsOf = (changes: Array<{ entity: string; id: string; op: string }>, entity: string) =>
    changes.filter((x) => x.entity === entity && x.op === 'upsert').map((x) => x.id);

  it('refuses a bid without a technical envelope on two envelopes, with one on one envelope, a bond nobody asked for and a document not its own', async () => {
    const gov = await as(server, 'government');
    const two = await twoEnvelopeTender(gov, { bid_bond_percent: null });
    const one = await postProject(gov);
    const bidder = await as(server, 'contractor');
    const other = await as(server, 'contractor');
    const mine = await bidDocument(bidder, two.id);
    const theirs = await bidDocument(other, two.id);
    const elsewhere = await bidDocument(bidder, (await twoEnvelopeTender(gov)).id);
    const code = async (projectId: string, over: Record<string, unknown>) => (await postBid(bidder, projectId, over)).body.code;

    expect(await code(two.id, {})).toBe('technical_envelope_required');
    expect(await code(two.id, { technical: { text: '  ', document_ids: [] } })).toBe('technical_envelope_required');
    expect(await code(one.id, { technical: { text: 'منهجية', document_ids: [] } })).toBe('technical_envelope_not_taken');
    const bond = { document_id: mine.id, number: 'LG-1', bank: 'مصرف الراجحي', expires_on: addDays(today(), 200) };
    expect(await code(two.id, { technical: { text: 'منهجية', document_ids: [] }, bid_bond: bond })).toBe('bid_bond_not_taken');
    for (const id of [theirs.id, elsewhere.id, crypto.randomUUID()]) {
      const res = await postBid(bidder, two.id, { technical: { text: null, document_ids: [id] } });
      expect([res.status, res.body.code]).toEqual([422, 'bid_document_missing']);
    }
    const ok = await postBid(bidder, two.id, { technical: { text: null, document_ids: [mine.id] } });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.bid_bond_compliant).toBeNull(); // no bond asked
    // The digest covers the technical envelope: the receipt is of this very envelope.
    expect(ok.body.digest).toBe(
      await bidDigest({ ...ok.body, technical: { text: null, document_ids: [mine.id] }, bid_bond: null }),
    );
    expect(ok.body.digest).not.toBe(await bidDigest({ ...ok.body, technical: null, bid_bond: null }));
  });

  it('marks a bond missing or expiring before the deadline plus 90 days non-compliant at the opening, one that lasts compliant', async () => {
    const gov = await as(server, 'government');
    const deadline = addDays(today(), 3);
    const project = await twoEnvelopeTender(gov, { deadline_date: deadline });
    const [none, short, enough] = [await as(server, 'contractor'), await as(server, 'contractor'), await as(server, 'contractor')];
    const bids = [
      (await envelopeBid(none, project.id, 900_000, null)).bid,
      (await envelopeBid(short, project.id, 950_000, addDays(deadline, 89))).bid,
      (await envelopeBid(enough, project.id, 990_000, addDays(deadline, 90))).bid,
    ];
    expect(bids.map((b) => b.bid_bond_compliant)).toEqual([false, false, true]);
    await moveClock(4);
    const record = (await gov.get(`/api/projects/${project.id}/opening`)).body.record;
    expect(record.map((e: { bid_id: string; bid_bond_compliant: boolean }) => [e.bid_id, e.bid_bond_compliant])).toEqual(bids.map((b, i) => [b.id, i === 2]));
    // Bid documents close with the bidding.
    const late = await uploadDocument(none, project.id, tinyPdf(), { kind: 'bid_document' });
    expect(late.body.code).toBe('deadline_passed');
  });

  it('keeps bid documents to contractors, their own uploads and their company; a withdrawn bid names none for the owner', async () => {
    const gov = await as(server, 'government');
    const project = await twoEnvelopeTender(gov);
    expect((await uploadDocument(gov, project.id, tinyPdf(), { kind: 'bid_document' })).status).toBe(403);
    const bidder = await as(server, 'contractor');
    const up = await uploadDocument(bidder, project.id, tinyPdf(), { kind: 'bid_document' });
    // A bid-document upload is no tender document, and a tender-document upload no bid document.
    expect((await gov.post(`/api/projects/${project.id}/documents`, { upload_id: up.body.upload_id, type: 'other', title: 'x' })).body.code).toBe('document_upload_missing');
    const govUp = await uploadDocument(gov, project.id, tinyPdf());
    expect((await bidder.post(`/api/projects/${project.id}/bid-documents`, { upload_id: govUp.body.upload_id, title: 'x' })).body.code).toBe('document_upload_missing');
    const attached = await bidder.post(`/api/projects/${project.id}/bid-documents`, { upload_id: up.body.upload_id, title: 'الخبرات السابقة' });
    expect(attached.status).toBe(201);
    expect(attached.body).toMatchObject({ project_id: project.id, contractor_id: bidder.user.id, title: 'الخبرات السابقة', media_type: 'application/pdf', sha256: up.body.hash });
    const own = (headers: Record<string, string> = {}) =>
      fetch(new URL(`/api/projects/${project.id}/bid-documents/${attached.body.id}`, bidder.base), { headers: { Cookie: bidder.cookieHeader(), ...headers } });
    const first = await own();
    expect([first.status, first.headers.get('content-type'), first.headers.get('etag')]).toEqual([200, 'application/pdf', `"${up.body.hash}"`]);
    expect((await own({ 'If-None-Match': `"${up.body.hash}"` })).status).toBe(304);
    const text = await uploadDocument(bidder, project.id, Buffer.from('plain text, no document'), { kind: 'bid_document' });
    expect([text.status, text.body.code]).toEqual([415, 'document_unsupported']);
    expect((await attachBidDocument(bidder, project.id, tinyPdf('second'))).status).toBe(201);

    const leaver = await as(server, 'contractor');
    const left = await envelopeBid(leaver, project.id, 800_000, addDays(today(), 200));
    expect((await leaver.post(`/api/bids/${left.bid.id}/withdraw`, {})).status).toBe(200);
    await gov.post(`/api/projects/${project.id}/close-bidding`, {});
    const file = (id: string) => fetch(new URL(`/api/projects/${project.id}/bid-documents/${id}`, gov.base), { headers: { Cookie: gov.cookieHeader() } });
    expect((await file(left.technical.id)).status).toBe(404);
    expect((await gov.get(`/api/projects/${project.id}/technical-envelopes`)).body).toEqual([]);
  });

  it('runs the same steps through sync, and each reader pulls only what the sealing rules give it', async () => {
    const gov = await as(server, 'government');
    const projectId = crypto.randomUUID();
    const created = await push(gov, 'project.create', { id: projectId, title: 'مدرسة', description: 'مبنى', location: 'الرياض', envelopes: 2, bid_bond_percent: 1.5 });
    expect(created.body.results[0].status, created.text).toBe('applied');
    const [a, b] = [await as(server, 'contractor'), await as(server, 'contractor')];
    const docA = await bidDocument(a, projectId);
    const docB = await bidDocument(b, projectId);
    const bidA = crypto.randomUUID();
    const bidB = crypto.randomUUID();
    for (const [c, id, doc, amount] of [[a, bidA, docA, 600_000.5], [b, bidB, docB, 4_321_987.65]] as const) {
      const res = await push(c, 'bid.create', { id, project_id: projectId, amount, proposal: 'عرضنا', technical: { text: null, document_ids: [doc.id] } });
      expect(res.body.results[0].status, res.text).toBe('applied');
    }
    expect(idsOf(await pullOf(a), 'technical_envelope')).toEqual([bidA]);
    expect(idsOf(await pullOf(gov), 'technical_envelope')).toEqual([]);
    const early = await push(gov, 'project.technicalEvaluation', { id: projectId, results: [] });
    expect(early.body.results[0]).toMatchObject({ status: 'rejected', code: 'envelopes_sealed' });
    expect((await push(gov, 'project.closeBidding', { id: projectId })).body.results[0].status).toBe('applied');

    let owner = await pullOf(gov);
    expect(idsOf(owner, 'technical_envelope').sort()).toEqual([bidA, bidB].sort());
    expect(idsOf(owner, 'bid')).toEqual([]);
    const results = [
      { bid_id: bidA, pass: true },
      { bid_id: bidB, pass: false, reason: 'لا خبرة في المباني التعليمية' },
    ];
    expect((await push(gov, 'project.openFinancial', { id: projectId })).body.results[0].code).toBe('technical_evaluation_missing');
    expect((await push(gov, 'project.technicalEvaluation', { id: projectId, results })).body.results[0].status).toBe('applied');
    expect((await push(gov, 'project.technicalEvaluation', { id: projectId, results })).body.results[0].code).toBe('technical_evaluation_done');
    expect(idsOf(await pullOf(gov), 'bid')).toEqual([]);
    expect((await push(gov, 'project.openFinancial', { id: projectId })).body.results[0].status).toBe('applied');
    expect((await push(gov, 'project.openFinancial', { id: projectId })).body.results[0].code).toBe('financial_opened');

    owner = await pullOf(gov);
    expect(idsOf(owner, 'bid')).toEqual([bidA]);
    expect(owner.find((x) => x.entity === 'project' && x.id === projectId)?.data).toMatchObject({ phase: 'evaluation', bid_bond_percent: 1.5 });
    expect(owner.find((x) => x.entity === 'technical_envelope' && x.id === bidB)?.data.result).toEqual({ pass: false, reason: 'لا خبرة في المباني التعليمية' });
    expect(JSON.stringify(owner)).not.toContain('4321987');
    expect((await push(gov, 'project.award', { id: projectId, bid_id: bidB })).body.results[0].code).toBe('bid_failed_technical');
    // The failed bidder keeps its own row, verdict and all.
    const mine = (await pullOf(b)).find((x) => x.entity === 'bid' && x.id === bidB);
    expect(mine?.data).toMatchObject({ amount: 4_321_987.65, technical_result: { pass: false, reason: 'لا خبرة في المباني التعليمية' } });
  });

  it('leaves a one-envelope tender as it was: no phase of its own, no evaluation, the digest of before, the record ranked with no bond asked', async () => {
    const gov = await as(server, 'government');
    const project = await postProject(gov);
    expect(project).toMatchObject({ envelopes: 1, bid_bond_percent: null });
    const bidder = await as(server, 'contractor');
    const bid = (await postBid(bidder, project.id, { amount: 700_000 })).body;
    expect(bid).toMatchObject({ technical: null, bid_bond: null, bid_bond_compliant: null, technical_result: null });
    expect(bid.digest).toBe(await bidDigest(bid));
    const closed = await gov.post(`/api/projects/${project.id}/close-bidding`, {});
    expect(closed.body.phase).toBe('evaluation');
    expect((await gov.post(`/api/projects/${project.id}/technical-evaluation`, { results: [] })).body.code).toBe('not_two_envelope');
    expect((await gov.post(`/api/projects/${project.id}/open-financial`, {})).body.code).toBe('not_two_envelope');
    const record = (await gov.get(`/api/projects/${project.id}/opening`)).body;
    expect(record.record).toEqual([expect.objectContaining({ rank: 1, amount: 700_000, bid_bond_compliant: null, technical_pass: null })]);
    expect((await gov.get(`/api/projects/${project.id}/bids`)).body.map((x: { id: string }) => x.id)).toEqual([bid.id]);
  });
});
