/**
 * Projects and bids over HTTP: each route parses its input and calls one service
 * function, inside a transaction when it writes. The rules live in service.ts and bids.ts.
 */
import crypto from 'node:crypto';
import Router from '@koa/router';
import { z } from 'zod';
import { createdOrOk, listResult, route } from '../../http/route';
import { paginationQuerySchema } from '../../../shared/schemas/common';
import {
  projectAwardSchema,
  projectCreateSchema,
  projectListQuerySchema,
  projectSchema,
  projectStatusChangeSchema,
} from '../../../shared/schemas/project';
import { bidCreateSchema, bidSchema } from '../../../shared/schemas/bid';
import { awardProject, changeProjectStatus, createProject, getProject, listMyProjects, listProjects } from './service';
import { listMyBids, listProjectBids, submitBid, withdrawBid } from './bids';
import {
  bidReceiptSchema,
  objectionAnswerSchema,
  objectionCreateSchema,
  objectionSchema,
  openingRecordSchema,
} from '../../../shared/schemas/tender';
import { listReceipts } from './tender-receipts';
import { getOpening } from './tender-opening';
import { closeBidding } from './tender-closing';
import { answerObjection, createObjection, listObjections } from './tender-objections';
import { answerQuestion, askQuestion, listQuestions } from './tender-questions';
import { questionAnswerSchema, questionAskSchema, tenderQuestionSchema } from '../../../shared/schemas/tender-question';

const tag = 'projects';

