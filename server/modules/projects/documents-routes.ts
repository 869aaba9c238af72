/**
 * A tender's documents over HTTP (documents.ts has the rules): attach or issue an addendum
 * (the owner, from a finished upload of kind tender_document), list (every reader of the
 * project), and download a version's file with its type, name and hash. The file is the
 * same bytes for good (a version never changes; an addendum is a new version), so its
 * ETag is its SHA-256 and a reader's browser keeps it. The storage layer answers whole
 * objects, so ranges are not offered (Accept-Ranges: none).
 */
import type { Readable } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { WithStatus, route } from '../../http/route';
import { DOCUMENT_FORMATS, documentAttachSchema, projectDocumentSchema } from '../../../shared/schemas/project-document';
import { objectStore } from '../../storage';
import { attachDocument, listDocuments, openDocument, openPublishedDocument } from './documents';

const tag = 'projects';

export function projectDocumentsRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'post',
      path: '/api/projects/{id}/documents',
      summary:
        "Attach the caller's finished upload (tus, kind=tender_document) to an own open tender as a document of a type with a title; with `replaces` (a current version's id) an addendum that supersedes it and tells every bidder. Until the deadline (409 deadline_passed); 422 document_upload_missing for an upload that is not the caller's finished one for this project; 409 document_superseded",
      tag,
      access: 'user',
      body: documentAttachSchema,
      response: projectDocumentSchema,
      status: 201,
    },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => attachDocument(trx, user, params.id, body, ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/projects/{id}/documents',
      summary: "A tender's documents, every version oldest first (a superseded one marked with the addendum that replaced it), to every reader of the project",
      tag,
      access: 'user',
      response: z.array(projectDocumentSchema),
    },
    ({ knex, user, params }) => listDocuments(knex, user, params.id),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/projects/{id}/documents/{doc_id}',
      summary: "A tender document's file (every reader of the project) with its media type, its file name and its SHA-256 as ETag (304 for If-None-Match)",
      tag,
      access: 'user',
    },
    async ({ ctx, knex, user, params }) => {
      const { doc, object } = await openDocument(knex, objectStore(ctx.deps.config), user, params.id, params.doc_id);
      return sendDocumentFile(ctx, doc, object);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/ocds/projects/{id}/documents/{doc_id}',
      summary:
        "A tender document's file as the open data links it (public, no sign-in): any version of a live project's documents, with its media type, its file name and its SHA-256 as ETag (304 for If-None-Match)",
      tag: 'open data',
      access: 'public',
    },
    async ({ ctx, knex, params }) => {
      const { doc, object } = await openPublishedDocument(knex, objectStore(ctx.deps.config), params.id, params.doc_id);
      return sendDocumentFile(ctx, doc, object, 'public');
    },
  );

  return router;
}

/**
 * Answers a stored document's file (a tender's or a bid's): its SHA-256 as ETag (304 for
 * If-None-Match), kept by the reader's browser for good (the bytes never change), served
 * as an attachment of its format's media type.
 */
export function sendDocumentFile(
  ctx: Context,
  doc: { hash: string; filename: string; format: keyof typeof DOCUMENT_FORMATS },
  object: { body: Readable; size: number },
  /** public: the open data's copy, which shared caches and other sites may keep and embed */
  audience: 'readers' | 'public' = 'readers',
) {
  const etag = `"${doc.hash}"`;
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', `${audience === 'public' ? 'public' : 'private'}, max-age=31536000, immutable`);
  ctx.set('Accept-Ranges', 'none');
  ctx.set('Cross-Origin-Resource-Policy', audience === 'public' ? 'cross-origin' : 'same-origin');
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (ctx.get('If-None-Match') === etag) {
    object.body.destroy();
    return new WithStatus(304, null);
  }
  ctx.attachment(doc.filename);
  ctx.type = DOCUMENT_FORMATS[doc.format].mediaType;
  ctx.length = object.size;
  return object.body;
}
