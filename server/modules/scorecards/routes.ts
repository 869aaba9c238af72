/**
 * Scorecards over HTTP: read only. No route writes a figure (compute.ts does, on the
 * events that move it).
 */
import Router from '@koa/router';
import { z } from 'zod';
import { route } from '../../http/route';
import { companyScorecardsSchema, ownScorecardSchema, scorecardQuerySchema, scorecardSchema } from '../../../shared/schemas/scorecard';
import { readOwnScorecard, readScorecards } from './service';

const tag = 'scorecards';

export function scorecardsRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: '/api/companies/{id}/scorecard',
      summary: "A company's scorecard from its deals: both windows, or the one ?window= names (public, as its page)",
      tag,
      access: 'public',
      query: scorecardQuerySchema,
      response: z.union([companyScorecardsSchema, scorecardSchema]),
    },
    ({ knex, params, query }) => readScorecards(knex, params.id, query.window),
  );

  route(
    router,
    { method: 'get', path: '/api/company/scorecard', summary: "The caller's company's scorecard and the orders that pulled its figures down", tag, access: 'user', response: ownScorecardSchema },
    ({ ctx, knex, user }) => readOwnScorecard(knex, user, ctx.deps.clock.now()),
  );

  return router;
}