export function projectsRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'post',
      path: '/api/projects',
      summary: 'Post a project (government; 200 with the existing one when its client id was already used)',
      tag,
      access: 'user',
      body: projectCreateSchema,
      response: projectSchema,
      status: 201,
    },
    async ({ ctx, knex, user, body }) => {
      const saved = await knex.transaction((trx) => createProject(trx, user, body, ctx.deps));
      return createdOrOk(saved.created, saved.row);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/projects',
      summary: 'Projects the caller may see, open ones unless a status is given (contractor, government, admin)',
      tag,
      access: 'user',
      query: projectListQuerySchema,
      response: z.array(projectSchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listProjects(knex, user, query, ctx.deps.clock)),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/projects/my',
      summary: "The government's own projects, every status unless one is given",
      tag,
      access: 'user',
      query: projectListQuerySchema,
      response: z.array(projectSchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listMyProjects(knex, user, query, ctx.deps.clock)),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/projects/{id}',
      summary: 'One project: its owner, admins, and contractors while it is open or when they bid on it',
      tag,
      access: 'user',
      response: projectSchema,
    },
    ({ ctx, knex, user, params }) => getProject(knex, user, params.id, ctx.deps.clock),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/projects/{id}/bids',
      summary: 'The opened bids on a project, lowest first (its owner, after the opening; before it 409 tender_not_opened)',
      tag,
      access: 'user',
      query: paginationQuerySchema,
      response: z.array(bidSchema),
    },
    async ({ ctx, knex, user, params, query }) => listResult(ctx, await listProjectBids(knex, user, params.id, query, ctx.deps.clock)),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/projects/{id}/award',
      summary:
        'Award an opened bid (owner): starts the standstill; when it ends with no open objection the bid is accepted, the others rejected, the project in_progress. 409 tender_not_opened before the opening',
      tag,
      access: 'user',
      body: projectAwardSchema,
      response: projectSchema,
    },
    ({ ctx, knex, user, params, body }) =>
      knex.transaction((trx) => awardProject(trx, user, { id: params.id, bid_id: body.bid_id }, ctx.deps)),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/projects/{id}/status',
      summary: 'Complete an in_progress project or cancel an open or in_progress one (owner)',
      tag,
      access: 'user',
      body: projectStatusChangeSchema,
      response: projectSchema,
    },
    ({ ctx, knex, user, params, body }) =>
      knex.transaction((trx) => changeProjectStatus(trx, user, { id: params.id, status: body.status }, ctx.deps)),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/bids',
      summary:
        'Bid on an open project until its opening (contractor); a second bid amends the first and answers 200. The answer carries the receipt digest; after the opening 409 deadline_passed',
      tag,
      access: 'user',
      body: bidCreateSchema,
      response: bidSchema,
      status: 201,
    },
    async ({ ctx, knex, user, body }) => {
      const saved = await knex.transaction((trx) => submitBid(trx, user, body, ctx.deps));
      return createdOrOk(saved.created, saved.row);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/bids/my',
      summary: "The contractor's own bids with their project's title and status",
      tag,
      access: 'user',
      query: paginationQuerySchema,
      response: z.array(bidSchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listMyBids(knex, user, query)),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/bids/{id}/withdraw',
      summary: 'Withdraw a submitted bid until the opening (the bidder); final. After the opening 409 deadline_passed',
      tag,
      access: 'user',
      response: bidSchema,
    },
    ({ ctx, knex, user, params }) => knex.transaction((trx) => withdrawBid(trx, user, { id: params.id }, ctx.deps)),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/bids/{id}/receipts',
      summary: "The bidder's receipts of their bid (each submission, amendment, withdrawal with its digest), newest first",
      tag,
      access: 'user',
      response: z.array(bidReceiptSchema),
    },
    ({ knex, user, params }) => listReceipts(knex, user, params.id),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/projects/{id}/close-bidding',
      summary: 'End the bidding of an open project without a deadline now and open its bids (owner)',
      tag,
      access: 'user',
      response: projectSchema,
    },
    ({ ctx, knex, user, params }) => knex.transaction((trx) => closeBidding(trx, user, { id: params.id }, ctx.deps)),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/projects/{id}/opening',
      summary: 'The opening record: every opened bid ranked by amount with its digest (owner after the opening; bidders and admins after an award)',
      tag,
      access: 'user',
      response: openingRecordSchema,
    },
    ({ ctx, knex, user, params }) => getOpening(knex, user, params.id, ctx.deps.clock.now()),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/projects/{id}/objections',
      summary: 'Objections to the awards of a project (owner: all; a bidder: their own and those against their award)',
      tag,
      access: 'user',
      response: z.array(objectionSchema),
    },
    ({ knex, user, params }) => listObjections(knex, user, params.id),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/projects/{id}/objections',
      summary: 'Object to the award during its standstill (a losing bidder, once per award)',
      tag,
      access: 'user',
      body: objectionCreateSchema,
      response: objectionSchema,
      status: 201,
    },
    async ({ ctx, knex, user, params, body }) => {
      const saved = await knex.transaction((trx) => createObjection(trx, user, { ...body, id: body.id ?? crypto.randomUUID(), project_id: params.id }, ctx.deps));
      return createdOrOk(saved.created, saved.row);
    },
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/objections/{id}/answer',
      summary: 'Answer an open objection (owner): upheld withdraws the award, rejected keeps it',
      tag,
      access: 'user',
      body: objectionAnswerSchema,
      response: objectionSchema,
    },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => answerObjection(trx, user, { ...body, id: params.id }, ctx.deps)),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/projects/{id}/questions',
      summary: "A tender's questions: the answered ones to every reader of the project, one's own unanswered ones to the asker, all to the owner; who asked only to the owner and the asker",
      tag,
      access: 'user',
      response: z.array(tenderQuestionSchema),
    },
    ({ knex, user, params }) => listQuestions(knex, user, params.id),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/projects/{id}/questions',
      summary: "Ask a question on a tender until its questions_until (a contractor, not the owner; 409 questions_closed after it); the same id again returns it",
      tag,
      access: 'user',
      body: questionAskSchema,
      response: tenderQuestionSchema,
      status: 201,
    },
    async ({ ctx, knex, user, params, body }) => {
      const saved = await knex.transaction((trx) => askQuestion(trx, user, { ...body, id: body.id ?? crypto.randomUUID(), project_id: params.id }, ctx.deps));
      return createdOrOk(saved.created, saved.row);
    },
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/projects/{id}/questions/{qid}/answer',
      summary: 'Answer a question (owner), published to every reader of the project without who asked; 409 question_answered for another answer',
      tag,
      access: 'user',
      body: questionAnswerSchema,
      response: tenderQuestionSchema,
    },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => answerQuestion(trx, user, { ...body, id: params.qid, project_id: params.id }, ctx.deps)),
  );

  return router;
}
