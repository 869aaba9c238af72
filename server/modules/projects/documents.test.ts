/**
 * A tender's documents: the owner attaches its own finished upload (others 403, a wrong
 * upload 422, a file of another format 415), until the deadline; an addendum supersedes a
 * version and tells the bidders; every contractor lists and downloads them (bytes, type,
 * name, ETag); the sync feed carries them; the open data lists them with their hash.
 */
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, notificationsOf, postBid, postProject, type Client } from '../../test/factories';
import { attachDocument, tinyPdf, uploadDocument } from '../../test/document-steps';
import { projectDocumentSchema } from '../../../shared/schemas/project-document';
import { releasePackageErrors } from '../ocds/schema';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('tender documents', () => {
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
  const tender = (gov: Client) => postProject(gov, { deadline_date: addDays(server.clock.today(), 3) });
  const download = (c: Client, path: string, headers: Record<string, string> = {}) => fetch(new URL(path, c.base), { headers: { Cookie: c.cookieHeader(), ...headers } });

  it('the owner attaches a booklet; every contractor lists it and downloads its bytes with type, name and hash; the feed carries it', async () => {
    const gov = await as(server, 'government');
    const project = await tender(gov);
    const pdf = tinyPdf('school');
    const up = await uploadDocument(gov, project.id, pdf, { filename: 'كراسة الشروط.pdf', split: true });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({ format: 'pdf', bytes: pdf.length, hash: sha256(pdf), filename: 'كراسة الشروط.pdf' });
    const attached = await gov.post(`/api/projects/${project.id}/documents`, { upload_id: up.body.upload_id, type: 'specification', title: 'كراسة الشروط والمواصفات' });
    expect(attached.status, attached.text).toBe(201);
    const doc = projectDocumentSchema.parse(attached.body);
    expect(doc).toMatchObject({ type: 'specification', format: 'pdf', hash: sha256(pdf), replaces_id: null, superseded_by: null });
    // The same upload cannot be attached twice.
    expect((await gov.post(`/api/projects/${project.id}/documents`, { upload_id: up.body.upload_id, type: 'other', title: 'x' })).body.code).toBe('document_upload_missing');

    const contractor = await as(server, 'contractor');
    const list = await contractor.get(`/api/projects/${project.id}/documents`);
    expect(list.status).toBe(200);
    expect(list.body.map((d: { id: string }) => d.id)).toEqual([doc.id]);

    const file = await download(contractor, `/api/projects/${project.id}/documents/${doc.id}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('filename*=UTF-8');
    expect(file.headers.get('etag')).toBe(`"${sha256(pdf)}"`);
    expect((await download(contractor, `/api/projects/${project.id}/documents/${doc.id}`, { 'If-None-Match': `"${sha256(pdf)}"` })).status).toBe(304);
    expect((await download(contractor, `/api/projects/${project.id}/documents/${crypto.randomUUID()}`)).status).toBe(404);

    const openapi = (await contractor.get('/api/openapi.json')).body;
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/api/projects/{id}/documents', '/api/projects/{id}/documents/{doc_id}']));
    const pulled = await contractor.get('/api/sync/pull?limit=5000');
    expect(pulled.body.changes.filter((c: { entity: string }) => c.entity === 'project_document').map((c: { id: string }) => c.id)).toContain(doc.id);
  });

  it('refuses anyone but the owner (403), an upload that is not the caller finished one (422) and a file of another format (415)', async () => {
    const gov = await as(server, 'government');
    const other = await as(server, 'government');
    const contractor = await as(server, 'contractor');
    const project = await tender(gov);
    const mine = await tender(other);
    for (const c of [other, contractor]) {
      const res = await c.post(`/api/projects/${project.id}/documents`, { upload_id: 'a'.repeat(32), type: 'other', title: 'x' });
      expect([res.status, res.body.code]).toEqual([403, 'forbidden']);
      expect((await uploadDocument(c, project.id, tinyPdf())).status).toBe(403);
    }
    // Another's upload, one for another project, one never made: none is the caller's for this project.
    const othersUpload = await uploadDocument(other, mine.id, tinyPdf());
    const res = await gov.post(`/api/projects/${project.id}/documents`, { upload_id: othersUpload.body.upload_id, type: 'other', title: 'x' });
    expect([res.status, res.body.code]).toEqual([422, 'document_upload_missing']);
    const elsewhere = await uploadDocument(other, mine.id, tinyPdf());
    expect((await other.post(`/api/projects/${project.id}/documents`, { upload_id: elsewhere.body.upload_id, type: 'other', title: 'x' })).status).toBe(403);
    expect((await gov.post(`/api/projects/${project.id}/documents`, { upload_id: 'b'.repeat(32), type: 'other', title: 'x' })).body.code).toBe('document_upload_missing');
    const text = await uploadDocument(gov, project.id, Buffer.from('just some text, no document'), { filename: 'x.pdf' });
    expect([text.status, text.body.code]).toEqual([415, 'document_unsupported']);
    expect((await gov.post(`/api/projects/${project.id}/documents`, { upload_id: 'c'.repeat(32), type: 'plans', title: 'x' })).status).toBe(400);
  });

  it('refuses a document after the deadline, the upload and the attach alike', async () => {
    const gov = await as(server, 'government');
    const project = await tender(gov);
    const up = await uploadDocument(gov, project.id, tinyPdf());
    expect(up.status).toBe(201);
    await moveClock(4);
    const res = await gov.post(`/api/projects/${project.id}/documents`, { upload_id: up.body.upload_id, type: 'other', title: 'x' });
    expect([res.status, res.body.code]).toEqual([409, 'deadline_passed']);
    expect((await uploadDocument(gov, project.id, tinyPdf())).body.code).toBe('deadline_passed');
  });

  it('an addendum supersedes the version it replaces, is listed beside it, tells every bidder, and the open data lists both with their hash', async () => {
    const gov = await as(server, 'government');
    const project = await tender(gov);
    const bidder = await as(server, 'contractor');
    const reader = await as(server, 'contractor');
    expect((await postBid(bidder, project.id)).status).toBe(201);
    const first = await attachDocument(gov, project.id, tinyPdf('v1'), { type: 'bill_of_quantities', title: 'جدول الكميات' });
    expect(first.status).toBe(201);
    const v2 = tinyPdf('v2');
    const addendum = await attachDocument(gov, project.id, v2, { type: 'bill_of_quantities', title: 'جدول الكميات - ملحق 1', replaces: first.body.id });
    expect(addendum.status, addendum.text).toBe(201);
    expect(addendum.body.replaces_id).toBe(first.body.id);
    const list = (await reader.get(`/api/projects/${project.id}/documents`)).body;
    expect(list.map((d: { id: string; superseded_by: string | null }) => [d.id, d.superseded_by])).toEqual([
      [first.body.id, addendum.body.id],
      [addendum.body.id, null],
    ]);
    const told = await notificationsOf(server.db.knex, bidder.user.id, 'tender.addendum_issued');
    expect(told.map((n: { params: unknown }) => n.params)).toEqual([expect.objectContaining({ project_id: project.id, document_id: addendum.body.id })]);
    expect(await notificationsOf(server.db.knex, reader.user.id, 'tender.addendum_issued')).toHaveLength(0);
    // The old version was replaced: an addendum must replace the current one.
    const again = await attachDocument(gov, project.id, tinyPdf('v3'), { replaces: first.body.id });
    expect([again.status, again.body.code]).toEqual([409, 'document_superseded']);
    // The bidder may revise their bid before the deadline.
    expect((await postBid(bidder, project.id, { amount: 990_000 })).status).toBeLessThan(300);

    const ocds = await reader.get(`/api/projects/${project.id}/ocds`);
    expect(releasePackageErrors(ocds.body)).toEqual([]);
    const last = ocds.body.releases.at(-1);
    expect(last.tag).toEqual(['tenderAmendment']);
    expect(last.tender.documents.map((d: { id: string; documentType: string; hash: string }) => [d.id, d.documentType, d.hash])).toEqual([
      [first.body.id, 'billOfQuantity', `sha256:${first.body.hash}`],
      [addendum.body.id, 'billOfQuantity', `sha256:${sha256(v2)}`],
    ]);
  });

  it('the open data links each version to a public copy of its file, readable without signing in, until the project leaves the open data', async () => {
    const gov = await as(server, 'government');
    const project = await tender(gov);
    const v1 = tinyPdf('open v1');
    const first = await attachDocument(gov, project.id, v1, { type: 'specification', title: 'كراسة الشروط' });
    const v2 = tinyPdf('open v2');
    const addendum = await attachDocument(gov, project.id, v2, { type: 'specification', title: 'كراسة الشروط - ملحق', replaces: first.body.id });
    expect([first.status, addendum.status]).toEqual([201, 201]);
    const anonymous = (url: string, headers: Record<string, string> = {}) => fetch(new URL(url, gov.base), { headers });
    const release = (await (await anonymous(`/api/projects/${project.id}/ocds`)).json()).releases.at(-1);
    const urls = release.tender.documents.map((d: { url: string }) => new URL(d.url).pathname);
    expect(urls).toEqual([`/api/ocds/projects/${project.id}/documents/${first.body.id}`, `/api/ocds/projects/${project.id}/documents/${addendum.body.id}`]);
    // Both versions, the superseded one too, as the tender stood when it was published.
    for (const [url, bytes] of [[urls[0], v1], [urls[1], v2]] as const) {
      const file = await anonymous(url);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
      expect(file.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
      expect(file.headers.get('cache-control')).toContain('public');
      expect((await anonymous(url, { 'If-None-Match': `"${sha256(bytes)}"` })).status).toBe(304);
    }
    // The reader's own address still needs a sign-in; another project's id does not reach the file.
    expect((await anonymous(`/api/projects/${project.id}/documents/${first.body.id}`)).status).toBe(401);
    const other = await tender(gov);
    expect((await anonymous(`/api/ocds/projects/${other.id}/documents/${first.body.id}`)).status).toBe(404);
    // A deleted project leaves the open data, its documents with it.
    await server.db.knex('projects').where({ id: project.id }).update({ deleted_at: server.db.knex.fn.now() });
    expect((await anonymous(urls[0])).status).toBe(404);
  });
});
