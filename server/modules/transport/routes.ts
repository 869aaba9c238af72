/**
 * Transport requests and offers over HTTP. Each route
 * parses its input and calls one service function; the services check roles, ownership
 * and status, so the sync push (mutations.ts) enforces the same rules.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { createdOrOk, listResult, route } from '../../http/route';
import {
  transportRequestAcceptSchema,
  transportRequestCreateSchema,
  transportRequestListQuerySchema,
  transportRequestSchema,
  transportRequestStatusChangeSchema,
} from '../../../shared/schemas/transport-request';
import { transportOfferCreateSchema, transportOfferSchema } from '../../../shared/schemas/transport-offer';
import { paginationQuerySchema } from '../../../shared/schemas/common';
import {
  createTransportRequest,
  getTransportRequest,
  listMyTransportRequests,
  listTransportOffers,
  listTransportRequests,
} from './requests';
import { createTransportOffer } from './offers';
import { acceptTransportOffer, changeTransportStatus, type OnRequestCancelled } from './transitions';

const TAG = 'transport';

export function transportRouter(onCancelled: OnRequestCancelled): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: '/api/transport-requests',
      summary: 'Pending transport requests, newest first (transport companies and admins may ask for another status)',
      tag: TAG,
      access: 'public',
      query: transportRequestListQuerySchema,
      response: z.array(transportRequestSchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listTransportRequests(knex, user, query)),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/transport-requests/my',
      summary: 'My transport requests, every status',
      tag: TAG,
      access: 'user',
      query: paginationQuerySchema,
      response: z.array(transportRequestSchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listMyTransportRequests(knex, user, query)),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/transport-requests',
      summary: 'Create a transport request (not transport companies); 200 with the existing one when its client id was already created',
      tag: TAG,
      access: 'user',
      body: transportRequestCreateSchema,
      response: transportRequestSchema,
      status: 201,
    },
    async ({ knex, user, body }) => {
      const saved = await knex.transaction((trx) => createTransportRequest(trx, user, body));
      return createdOrOk(saved.created, saved.row);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/transport-requests/{id}',
      summary: 'One transport request: public while pending, then only to its parties, transport companies and admins',
      tag: TAG,
      access: 'public',
      response: transportRequestSchema,
    },
    ({ knex, user, params }) => getTransportRequest(knex, user, params.id),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/transport-requests/{id}/offers',
      summary: 'The offers on my transport request, newest first',
      tag: TAG,
      access: 'user',
      query: paginationQuerySchema,
      response: z.array(transportOfferSchema),
    },
    async ({ ctx, knex, user, params, query }) => listResult(ctx, await listTransportOffers(knex, user, params.id, query)),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/transport-requests/{id}/accept',
      summary: 'Accept one offer on my pending request: request assigned, that offer accepted, the others rejected',
      tag: TAG,
      access: 'user',
      body: transportRequestAcceptSchema,
      response: transportRequestSchema,
    },
    ({ knex, user, params, body }) => knex.transaction((trx) => acceptTransportOffer(trx, user, params.id, body.offer_id)),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/transport-requests/{id}/status',
      summary: 'in_transit and delivered by the assigned company; cancelled by the requester while pending or assigned',
      tag: TAG,
      access: 'user',
      body: transportRequestStatusChangeSchema,
      response: transportRequestSchema,
    },
    ({ knex, user, params, body }) => knex.transaction((trx) => changeTransportStatus(trx, user, params.id, body, onCancelled)),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/transport-offers',
      summary: 'Quote on a pending transport request (transport companies); 201 when new, 200 when it replaced your earlier quote',
      tag: TAG,
      access: 'user',
      body: transportOfferCreateSchema,
      response: transportOfferSchema,
      status: 201,
    },
    async ({ knex, user, body }) => {
      const saved = await knex.transaction((trx) => createTransportOffer(trx, user, body));
      return createdOrOk(saved.created, saved.row);
    },
  );

  return router;
}
