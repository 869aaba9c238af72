/**
 * The API's routers, one per area (server/modules/<area>/routes.ts), mounted in one place.
 */
import Router from '@koa/router';
import { healthRouter } from './modules/health/routes';
import { profilesRouter } from './modules/profiles/routes';

export function apiRouter(): Router {
  const api = new Router();
  for (const r of [healthRouter(), profilesRouter()]) api.use(r.routes(), r.allowedMethods());
  return api;
}
