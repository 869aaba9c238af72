/**
 * GET /api/categories: the live categories with their names in the three languages, for
 * anyone. Reference data, so the whole list in one answer (X-Total-Count still set).
 */
import Router from '@koa/router';
import { z } from 'zod';
import { categorySchema } from '../../../shared/schemas/category';
import { listResult, route } from '../../http/route';
import { listCategories } from './service';

export function categoriesRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: '/api/categories',
      summary: 'Product categories, by sort, with names in Arabic, English and Chinese',
      tag: 'categories',
      access: 'public',
      reads: 'replica',
      response: z.array(categorySchema),
    },
    async ({ ctx, knex }) => {
      const items = await listCategories(knex);
      return listResult(ctx, { items, total: items.length });
    },
  );

  return router;
}
