/**
 * Reviews over HTTP: review a completed deal (signed in, a party of it), read a company's
 * or a product's published reviews (anyone), read my company's review of a deal. The
 * rules live in service.ts.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { reviewCreateSchema, reviewListQuerySchema, reviewMineQuerySchema, reviewMineSchema, reviewSchema } from '../../../shared/schemas/review';
import { createdOrOk, listResult, route } from '../../http/route';
import { createReview, listReviews, myDealReviews } from './service';

const tag = 'reviews';

export function reviewsRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'post',
      path: '/api/reviews',
      summary:
        'Review the other party of a completed deal (a purchase order with a goods receipt, a delivered transport request), once per party per deal; hidden until both have reviewed or 14 days passed',
      tag,
      access: 'user',
      body: reviewCreateSchema,
      response: reviewSchema,
      status: 201,
    },
    async ({ ctx, knex, user, body }) => {
      const saved = await knex.transaction((trx) => createReview(trx, user, body, ctx.deps.clock.now()));
      return createdOrOk(saved.created, saved.row);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/reviews',
      summary: "A company's or a product's published reviews, deal reviews first, then those from before verified reviews (legacy)",
      tag,
      access: 'public',
      reads: 'replica',
      query: reviewListQuerySchema,
      response: z.array(reviewSchema),
    },
    async ({ ctx, knex, query }) => listResult(ctx, await listReviews(knex, query)),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/reviews/mine',
      summary: "My company's review of one deal, published or still waiting for the other party (an empty list when none), and the deal's products it may name",
      tag,
      access: 'user',
      query: reviewMineQuerySchema,
      response: reviewMineSchema,
    },
    async ({ knex, user, query }) => myDealReviews(knex, user, query),
  );

  return router;
}
