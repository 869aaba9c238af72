/**
 * Two envelopes and bid bonds over HTTP (bid-documents.ts and tender-envelopes.ts have the
 * rules): a bidder's documents (attach a finished upload of kind bid_document, download),
 * the technical envelopes, the owner's technical evaluation and the financial opening.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { route } from '../../http/route';
import { bidDocumentAttachSchema, bidDocumentSchema, technicalEnvelopeSchema } from '../../../shared/schemas/bid-document';
import { projectSchema } from '../../../shared/schemas/project';
import { technicalEvaluationSchema } from '../../../shared/schemas/tender';
import { objectStore } from '../../storage';
import { attachBidDocument, openBidDocument } from './bid-documents';
import { sendDocumentFile } from './documents-routes';
import { evaluateTechnical, listEnvelopes, openFinancial } from './tender-envelopes';

const tag = 'projects';

export function tenderEnvelopesRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'post',
      path: '/api/projects/{id}/bid-documents',
      summary:
        "Attach the caller's finished upload (tus, kind=bid_document) as a bid document of its company with a title (contractor, until the deadline: 409 deadline_passed); 422 document_upload_missing for an upload that is not the caller's finished one for this project",
      tag,
      access: 'user',
      body: bidDocumentAttachSchema,
      response: bidDocumentSchema,
      status: 201,
    },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => attachBidDocument(trx, user, params.id, body, ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/projects/{id}/bid-documents/{doc_id}',
      summary:
        "A bid document's file: to its company always, to the project's owner from the opening when a live bid's technical envelope or bond names it; 404 to anyone else. SHA-256 as ETag (304 for If-None-Match)",
      tag,
      access: 'user',
    },
    async ({ ctx, knex, user, params }) => {
      const { doc, object } = await openBidDocument(knex, objectStore(ctx.deps.config), user, params.id, params.doc_id, ctx.deps.clock.now());
      return sendDocumentFile(ctx, doc, object);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/projects/{id}/technical-envelopes',
      summary:
        "A two-envelope tender's technical envelopes (never an amount): every live bid's to the owner from the opening (before it 409 envelopes_sealed), a contractor's own to it",
      tag,
      access: 'user',
      response: z.array(technicalEnvelopeSchema),
    },
    ({ ctx, knex, user, params }) => listEnvelopes(knex, user, params.id, ctx.deps.clock.now()),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/projects/{id}/technical-evaluation',
      summary:
        'The owner records one verdict per live bid of a two-envelope tender after its opening, once (a fail with its reason); every bidder is told. 409 envelopes_sealed, technical_evaluation_done, not_two_envelope; 400 evaluation_incomplete, evaluation_unknown_bid, reason_required',
      tag,
      access: 'user',
      body: technicalEvaluationSchema,
      response: projectSchema,
    },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => evaluateTechnical(trx, user, { ...body, id: params.id }, ctx.deps)),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/projects/{id}/open-financial',
      summary:
        'The owner opens the financial envelopes of the bids that passed the technical evaluation, once: the opening record gets their amounts, ranked. 409 technical_evaluation_missing, financial_opened, not_two_envelope',
      tag,
      access: 'user',
      response: projectSchema,
    },
    ({ ctx, knex, user, params }) => knex.transaction((trx) => openFinancial(trx, user, { id: params.id }, ctx.deps)),
  );

  return router;
}
