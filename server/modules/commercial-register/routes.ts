/**
 * The company's CR against the commercial register over HTTP: the owner asks for a check
 * (it calls the register, so it is declared with routeThenCall), owner and members read
 * the last one.
 */
import Router from '@koa/router';
import { route, routeThenCall } from '../../http/route';
import { crVerificationSchema, crVerifyAnswerSchema } from '../../../shared/schemas/cr-verification';
import { getCrVerification, verifyCompanyCr } from './service';

const TAG = 'company';

export function commercialRegisterRouter(): Router {
  const router = new Router();

  routeThenCall(
    router,
    {
      method: 'post',
      path: '/api/company/verify-cr',
      summary: "Check my company's CR against the commercial register (owner only): the register's answer and the tier it leaves the company with",
      tag: TAG,
      access: 'user',
      response: crVerifyAnswerSchema,
    },
    ({ ctx, knex, user }) => verifyCompanyCr(knex, ctx.deps.config, ctx.deps.clock, user),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/company/cr-verification',
      summary: "My company's last check against the commercial register (owner and members; 404 before one)",
      tag: TAG,
      access: 'user',
      response: crVerificationSchema,
    },
    ({ knex, user }) => getCrVerification(knex, user),
  );

  return router;
}
