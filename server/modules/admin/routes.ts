/**
 * The admin panel's API: lists with search,
 * soft deletes, and a user's tier and admin flag. Every route is admin-only (403 for
 * anyone else); GET /api/admin/owner-status lives with sign-in (server/modules/session/routes.ts).
 */
import Router from '@koa/router';
import { z } from 'zod';
import { listResult, route } from '../../http/route';
import {
  adminInvoiceQuerySchema,
  adminInvoiceSchema,
  adminListQuerySchema,
  adminPaymentQuerySchema,
  adminPaymentSchema,
  adminPurchaseOrderQuerySchema,
  adminPurchaseOrderSchema,
  adminUserPatchSchema,
  adminUserSchema,
} from '../../../shared/schemas/admin';
import { productSchema } from '../../../shared/schemas/product';
import { projectSchema } from '../../../shared/schemas/project';
import { registrationRequestSchema } from '../../../shared/schemas/quick-signup';
import { listAdminProducts, listAdminProjects, listQuickSignups, listUsers } from './lists';
import { removeProduct, removeProject } from './moderation';
import { listAdminInvoices, listAdminPayments, listAdminPurchaseOrders } from './money';
import { deleteUser, updateUser } from './users';
import { adminAuditQuerySchema, auditEntrySchema } from '../../../shared/schemas/audit';
import { adminAuditCsv, listAdminAudit } from './audit';

const TAG = 'admin';

export function adminRouter(): Router {
  const router = new Router();
  const list = { tag: TAG, access: 'admin' as const, method: 'get' as const, query: adminListQuerySchema };
  const remove = { tag: TAG, access: 'admin' as const, method: 'delete' as const, status: 204 };

  route(
    router,
    { ...list, path: '/api/admin/users', summary: 'Users with role, tier and admin flag; search by email, name or company', response: z.array(adminUserSchema) },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listUsers(knex, user, query, ctx.deps.config.ownerEmail)),
  );
  route(
    router,
    { ...list, path: '/api/admin/products', summary: 'Every live product; search by name, description or supplier', response: z.array(productSchema) },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listAdminProducts(knex, user, query)),
  );
  route(
    router,
    { ...list, path: '/api/admin/projects', summary: 'Every live project in any status; search by title, description, location or owner', response: z.array(projectSchema) },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listAdminProjects(knex, user, query, ctx.deps.clock.now())),
  );
  route(
    router,
    { ...list, path: '/api/admin/quick-signups', summary: 'Quick-signup registration requests; search by company, contact, email, phone or city', response: z.array(registrationRequestSchema) },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listQuickSignups(knex, user, query)),
  );

  // The money on the platform, read-only: the admin sees it and changes none of it.
  route(
    router,
    { ...list, query: adminPurchaseOrderQuerySchema, path: '/api/admin/purchase-orders', summary: 'Every purchase order, read-only; search by number, title or party, filter by status', response: z.array(adminPurchaseOrderSchema) },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listAdminPurchaseOrders(knex, user, query)),
  );
  route(
    router,
    { ...list, query: adminInvoiceQuerySchema, path: '/api/admin/invoices', summary: 'Every tax invoice and credit note, read-only; search by number or party, filter by ZATCA status', response: z.array(adminInvoiceSchema) },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listAdminInvoices(knex, user, query)),
  );
  route(
    router,
    { ...list, query: adminPaymentQuerySchema, path: '/api/admin/payments', summary: 'Every payment against an invoice, read-only; search by invoice number, reference or party, filter by status', response: z.array(adminPaymentSchema) },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listAdminPayments(knex, user, query)),
  );

  // The audit trail, read-only like the money: appended by the actions themselves (audit/record.ts).
  route(
    router,
    { ...list, query: adminAuditQuerySchema, path: '/api/admin/audit', summary: 'The audit trail, newest first: filter by actor, company, action, record and period', response: z.array(auditEntrySchema) },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listAdminAudit(knex, user, query)),
  );
  route(
    router,
    { ...list, query: adminAuditQuerySchema, path: '/api/admin/audit.csv', summary: 'The audit trail as CSV, the same filters (limit and offset ignored: every matching row)' },
    async ({ ctx, knex, user, query }) => {
      const csv = await adminAuditCsv(knex, user, query);
      ctx.attachment('audit.csv');
      ctx.type = 'text/csv; charset=utf-8';
      return csv;
    },
  );

  route(
    router,
    { ...remove, path: '/api/admin/products/{id}', summary: 'Remove a product (soft delete, hidden everywhere)' },
    ({ knex, user, params }) => knex.transaction((trx) => removeProduct(trx, user, params.id)),
  );
  route(
    router,
    { ...remove, path: '/api/admin/projects/{id}', summary: 'Remove a project and its bids (soft delete, hidden everywhere)' },
    ({ knex, user, params }) => knex.transaction((trx) => removeProject(trx, user, params.id)),
  );
  route(
    router,
    {
      ...remove,
      path: '/api/admin/users/{user_id}',
      summary: 'Delete a user: sessions ended, their listings removed; not yourself (cannot_delete_self) nor the owner',
    },
    ({ ctx, knex, user, params }) => knex.transaction((trx) => deleteUser(trx, user, params.user_id, ctx.deps.config.ownerEmail)),
  );
  route(
    router,
    {
      method: 'patch',
      path: '/api/admin/users/{user_id}',
      summary: "Set a user's verification tier or admin flag (not your own flag: cannot_demote_self; not the owner's)",
      tag: TAG,
      access: 'admin',
      body: adminUserPatchSchema,
      response: adminUserSchema,
    },
    ({ ctx, knex, user, params, body }) =>
      knex.transaction((trx) => updateUser(trx, user, params.user_id, body, ctx.deps.config.ownerEmail)),
  );

  return router;
}
