/**
 * Company teams over HTTP: invites (create, list, revoke, preview, accept) and members
 * (list, remove), and the company's tax profile. Each route calls one service function;
 * the service checks who asks.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { listResult, route } from '../../http/route';
import {
  companyInviteCreateSchema,
  companyInviteCreatedSchema,
  companyInvitePreviewSchema,
  companyInviteSchema,
  companyJoinedSchema,
  companyMemberSchema,
  inviteTokenSchema,
} from '../../../shared/schemas/company';
import { uuidSchema } from '../../../shared/schemas/common';
import { taxProfileInputSchema, taxProfileSchema } from '../../../shared/schemas/tax-profile';
import { inviteNotFound, notFound } from '../../../shared/errors';
import { acceptInvite, createInvite, listInvites, listMembers, previewInvite, removeMember, revokeInvite } from './service';
import { getTaxProfile, saveTaxProfile } from './tax-profile';
import { auditEntrySchema, companyAuditQuerySchema } from '../../../shared/schemas/audit';
import { companyAuditCsv, listCompanyAudit } from './audit';

const TAG = 'company';

/** A token that cannot be one is simply not an invite. */
function tokenOf(raw: string): string {
  const parsed = inviteTokenSchema.safeParse(raw);
  if (!parsed.success) throw inviteNotFound();
  return parsed.data;
}

function idOf(raw: string, what: string): string {
  const parsed = uuidSchema.safeParse(raw);
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}

export function companyRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'post',
      path: '/api/company/invites',
      summary: "Invite someone to my company as member or driver (owner only): a one-time link that expires; its token is shown only in this answer",
      tag: TAG,
      access: 'user',
      body: companyInviteCreateSchema,
      response: companyInviteCreatedSchema,
      status: 201,
    },
    ({ ctx, knex, user, body }) => knex.transaction((trx) => createInvite(trx, user, body, ctx.deps.config.publicUrl, ctx.deps.clock.now())),
  );

  route(
    router,
    { method: 'get', path: '/api/company/invites', summary: 'My company’s open invites (owner only)', tag: TAG, access: 'user', response: z.array(companyInviteSchema) },
    ({ ctx, knex, user }) => listInvites(knex, user, ctx.deps.clock.now()),
  );

  route(
    router,
    { method: 'delete', path: '/api/company/invites/{id}', summary: 'Withdraw an open invite (owner only)', tag: TAG, access: 'user', status: 204 },
    ({ ctx, knex, user, params }) => knex.transaction((trx) => revokeInvite(trx, user, idOf(params.id, 'Invite'), ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/company/invites/{token}',
      summary: 'What an invite link offers: the company, the role, and whether it is still valid',
      tag: TAG,
      access: 'public',
      response: companyInvitePreviewSchema,
    },
    ({ ctx, knex, params }) => previewInvite(knex, tokenOf(params.token), ctx.deps.clock.now()),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/company/invites/{token}/accept',
      summary: 'Join the company of an invite link (a person in no company); the link is then used',
      tag: TAG,
      access: 'user',
      response: companyJoinedSchema,
    },
    ({ ctx, knex, user, params }) => knex.transaction((trx) => acceptInvite(trx, user, tokenOf(params.token), ctx.deps.clock.now())),
  );

  route(
    router,
    { method: 'get', path: '/api/company/members', summary: 'The people of my company (owner and members)', tag: TAG, access: 'user', response: z.array(companyMemberSchema) },
    ({ knex, user }) => listMembers(knex, user),
  );

  route(
    router,
    {
      method: 'delete',
      path: '/api/company/members/{user_id}',
      summary: 'Remove someone from my company (owner only); their devices drop the company’s data at their next sync',
      tag: TAG,
      access: 'user',
      status: 204,
    },
    ({ knex, user, params }) => knex.transaction((trx) => removeMember(trx, user, idOf(params.user_id, 'Member'))),
  );

  route(
    router,
    {
      method: 'put',
      path: '/api/company/tax-profile',
      summary: 'Save my company’s tax profile (owner only): legal name, VAT and CR numbers, IBAN, national address, checked as ZATCA’s rules check an invoice; a complete one lifts an unverified company to verified',
      tag: TAG,
      access: 'user',
      body: taxProfileInputSchema,
      response: taxProfileSchema,
    },
    ({ knex, user, body }) => knex.transaction((trx) => saveTaxProfile(trx, user, body)),
  );

  route(
    router,
    { method: 'get', path: '/api/company/tax-profile', summary: 'My company’s tax profile (owner and members; 404 before one is saved)', tag: TAG, access: 'user', response: taxProfileSchema },
    ({ knex, user }) => getTaxProfile(knex, user),
  );

  const audit = { tag: TAG, access: 'user' as const, method: 'get' as const, query: companyAuditQuerySchema };
  route(
    router,
    { ...audit, path: '/api/company/audit', summary: "My company's audit trail (owner only): who did what to its money, documents, tenders, approvals and team, newest first; filter by actor, action, record and period", response: z.array(auditEntrySchema) },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listCompanyAudit(knex, user, query)),
  );
  route(
    router,
    { ...audit, path: '/api/company/audit.csv', summary: "My company's audit trail as CSV, the same filters (owner only; limit and offset ignored: every matching row)" },
    async ({ ctx, knex, user, query }) => {
      const csv = await companyAuditCsv(knex, user, query);
      ctx.attachment('audit.csv');
      ctx.type = 'text/csv; charset=utf-8';
      return csv;
    },
  );

  return router;
}
