/**
 * Requests for quotation, their quotes, comparison and award over HTTP: each route parses
 * its input and calls one service function, inside a transaction when it writes. The
 * rules live in service.ts, quotes.ts and award.ts.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { createdOrOk, listResult, route } from '../../http/route';
import { purchaseOrderSchema } from '../../../shared/schemas/purchase-order';
import {
  rfqAwardSchema,
  rfqComparisonSchema,
  rfqCreateSchema,
  rfqListQuerySchema,
  rfqQuoteSchema,
  rfqQuoteSubmitSchema,
  rfqSchema,
  rfqUpdateSchema,
} from '../../../shared/schemas/rfq';
import { purchaseRequestRfqSchema } from '../../../shared/schemas/purchase-request';
import { awardRfq, compareRfq } from './award';
import { rfqFromRequest } from './from-request';
import { listQuotes, submitQuote } from './quotes';
import { wakeAfterCommit } from '../../db/after-commit';
import { cancelRfq, createRfq, listAddressedRfqs, listMyRfqs, presentRfq, updateRfq } from './service';

const tag = 'rfqs';

export function rfqsRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'post',
      path: '/api/rfqs',
      summary: 'Send a request for quotation to the market or to chosen suppliers (contractor); 200 with the existing one when its client id was already used',
      tag,
      access: 'user',
      body: rfqCreateSchema,
      response: rfqSchema,
      status: 201,
    },
    async ({ ctx, knex, user, body }) => {
      const saved = await knex.transaction((trx) => createRfq(trx, user, body, ctx.deps.clock.now()));
      return createdOrOk(saved.created, saved.row);
    },
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/purchase-requests/{id}/rfq',
      summary: "An approved purchase request becomes an RFQ, once: its lines, site and budget lines carried over; 200 with the RFQ when this id made it already",
      tag: 'purchase-requests',
      access: 'user',
      body: purchaseRequestRfqSchema,
      response: rfqSchema,
      status: 201,
    },
    async ({ ctx, knex, user, params, body }) => {
      const saved = await knex.transaction((trx) => rfqFromRequest(trx, user, { ...body, purchase_request_id: params.id }, ctx.deps.clock.now()));
      return createdOrOk(saved.created, saved.row);
    },
  );

  route(
    router,
    { method: 'get', path: '/api/rfqs/my', summary: "The contractor's own RFQs, newest first", tag, access: 'user', query: rfqListQuerySchema, response: z.array(rfqSchema) },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listMyRfqs(knex, user, query, ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/rfqs',
      summary: "The RFQs that reached the calling supplier (open ones unless a status is given), with the supplier's own quote",
      tag,
      access: 'user',
      query: rfqListQuerySchema,
      response: z.array(rfqSchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listAddressedRfqs(knex, user, query, ctx.deps.clock.now())),
  );

  route(
    router,
    { method: 'get', path: '/api/rfqs/{id}', summary: 'One RFQ (its buyer and the suppliers it reached)', tag, access: 'user', response: rfqSchema },
    ({ ctx, knex, user, params }) => presentRfq(knex, user, params.id, ctx.deps.clock.now()),
  );

  route(
    router,
    {
      method: 'patch',
      path: '/api/rfqs/{id}',
      summary: 'Edit an open RFQ before the first quote: title, site, dates and lines (its buyer); 409 rfq_has_quotes once a supplier quoted',
      tag,
      access: 'user',
      body: rfqUpdateSchema,
      response: rfqSchema,
    },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => updateRfq(trx, user, { ...body, id: params.id }, ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/rfqs/{id}/quotes',
      summary: 'Quote on an open RFQ that reached the supplier; sending again revises the one quote (200)',
      tag,
      access: 'user',
      body: rfqQuoteSubmitSchema,
      response: rfqQuoteSchema,
      status: 201,
    },
    async ({ ctx, knex, user, params, body }) => {
      const saved = await knex.transaction((trx) => {
        wakeAfterCommit(trx, ctx.deps.scorecards); // a first quote queues its supplier's scorecard (its quoting time)
        return submitQuote(trx, user, { ...body, rfq_id: params.id }, ctx.deps.clock.now());
      });
      return createdOrOk(saved.created, saved.row);
    },
  );

  route(
    router,
    { method: 'get', path: '/api/rfqs/{id}/quotes', summary: "The RFQ's quotes: every one for its buyer, a supplier's own for them", tag, access: 'user', response: z.array(rfqQuoteSchema) },
    ({ knex, user, params }) => listQuotes(knex, user, params.id),
  );

  route(
    router,
    { method: 'get', path: '/api/rfqs/{id}/comparison', summary: 'Lines down, quotes across, with totals, VAT and market prices (its buyer only)', tag, access: 'user', response: rfqComparisonSchema },
    ({ ctx, knex, user, params }) => compareRfq(knex, user, params.id, ctx.deps.clock.now()),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/rfqs/{id}/award',
      summary: 'Award quoted lines, whole or split; one purchase order per winning supplier (its buyer, once)',
      tag,
      access: 'user',
      body: rfqAwardSchema,
      response: z.array(purchaseOrderSchema),
    },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => awardRfq(trx, user, { ...body, id: params.id }, ctx.deps.clock.now())),
  );

  route(
    router,
    { method: 'post', path: '/api/rfqs/{id}/cancel', summary: 'Withdraw an RFQ not yet awarded (its buyer)', tag, access: 'user', response: rfqSchema },
    ({ ctx, knex, user, params }) => knex.transaction((trx) => cancelRfq(trx, user, { id: params.id }, ctx.deps.clock.now())),
  );

  return router;
}
