/**
 * Deliveries over HTTP: the company assigns a driver, the driver records steps, the
 * requester answers, and the deal's files are served to its parties. Each route parses
 * its input and calls one service function; the sync push runs the same ones.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { listResult, route } from '../../http/route';
import { paginationQuerySchema } from '../../../shared/schemas/common';
import {
  deliveryAssignSchema,
  deliveryConfirmSchema,
  deliveryProblemSchema,
  deliverySchema,
  deliveryStepSchema,
} from '../../../shared/schemas/delivery';
import { objectStore } from '../../storage';
import { assignDelivery, confirmDelivery, getDelivery, listDeliveries, recordStep, reportProblem } from './service';
import { openDeliveryFile } from './files';
import { privateFileQuerySchema, sendPrivateWebp } from '../../http/private-file';

const TAG = 'deliveries';

export function deliveriesRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'post',
      path: '/api/transport-requests/{id}/assign',
      summary: 'Give an assigned transport job to one of my drivers with a vehicle plate, or to another driver before pickup (the transport company whose quote was accepted)',
      tag: TAG,
      access: 'user',
      body: deliveryAssignSchema,
      response: deliverySchema,
    },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => assignDelivery(trx, user, params.id, body, ctx.deps)),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/deliveries',
      summary: "My deliveries, newest first: a driver's jobs, a transport company's, a requester's, a supplier's goods",
      tag: TAG,
      access: 'user',
      query: paginationQuerySchema,
      response: z.array(deliverySchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listDeliveries(knex, user, query)),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/deliveries/{id}',
      summary: 'One delivery, to its parties (never a price)',
      tag: TAG,
      access: 'user',
      response: deliverySchema,
    },
    ({ knex, user, params }) => getDelivery(knex, user, params.id),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/deliveries/{id}/steps',
      summary: "The driver's next step (picked_up, on_the_way, delivered with its proof); the same event_id again is recorded once",
      tag: TAG,
      access: 'user',
      body: deliveryStepSchema,
      response: deliverySchema,
    },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => recordStep(trx, user, params.id, body, ctx.deps)),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/deliveries/{id}/confirm',
      summary: 'The requester confirms receipt (after delivery, or after a problem)',
      tag: TAG,
      access: 'user',
      body: deliveryConfirmSchema,
      response: deliverySchema,
    },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => confirmDelivery(trx, user, { ...body, id: params.id }, ctx.deps)),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/deliveries/{id}/problem',
      summary: 'The requester reports a problem with what was delivered (short, damaged, late)',
      tag: TAG,
      access: 'user',
      body: deliveryProblemSchema,
      response: deliverySchema,
    },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => reportProblem(trx, user, { ...body, id: params.id }, ctx.deps)),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/deliveries/{id}/files/{file_id}',
      summary: "A signature or photo of a delivery as WebP (size 160, 480 or 1200), to the delivery's parties only",
      tag: TAG,
      access: 'user',
      query: privateFileQuerySchema,
    },
    async ({ ctx, knex, user, params, query }) => sendPrivateWebp(ctx, await openDeliveryFile(knex, objectStore(ctx.deps.config), user, params.id, params.file_id, query.size)),
  );

  return router;
}
