/**
 * Bid documents: the files of a bid's technical envelope and its bid bond. A contractor
 * uploads one (a tus upload of kind bid_document, documents-upload.ts: the same formats,
 * size and byte sniffing as a tender document) and attaches it with a title until the
 * deadline; its bid then names it (bids.ts assertOwnBidDocuments). A file is sealed like
 * the bid: the uploading company reads it always; the project's owner only from the
 * opening and only when a live bid's technical envelope names it, or its bond (a guarantee
 * letter: only once the owner sees that bid, see ownerMayRead); anyone else
 * gets 404, never 403, so not even its existence leaks. Files are stored once per content
 * under documents/<hash> (documents.ts documentKey).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { assertRole } from '../../auth/guards';
import { assertNotSuspended } from '../../auth/suspension';
import { bidDocumentMissing, deadlinePassed, notFound, projectNotOpen } from '../../../shared/errors';
import { isBiddingClosed, openedAt } from '../../../shared/tender';
import { DOCUMENT_FORMATS } from '../../../shared/schemas/project-document';
import type { BidDocument, BidDocumentAttach } from '../../../shared/schemas/bid-document';
import type { ObjectStore } from '../../storage';
import { claimFinishedUpload, documentKey } from './documents';
import { lockProject, type LockedProject } from './queries';
import { OWNER_SEES_BID } from './policy';

/** A stored format's media type, in SQL (d: bid_documents). */
const mediaTypeSql = `(case d.format ${Object.entries(DOCUMENT_FORMATS)
  .map(([format, { mediaType }]) => `when '${format}' then '${mediaType}'`)
  .join(' ')} end)`;

/** Bid documents as the API presents them. Alias d (bid_documents). */
function bidDocumentQuery(db: Knex) {
  return db('bid_documents as d').select(
    'd.id',
    'd.project_id',
    'd.contractor_id',
    'd.title',
    db.raw(`${mediaTypeSql} as media_type`),
    db.raw('d.bytes::int as size'),
    'd.hash as sha256',
    'd.created_at',
  );
}

/** The documents a technical envelope names, in its order, as the envelope lists them (b: bids). */
export const envelopeDocumentsSql = `coalesce((select json_agg(json_build_object('id', d.id, 'title', d.title, 'media_type', ${mediaTypeSql},
    'size', d.bytes::int, 'sha256', d.hash) order by x.n)
  from jsonb_array_elements_text(b.technical->'document_ids') with ordinality as x(id, n)
  join bid_documents d on d.id = x.id::uuid), '[]'::json)`;

/**
 * A contractor may add bid documents to the project now: it is open and its bidding has not
 * closed (the deadline, by the server's clock). Answers the project, locked FOR SHARE.
 */
export async function assertBidDocumentsWritable(trx: Knex.Transaction, user: SessionUser, projectId: string, now: Date): Promise<LockedProject> {
  assertNotSuspended(user);
  assertRole(user, 'contractor');
  const project = await lockProject(trx, projectId, 'share');
  if (!project) throw notFound('Project');
  if (project.status !== 'open') throw projectNotOpen('This project no longer takes bids');
  if (isBiddingClosed(project, now)) throw deadlinePassed('The deadline has passed: no more bid documents are taken');
  return project;
}

/**
 * POST /api/projects/{id}/bid-documents: the caller's finished bid-document upload for this
 * project becomes a document of its company (422 document_upload_missing for any other id).
 */
export async function attachBidDocument(trx: Knex.Transaction, user: SessionUser, projectId: string, args: BidDocumentAttach, now: Date): Promise<BidDocument> {
  const project = await assertBidDocumentsWritable(trx, user, projectId, now);
  const upload = await claimFinishedUpload(trx, 'bid_document', user, project.id, args.upload_id);
  const id = crypto.randomUUID();
  await trx('bid_documents').insert({
    id,
    project_id: project.id,
    contractor_id: user.account_id,
    title: args.title,
    filename: upload.filename,
    format: upload.format,
    bytes: upload.bytes,
    hash: upload.hash,
    created_by: user.id,
    created_at: now,
  });
  await trx('document_uploads').where({ id: upload.id }).delete();
  return bidDocumentQuery(trx).where('d.id', id).first();
}

/** Every id is a bid document of the caller's company on this project (422 bid_document_missing otherwise). */
export async function assertOwnBidDocuments(db: Knex, user: SessionUser, projectId: string, ids: readonly string[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  const found = await db('bid_documents').whereIn('id', wanted).where({ project_id: projectId, contractor_id: user.account_id }).count<{ n: string }[]>({ n: '*' });
  if (Number(found[0].n) !== wanted.length) throw bidDocumentMissing();
}

/**
 * GET /api/projects/{id}/bid-documents/{doc_id}: the file for its company; for the project's
 * owner from the opening when a live bid of that company names it; 404 for anyone else.
 */
export async function openBidDocument(db: Knex, store: ObjectStore, user: SessionUser, projectId: string, documentId: string, now: Date) {
  const doc: { id: string; contractor_id: string; filename: string; format: keyof typeof DOCUMENT_FORMATS; hash: string } | undefined = await db('bid_documents')
    .where({ id: documentId, project_id: projectId })
    .first('id', 'contractor_id', 'filename', 'format', 'hash');
  if (!doc) throw notFound('Document');
  if (doc.contractor_id !== user.account_id && !(await ownerMayRead(db, user, projectId, doc, now))) throw notFound('Document');
  const object = await store.get(documentKey(doc.hash));
  if (!object) throw notFound('Document');
  return { doc, object };
}

/**
 * The owner reads a technical envelope's file from the opening, and a bond's guarantee
 * letter only with its bid (OWNER_SEES_BID: in a two-envelope tender from the financial
 * opening, and never for a bid that failed): the letter states the guarantee's sum, a
 * share of the bid, so it would open the financial envelope early.
 */
async function ownerMayRead(db: Knex, user: SessionUser, projectId: string, doc: { id: string; contractor_id: string }, now: Date): Promise<boolean> {
  const project = await db('projects').where({ id: projectId }).whereNull('deleted_at').first('government_id', 'status', 'opens_at', 'opened_at');
  if (!project || project.government_id !== user.account_id || !openedAt(project, now)) return false;
  const naming = await db('bids as b')
    .join('projects as p', 'p.id', 'b.project_id')
    .where({ 'b.project_id': projectId, 'b.contractor_id': doc.contractor_id })
    .whereNot('b.status', 'withdrawn')
    .where((w) =>
      w
        .whereRaw(`b.technical->'document_ids' @> jsonb_build_array(?::text)`, [doc.id])
        .orWhere((bond) => bond.whereRaw(`b.bid_bond->>'document_id' = ?`, [doc.id]).whereRaw(OWNER_SEES_BID)),
    )
    .first('b.id');
  return !!naming;
}
