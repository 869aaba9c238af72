/**
 * A tender's documents: its owner attaches files (a finished tus upload of kind
 * tender_document, documents-upload.ts) with a type and a title, and until the deadline may
 * replace a current version with an addendum: the new version names the one it replaces,
 * the old one is kept and marked superseded, and every contractor who bid (not withdrawn)
 * is told, so they read it and may revise their bid (bids.ts takes amendments until the
 * deadline). Every reader of the project (policy.ts canSeeProject) lists and downloads
 * them; they sync to devices as project_document and the open data lists them with their
 * SHA-256 (ocds/releases.ts).
 *
 * One function per rule, for REST and any later door: attachDocument, listDocuments,
 * openDocument. Files are stored once per content under documents/<hash>.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { deadlinePassed, documentSuperseded, documentUploadMissing, notFound, projectNotOpen } from '../../../shared/errors';
import { isBiddingClosed } from '../../../shared/tender';
import { DOCUMENT_FORMATS, type DocumentAttach, type ProjectDocument } from '../../../shared/schemas/project-document';
import { recordChanges } from '../../db/changes';
import type { ObjectStore } from '../../storage';
import { notify } from '../notifications/notify';
import { lockProject, type LockedProject } from './queries';
import { canSeeProject, documentPolicy, refuseProject } from './policy';
import { bidderIds } from './tender-opening';

/** The storage key of a document's file: one per content. */
export const documentKey = (hash: string) => `documents/${hash}`;

/** Documents as the API presents them. Aliases: d (project_documents), p (projects). */
export function documentQuery(db: Knex) {
  return db('project_documents as d')
    .join('projects as p', 'p.id', 'd.project_id')
    .whereNull('p.deleted_at')
    .select(
      'd.id',
      'd.project_id',
      'd.type',
      'd.title',
      'd.filename',
      'd.format',
      db.raw('d.bytes::int as bytes'),
      'd.hash',
      'd.replaces_id',
      'd.superseded_by',
      'd.superseded_at',
      'd.published_at',
      'd.updated_at',
    )
    .orderBy([
      { column: 'd.published_at', order: 'asc' },
      { column: 'd.id', order: 'asc' },
    ]);
}

/**
 * The project's owner may change its documents now: the caller owns it (403 to another
 * reader, 404 to one who cannot see it), it is open, and its bidding has not closed (the
 * deadline, by the server's clock). Answers the project, locked.
 */
export async function assertDocumentsWritable(trx: Knex.Transaction, user: SessionUser, projectId: string, now: Date): Promise<LockedProject> {
  const project = await lockProject(trx, projectId, 'share');
  if (!project) throw notFound('Project');
  if (project.government_id !== user.account_id) throw await refuseProject(trx, user, project.id);
  if (project.status !== 'open') throw projectNotOpen('Documents are attached to an open tender only');
  if (isBiddingClosed(project, now)) throw deadlinePassed('The deadline has passed: the tender documents can no longer change');
  return project;
}

/**
 * The caller's finished upload `uploadId` of `kind` for this project, locked for its
 * attaching (422 document_upload_missing for any other id: unknown, unfinished, another's,
 * another project's, another kind's).
 */
export async function claimFinishedUpload(trx: Knex.Transaction, kind: 'tender_document' | 'bid_document', user: SessionUser, projectId: string, uploadId: string) {
  const upload: { id: string; hash: string; bytes: number; format: keyof typeof DOCUMENT_FORMATS; filename: string } | undefined = await trx('document_uploads')
    .where({ id: uploadId, kind, account_id: user.account_id, project_id: projectId })
    .forUpdate()
    .first('id', 'hash', 'bytes', 'format', 'filename');
  if (!upload) throw documentUploadMissing();
  return upload;
}

/**
 * POST /api/projects/{id}/documents: the caller's finished upload for this project becomes
 * a document (422 document_upload_missing for any other upload id: unknown, unfinished,
 * another's, another project's). With `replaces`, an addendum: the replaced version must
 * be this project's (404) and current (409 document_superseded); it is marked superseded
 * and every bidder is told.
 */
export async function attachDocument(trx: Knex.Transaction, user: SessionUser, projectId: string, args: DocumentAttach, now: Date): Promise<ProjectDocument> {
  const project = await assertDocumentsWritable(trx, user, projectId, now);
  const upload = await claimFinishedUpload(trx, 'tender_document', user, project.id, args.upload_id);
  let replaced: { id: string; superseded_by: string | null } | undefined;
  if (args.replaces) {
    replaced = await trx('project_documents').where({ id: args.replaces, project_id: project.id }).forUpdate().first('id', 'superseded_by');
    if (!replaced) throw notFound('Document');
    if (replaced.superseded_by) throw documentSuperseded();
  }
  const id = crypto.randomUUID();
  await trx('project_documents').insert({
    id,
    project_id: project.id,
    type: args.type,
    title: args.title,
    filename: upload.filename,
    format: upload.format,
    bytes: upload.bytes,
    hash: upload.hash,
    replaces_id: replaced?.id ?? null,
    published_by: user.id,
    published_at: now,
    updated_at: now,
  });
  await trx('document_uploads').where({ id: upload.id }).delete();
  const audiences = documentPolicy.audiences({ government_id: project.government_id });
  const changed: string[] = [id];
  if (replaced) {
    await trx('project_documents').where({ id: replaced.id }).update({ superseded_by: id, superseded_at: now, updated_at: now });
    changed.push(replaced.id);
    await notify(trx, {
      to: await bidderIds(trx, project.id),
      kind: 'tender.addendum_issued',
      params: { project_title: project.title, project_id: project.id, document_id: id, title: args.title },
    });
  }
  await recordChanges(trx, changed.map((d) => ({ entity: 'project_document' as const, id: d, audiences })));
  return documentQuery(trx).where('d.id', id).first();
}

/** GET /api/projects/{id}/documents: every version, oldest first, to every reader of the project (404 to anyone else). */
export async function listDocuments(db: Knex, user: SessionUser, projectId: string): Promise<ProjectDocument[]> {
  if (!(await canSeeProject(db, user, projectId))) throw notFound('Project');
  return documentQuery(db).where('d.project_id', projectId);
}

/** A document's file for a reader of its project: its row and the stored bytes (404 when either is missing). */
export async function openDocument(db: Knex, store: ObjectStore, user: SessionUser, projectId: string, documentId: string) {
  if (!(await canSeeProject(db, user, projectId))) throw notFound('Project');
  return storedDocument(db, store, projectId, documentId);
}

/**
 * A document's file as the open data publishes it, to anyone: every version of a live
 * project's documents is in its OCDS releases from its publication (a superseded one
 * too, as the tender stood then), so each one's file is public as well. A project that
 * was deleted, or whose owner's account was, leaves the open data with its documents.
 */
export async function openPublishedDocument(db: Knex, store: ObjectStore, projectId: string, documentId: string) {
  const live = await db('projects as p').join('users as gu', 'gu.id', 'p.government_id').where('p.id', projectId).whereNull('p.deleted_at').whereNull('gu.deleted_at').first('p.id');
  if (!live) throw notFound('Document');
  return storedDocument(db, store, projectId, documentId);
}

async function storedDocument(db: Knex, store: ObjectStore, projectId: string, documentId: string) {
  const doc: ProjectDocument | undefined = await documentQuery(db).where({ 'd.id': documentId, 'd.project_id': projectId }).first();
  if (!doc) throw notFound('Document');
  const object = await store.get(documentKey(doc.hash));
  if (!object) throw notFound('Document');
  return { doc, object };
}
