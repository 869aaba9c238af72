/**
 * An admin's suspension of a company (suspensions.ts): POST sets it with a reason (or
 * changes the reason), DELETE lifts it. {id} is the company's account id (its founder's
 * user id). Admin-only like the rest of the panel; GET /api/companies/{id}/suspension is
 * public (the company's page shows it is suspended) and says only whether, never why.
 */
import Router from '@koa/router';
import { route } from '../../http/route';
import { companyStandingSchema, companySuspendSchema, companySuspensionSchema } from '../../../shared/schemas/company-suspension';
import { companyStanding, liftSuspension, suspendCompany } from './suspensions';

export function adminSuspensionRouter(): Router {
  const router = new Router();
  route(
    router,
    {
      method: 'post',
      path: '/api/admin/companies/{id}/suspension',
      summary: "Suspend a company with a reason its members see: it starts no new deal until lifted (not your own company: cannot_suspend_self; not the owner's)",
      tag: 'admin',
      access: 'admin',
      body: companySuspendSchema,
      response: companySuspensionSchema,
    },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => suspendCompany(trx, user, params.id, body, ctx.deps.config.ownerEmail, ctx.deps.clock.now())),
  );
  route(
    router,
    { method: 'delete', status: 204, path: '/api/admin/companies/{id}/suspension', summary: "Lift a company's suspension", tag: 'admin', access: 'admin' },
    ({ knex, user, params }) => knex.transaction((trx) => liftSuspension(trx, user, params.id)),
  );
  route(
    router,
    { method: 'get', path: '/api/companies/{id}/suspension', summary: 'Whether a company is suspended (its public page), never the reason', tag: 'admin', access: 'public', response: companyStandingSchema },
    ({ knex, params }) => companyStanding(knex, params.id),
  );
  return router;
}
