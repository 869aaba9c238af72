/**
 * Tender and bid documents in tests: a tiny PDF and XLSX made by hand, a document's tus
 * upload (creation with upload, or in two parts), and attaching it.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { TestClient } from './http-client';
import { send, type TusRes } from './tus';

/** A one-page PDF's bytes (enough for the format check: the header and a body). */
export const tinyPdf = (text = 'Booklet') =>
  Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`, 'latin1');

const b64 = (v: string) => Buffer.from(v, 'utf8').toString('base64');

/** Sends a whole tender-document (or, with `kind`, bid-document) upload for `projectId` (in two PATCHes when `split`); answers the last response. */
export async function uploadDocument(
  client: TestClient,
  projectId: string,
  bytes: Buffer,
  opts: { filename?: string; split?: boolean; kind?: 'tender_document' | 'bid_document' } = {},
): Promise<TusRes> {
  const meta = { kind: opts.kind ?? 'tender_document', project_id: projectId, photo_id: crypto.randomUUID(), filename: opts.filename ?? 'booklet.pdf', filetype: 'application/pdf' };
  const headers = {
    'Upload-Length': String(bytes.length),
    'Upload-Metadata': Object.entries(meta)
      .map(([k, v]) => `${k} ${b64(v)}`)
      .join(','),
  };
  if (!opts.split) return send(client, 'POST', '/api/uploads', { ...headers, 'Content-Type': 'application/offset+octet-stream' }, bytes);
  const created = await send(client, 'POST', '/api/uploads', headers);
  if (created.status !== 201) return created;
  const location = created.headers.get('location')!;
  const half = Math.floor(bytes.length / 2);
  const first = await send(client, 'PATCH', location, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, bytes.subarray(0, half));
  expect(first.status).toBe(204);
  // Resumed from the offset the server reports, as a phone does after losing its signal.
  const head = await send(client, 'HEAD', location, {});
  const offset = Number(head.headers.get('upload-offset'));
  return send(client, 'PATCH', location, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, bytes.subarray(offset));
}

/** A contractor uploads and attaches a bid document; answers the attach's response. */
export async function attachBidDocument(client: TestClient, projectId: string, bytes: Buffer, title = 'العرض الفني') {
  const up = await uploadDocument(client, projectId, bytes, { kind: 'bid_document' });
  expect([200, 201], up.text).toContain(up.status);
  return client.post(`/api/projects/${projectId}/bid-documents`, { upload_id: up.body.upload_id, title });
}

/** Uploads and attaches a document; answers the attach's response. */
export async function attachDocument(client: TestClient, projectId: string, bytes: Buffer, body: Record<string, unknown> = {}, filename?: string) {
  const up = await uploadDocument(client, projectId, bytes, { filename });
  expect([200, 201], up.text).toContain(up.status);
  return client.post(`/api/projects/${projectId}/documents`, { upload_id: up.body.upload_id, type: 'specification', title: 'كراسة الشروط والمواصفات', ...body });
}
