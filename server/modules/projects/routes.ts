/**
 * Projects and bids over HTTP: each route parses its input and calls one service
 * function, inside a transaction when it writes. The rules live in service.ts and bids.ts.
 */
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
    async ({ knex, user, body }) => {
      const saved = await knex.transaction((trx) => createProject(trx, user, body));
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
    async ({ ctx, knex, user, query }) => listResult(ctx, await listProjects(knex, user, query)),
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
    async ({ ctx, knex, user, query }) => listResult(ctx, await listMyProjects(knex, user, query)),
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
    ({ knex, user, params }) => getProject(knex, user, params.id),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/projects/{id}/bids',
      summary: 'The bids on a project (its owner only: bids are sealed)',
      tag,
      access: 'user',
      query: paginationQuerySchema,
      response: z.array(bidSchema),
    },
    async ({ ctx, knex, user, params, query }) => listResult(ctx, await listProjectBids(knex, user, params.id, query)),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/projects/{id}/award',
      summary: 'Award a bid: it is accepted, the others rejected, the project in_progress (owner)',
      tag,
      access: 'user',
      body: projectAwardSchema,
      response: projectSchema,
    },
    ({ knex, user, params, body }) =>
      knex.transaction((trx) => awardProject(trx, user, { id: params.id, bid_id: body.bid_id })),
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
    ({ knex, user, params, body }) =>
      knex.transaction((trx) => changeProjectStatus(trx, user, { id: params.id, status: body.status })),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/bids',
      summary: 'Bid on an open project (contractor); a second bid on the same project updates the first and answers 200',
      tag,
      access: 'user',
      body: bidCreateSchema,
      response: bidSchema,
      status: 201,
    },
    async ({ knex, user, body }) => {
      const saved = await knex.transaction((trx) => submitBid(trx, user, body));
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
      summary: 'Withdraw a submitted bid while the project is open (the bidder); final',
      tag,
      access: 'user',
      response: bidSchema,
    },
    ({ knex, user, params }) => knex.transaction((trx) => withdrawBid(trx, user, { id: params.id })),
  );

  return router;
}
