/**
 * A tender document's tus upload (kind=tender_document, photos/uploads.ts): the creation is
 * refused early (no bytes taken) unless the caller owns the project, it still takes
 * document changes (documents.ts assertDocumentsWritable) and the declared length is
 * within MAX_DOCUMENT_BYTES. A bid document's (kind=bid_document) is the same file with
 * the bidder's check instead (bid-documents.ts assertBidDocumentsWritable: a contractor,
 * until the deadline), attached with POST /api/projects/{id}/bid-documents. At the finish the bytes say what the file is (PDF, XLSX, DWG,
 * PNG, JPEG: the name and the client's type are never trusted), the file is stored under
 * documents/<hash> and a document_uploads row waits for the owner to attach it with a type
 * and a title (POST /api/projects/{id}/documents). The upload's answer names its id.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { documentUnsupported, uploadTooLarge } from '../../../shared/errors';
import { DOCUMENT_FORMATS, MAX_DOCUMENT_BYTES, type DocumentFormat, type DocumentUploadMetadata, type DocumentUploadResult } from '../../../shared/schemas/project-document';
import type { ObjectStore } from '../../storage';
import { assertDocumentsWritable, documentKey } from './documents';
import { assertBidDocumentsWritable } from './bid-documents';
import type { BidDocumentUploadMetadata } from '../../../shared/schemas/bid-document';

const tooLarge = () => uploadTooLarge(`A tender document may have at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`);

type Meta = DocumentUploadMetadata | BidDocumentUploadMetadata;

/** The caller may add documents of this kind to the project now. */
const assertWritable = (trx: Knex.Transaction, user: SessionUser, meta: Meta, now: Date) =>
  meta.kind === 'bid_document' ? assertBidDocumentsWritable(trx, user, meta.project_id, now) : assertDocumentsWritable(trx, user, meta.project_id, now);

/** Before the bytes: the caller may add documents to the project now, and the file fits. */
export async function assertDocumentUploadAllowed(trx: Knex.Transaction, user: SessionUser, meta: Meta, bytes: number, now: Date): Promise<void> {
  await assertWritable(trx, user, meta, now);
  if (bytes > MAX_DOCUMENT_BYTES) throw tooLarge();
}

/**
 * The format the bytes are, or null: a PDF's header, an XLSX's zip with a workbook part, a
 * DWG's version string (AC1012 to AC1032), PNG's and JPEG's signatures.
 */
export function sniffDocument(bytes: Buffer): DocumentFormat | null {
  const head = bytes.subarray(0, 8);
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head.readUInt32BE(0) === 0x504b0304 && bytes.includes('[Content_Types].xml') && bytes.includes('xl/workbook.xml')) return 'xlsx';
  if (/^AC10[1-3]\d$/.test(head.subarray(0, 6).toString('latin1'))) return 'dwg';
  if (head.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  return null;
}

/** The file's name as it is served: the sent name's last part, one line, with its format's extension. */
function documentFilename(sent: string | undefined, format: DocumentFormat): string {
  const { extension } = DOCUMENT_FORMATS[format];
  const base = path.basename((sent ?? '').replace(/\\/g, '/')).replace(/[\p{Cc}"]/gu, '').trim();
  const stem = base.replace(/\.[^.]*$/, '').slice(0, 180) || 'document';
  return `${stem}.${extension}`;
}

/** The last byte arrived: checked again, stored, and held for the attach. */
export async function finishDocumentUpload(
  trx: Knex.Transaction,
  store: ObjectStore,
  user: SessionUser,
  meta: Meta,
  uploadId: string,
  bytes: Buffer,
  now: Date,
): Promise<DocumentUploadResult> {
  await assertWritable(trx, user, meta, now);
  if (bytes.length > MAX_DOCUMENT_BYTES) throw tooLarge();
  const format = sniffDocument(bytes);
  if (!format) throw documentUnsupported(meta.kind === 'bid_document' ? 'A bid document must be a PDF, an XLSX spreadsheet, a DWG drawing or a PNG or JPEG image' : undefined);
  const hash = crypto.createHash('sha256').update(bytes).digest('hex');
  const filename = documentFilename(meta.filename, format);
  if (!(await store.has(documentKey(hash)))) await store.put(documentKey(hash), bytes, DOCUMENT_FORMATS[format].mediaType);
  await trx('document_uploads')
    .insert({ id: uploadId, kind: meta.kind, account_id: user.account_id, project_id: meta.project_id, hash, bytes: bytes.length, format, filename })
    .onConflict('id')
    .ignore();
  return { upload_id: uploadId, format, bytes: bytes.length, hash, filename };
}

/** Finished uploads never attached, older than `before`, go (the upkeep of unfinished uploads). */
export async function releaseUnattached(db: Knex, before: Date): Promise<number> {
  return db('document_uploads').where('created_at', '<', before).delete();
}
