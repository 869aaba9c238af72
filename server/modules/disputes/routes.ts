/** Disputes over HTTP: each route parses its input and calls one service function. */
import Router from '@koa/router';
import { z } from 'zod';
import { createdOrOk, listResult, route } from '../../http/route';
import { disputeAcceptSchema, disputeCreateSchema, disputeListQuerySchema, disputeRejectSchema, disputeSchema } from '../../../shared/schemas/dispute';
import { paginationFields } from '../../../shared/schemas/common';
import { wakeClearance } from '../invoices/notes';
import { wakeAfterCommit } from '../../db/after-commit';
import { answerDispute, listDisputes, openDispute } from './service';
import { listOverdueDisputes } from './sweep';

const tag = 'disputes';

export function disputesRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'post',
      path: '/api/purchase-orders/{id}/disputes',
      summary: "The buyer's company disputes received lines of an order (goods, or a price above the order's); the same id again answers the stored dispute",
      tag,
      access: 'user',
      body: disputeCreateSchema,
      response: disputeSchema,
      status: 201,
    },
    async ({ ctx, knex, user, params, body }) => {
      const { dispute, created } = await knex.transaction((trx) => {
        wakeAfterCommit(trx, ctx.deps.scorecards); // the dispute queued its seller's scorecard
        return openDispute(trx, user, params.id, body, ctx.deps.clock.now());
      });
      return createdOrOk(created, dispute);
    },
  );

  route(
    router,
    { method: 'get', path: '/api/disputes', summary: "The caller's company's disputes, as buyer or seller, newest first", tag, access: 'user', query: disputeListQuerySchema, response: z.array(disputeSchema) },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listDisputes(knex, user, query, ctx.deps.clock.now())),
  );

  route(
    router,
    { method: 'post', path: '/api/disputes/{id}/accept', summary: 'The seller accepts an open dispute with a remedy: a credit note for its value, or a redelivery', tag, access: 'user', body: disputeAcceptSchema, response: disputeSchema },
    async ({ ctx, knex, user, params, body }) => {
      const dispute = await knex.transaction((trx) => {
        wakeAfterCommit(trx, ctx.deps.scorecards); // the answer queued its seller's scorecard
        return answerDispute(trx, ctx.deps, user, params.id, { action: 'accept', remedy: body.remedy }, ctx.deps.clock.now());
      });
      wakeClearance(ctx.deps);
      return dispute;
    },
  );

  route(
    router,
    { method: 'post', path: '/api/disputes/{id}/reject', summary: 'The seller rejects an open dispute with a reason', tag, access: 'user', body: disputeRejectSchema, response: disputeSchema },
    ({ ctx, knex, user, params, body }) =>
      knex.transaction((trx) => {
        wakeAfterCommit(trx, ctx.deps.scorecards); // the answer queued its seller's scorecard
        return answerDispute(trx, ctx.deps, user, params.id, { action: 'reject', reason: body.reason }, ctx.deps.clock.now());
      }),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/admin/disputes',
      summary: 'Open disputes past their deadline, most overdue first (the admin follows them up)',
      tag,
      access: 'admin',
      query: z.strictObject(paginationFields),
      response: z.array(disputeSchema),
    },
    async ({ ctx, knex, query }) => listResult(ctx, await listOverdueDisputes(knex, query, ctx.deps.clock.now())),
  );

  return router;
}
