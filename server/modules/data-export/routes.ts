/**
 * A person's download of their data (shared/schemas/account-export.ts): start it, follow
 * its progress, download its ZIP once ready. Built by the export worker (worker.ts).
 */
import Router from '@koa/router';
import { accountExportSchema, accountExportStateSchema } from '../../../shared/schemas/account-export';
import { WithStatus, route } from '../../http/route';
import { objectStore } from '../../storage';
import { latestExport, openExport, startExport } from './service';
import { exportWorker } from './worker';

const tag = 'account';

export function dataExportRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'post',
      path: '/api/account/export',
      summary: 'Start preparing a ZIP of everything Binaa holds about me and my company’s records I can see (202); while one prepares, that one (200)',
      tag,
      access: 'user',
      response: accountExportSchema,
      status: 202,
    },
    async ({ ctx, knex, user }) => {
      const { created, job } = await knex.transaction((trx) => startExport(trx, user, ctx.deps.clock.now()));
      void exportWorker(ctx.deps).kick();
      return new WithStatus(created ? 202 : 200, job);
    },
  );

  route(
    router,
    { method: 'get', path: '/api/account/export', summary: 'My latest data export and its progress (null before any)', tag, access: 'user', response: accountExportStateSchema },
    async ({ ctx, knex, user }) => {
      // JSON null before any export (Koa answers a null body of another type with 204).
      ctx.type = 'application/json';
      return latestExport(knex, user);
    },
  );

  route(
    router,
    { method: 'get', path: '/api/account/export/{id}/download', summary: 'My ready data export as a ZIP (404 for anyone else’s)', tag, access: 'user' },
    async ({ ctx, knex, user, params }) => {
      const { object, name } = await openExport(knex, objectStore(ctx.deps.config), user, params.id);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.set('Content-Disposition', `attachment; filename="${name}"`);
      ctx.type = 'application/zip';
      ctx.length = object.size;
      return object.body;
    },
  );

  return router;
}
