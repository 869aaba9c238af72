/** Sites over HTTP: each route parses its input and calls one service function. */
import Router from '@koa/router';
import { z } from 'zod';
import { createdOrOk, listResult, route } from '../../http/route';
import { siteApprovalRulesSchema, siteCreateSchema, siteListQuerySchema, siteSchema } from '../../../shared/schemas/site';
import { siteBudgetSchema } from '../../../shared/schemas/site-budget';
import { budgetXlsx } from './budget-xlsx';
import { createSite, getSite, getSiteBudget, listSites, setApprovalRules } from './service';

const tag = 'sites';

export function sitesRouter(): Router {
  const router = new Router();

  route(
    router,
    { method: 'get', path: '/api/sites', summary: "The company's sites, newest first, each with its budget lines and approval rules", tag, access: 'user', query: siteListQuerySchema, response: z.array(siteSchema) },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listSites(knex, user, query)),
  );

  route(
    router,
    { method: 'get', path: '/api/sites/{id}', summary: 'One site with its budget lines and approval rules (its company only)', tag, access: 'user', response: siteSchema },
    ({ knex, user, params }) => getSite(knex, user, params.id),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/sites/{id}/budget',
      summary:
        "Where every riyal of the site stands, per budget line and in total (SAR with VAT): budget, approved (requests), committed (orders), received, invoiced, paid, remaining, over budget, the budgeted rate and the market's median per unit; a row for what is spent on no budget line (its company only)",
      tag,
      access: 'user',
      response: siteBudgetSchema,
    },
    ({ ctx, knex, user, params }) => getSiteBudget(knex, user, params.id, ctx.deps.clock.now()),
  );

  route(
    router,
    { method: 'get', path: '/api/sites/{id}/budget.xlsx', summary: "The site's budget as an XLSX, the same figures as GET /api/sites/{id}/budget, headers in the reader's language (its company only)", tag, access: 'user' },
    async ({ ctx, knex, user, params }) => {
      const budget = await getSiteBudget(knex, user, params.id, ctx.deps.clock.now());
      ctx.attachment(`budget-${budget.site_id}.xlsx`);
      ctx.type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      return budgetXlsx(budget, user.language);
    },
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/sites',
      summary:
        "The company's owner creates a site with its budget lines (SAR, VAT included) and the default approval rules (none up to 10,000, the owner above); the manager must be a member; the same id again answers the stored site",
      tag,
      access: 'user',
      body: siteCreateSchema,
      response: siteSchema,
      status: 201,
    },
    async ({ knex, user, body }) => {
      const { site, created } = await knex.transaction(async (trx) => {
        const { created } = await createSite(trx, user, body);
        return { site: await getSite(trx, user, body.id), created };
      });
      return createdOrOk(created, site);
    },
  );

  route(
    router,
    {
      method: 'put',
      path: '/api/sites/{id}/approval-rules',
      summary:
        "The owner sets a site's approval levels: bands of ascending up_to_amount (SAR, VAT included), the last one without a limit, each with its approvers among the members; they apply to the requests already waiting",
      tag,
      access: 'user',
      body: siteApprovalRulesSchema,
      response: siteSchema,
    },
    ({ knex, user, params, body }) => knex.transaction((trx) => setApprovalRules(trx, user, params.id, body)),
  );

  return router;
}
