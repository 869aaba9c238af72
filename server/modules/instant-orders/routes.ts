/**
 * Instant orders and their offers over HTTP: each route parses its input and calls one
 * service function, inside a transaction when it writes. The rules live in service.ts and
 * responses.ts.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { createdOrOk, listResult, route } from '../../http/route';
import { paginationQuerySchema } from '../../../shared/schemas/common';
import {
  instantOrderAcceptSchema,
  instantOrderCreateSchema,
  instantOrderListQuerySchema,
  instantOrderSchema,
} from '../../../shared/schemas/instant-order';
import {
  instantOrderResponseCreateSchema,
  instantOrderResponseSchema,
} from '../../../shared/schemas/instant-order-response';
import {
  acceptOffer,
  cancelInstantOrder,
  createInstantOrder,
  getInstantOrder,
  listInstantOrders,
  listMyInstantOrders,
} from './service';
import { listResponses, submitOffer } from './responses';
import { instantOrderFromRequest } from './from-request';
import { purchaseRequestInstantOrderSchema } from '../../../shared/schemas/purchase-request';

const tag = 'instant-orders';

export function instantOrdersRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'post',
      path: '/api/instant-orders',
      summary: 'Post an instant order (contractor, within the plan limit); 200 with the existing one when its client id was already used',
      tag,
      access: 'user',
      body: instantOrderCreateSchema,
      response: instantOrderSchema,
      status: 201,
    },
    async ({ ctx, knex, user, body }) => {
      const saved = await knex.transaction((trx) => createInstantOrder(trx, user, body, ctx.deps.clock.now()));
      return createdOrOk(saved.created, saved.row);
    },
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/purchase-requests/{id}/instant-order',
      summary: 'An approved one-line purchase request becomes an instant order, once: its material, site and budget line carried over; 200 with the order when this id made it already',
      tag: 'purchase-requests',
      access: 'user',
      body: purchaseRequestInstantOrderSchema,
      response: instantOrderSchema,
      status: 201,
    },
    async ({ ctx, knex, user, params, body }) => {
      const saved = await knex.transaction((trx) => instantOrderFromRequest(trx, user, { ...body, purchase_request_id: params.id }, ctx.deps.clock.now()));
      return createdOrOk(saved.created, saved.row);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/instant-orders',
      summary: "Every instant order, active ones unless a status is given, with the calling supplier's own offer (suppliers, admins)",
      tag,
      access: 'user',
      query: instantOrderListQuerySchema,
      response: z.array(instantOrderSchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listInstantOrders(knex, user, query, ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/instant-orders/my',
      summary: "The contractor's own instant orders, every status unless one is given",
      tag,
      access: 'user',
      query: instantOrderListQuerySchema,
      response: z.array(instantOrderSchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listMyInstantOrders(knex, user, query, ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/instant-orders/{id}',
      summary: 'One instant order (its contractor, suppliers, admins)',
      tag,
      access: 'user',
      response: instantOrderSchema,
    },
    ({ ctx, knex, user, params }) => getInstantOrder(knex, user, params.id, ctx.deps.clock.now()),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/instant-orders/{id}/responses',
      summary: 'The offers on an instant order (its contractor only)',
      tag,
      access: 'user',
      query: paginationQuerySchema,
      response: z.array(instantOrderResponseSchema),
    },
    async ({ ctx, knex, user, params, query }) => listResult(ctx, await listResponses(knex, user, params.id, query, ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/instant-orders/{id}/accept',
      summary: 'Accept an offer: the order fulfilled, that offer accepted, the others rejected (its contractor)',
      tag,
      access: 'user',
      body: instantOrderAcceptSchema,
      response: instantOrderSchema,
    },
    ({ ctx, knex, user, params, body }) =>
      knex.transaction((trx) => acceptOffer(trx, user, { id: params.id, response_id: body.response_id }, ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/instant-orders/{id}/cancel',
      summary: 'Cancel an active instant order; its offers are rejected (its contractor)',
      tag,
      access: 'user',
      response: instantOrderSchema,
    },
    ({ ctx, knex, user, params }) => knex.transaction((trx) => cancelInstantOrder(trx, user, { id: params.id }, ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/instant-order-responses',
      summary: 'Offer on an active instant order (supplier); a second offer on the same order updates the first and answers 200',
      tag,
      access: 'user',
      body: instantOrderResponseCreateSchema,
      response: instantOrderResponseSchema,
      status: 201,
    },
    async ({ ctx, knex, user, body }) => {
      const saved = await knex.transaction((trx) => submitOffer(trx, user, body, ctx.deps.clock.now()));
      return createdOrOk(saved.created, saved.row);
    },
  );

  return router;
}
