/**
 * Reviews over HTTP: write one (signed in with a profile), read a target's reviews
 * (anyone). The rules live in service.ts.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { reviewCreateSchema, reviewListQuerySchema, reviewSchema } from '../../../shared/schemas/review';
import { createdOrOk, listResult, route } from '../../http/route';
import { createReview, listReviews } from './service';

const tag = 'reviews';

export function reviewsRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'post',
      path: '/api/reviews',
      summary: "Review a product or a user (one per reviewer and target: 200 when it replaced the reviewer's earlier one)",
      tag,
      access: 'user',
      body: reviewCreateSchema,
      response: reviewSchema,
      status: 201,
    },
    async ({ knex, user, body }) => {
      const saved = await knex.transaction((trx) => createReview(trx, user, body));
      return createdOrOk(saved.created, saved.row);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/reviews',
      summary: 'The reviews of one product or user, most recent first, with the reviewer name',
      tag,
      access: 'public',
      reads: 'replica',
      query: reviewListQuerySchema,
      response: z.array(reviewSchema),
    },
    async ({ ctx, knex, query }) => listResult(ctx, await listReviews(knex, query)),
  );

  return router;
}
