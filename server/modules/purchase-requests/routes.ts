/** Purchase requests over HTTP: each route parses its input and calls one service function. */
import Router from '@koa/router';
import { z } from 'zod';
import { createdOrOk, listResult, route } from '../../http/route';
import {
  purchaseRequestApproveSchema,
  purchaseRequestCreateSchema,
  purchaseRequestListQuerySchema,
  purchaseRequestRejectSchema,
  purchaseRequestSchema,
} from '../../../shared/schemas/purchase-request';
import { createRequest, decideRequest, listRequests, readRequest } from './service';

const tag = 'purchase-requests';

export function purchaseRequestsRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: '/api/purchase-requests',
      summary: "The company's purchase requests, newest first: of one site (site_id), or those waiting for the caller's approval now (waiting_for=me)",
      tag,
      access: 'user',
      query: purchaseRequestListQuerySchema,
      response: z.array(purchaseRequestSchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listRequests(knex, user, query)),
  );

  route(
    router,
    { method: 'get', path: '/api/purchase-requests/{id}', summary: 'One purchase request (its company only)', tag, access: 'user', response: purchaseRequestSchema },
    ({ knex, user, params }) => readRequest(knex, user, params.id),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/purchase-requests',
      summary: "Any member raises a purchase request on an active site of the company; it goes through the site's approval levels by amount; the same id again answers the stored request",
      tag,
      access: 'user',
      body: purchaseRequestCreateSchema,
      response: purchaseRequestSchema,
      status: 201,
    },
    async ({ ctx, knex, user, body }) => {
      const { request, created } = await knex.transaction(async (trx) => {
        const { created } = await createRequest(trx, user, body, ctx.deps.clock.now());
        return { request: await readRequest(trx, user, body.id), created };
      });
      return createdOrOk(created, request);
    },
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/purchase-requests/{id}/approve',
      summary: "An approver of the request's next required level approves it; once no required level is left it is approved",
      tag,
      access: 'user',
      body: purchaseRequestApproveSchema,
      response: purchaseRequestSchema,
    },
    ({ ctx, knex, user, params }) => knex.transaction((trx) => decideRequest(trx, user, params.id, { decision: 'approved' }, ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/purchase-requests/{id}/reject',
      summary: "An approver of the request's next required level rejects it, with a reason: the request ends rejected",
      tag,
      access: 'user',
      body: purchaseRequestRejectSchema,
      response: purchaseRequestSchema,
    },
    ({ ctx, knex, user, params, body }) =>
      knex.transaction((trx) => decideRequest(trx, user, params.id, { decision: 'rejected', reason: body.reason }, ctx.deps.clock.now())),
  );

  return router;
}
