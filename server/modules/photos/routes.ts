/**
 * Reordering and removing a product's photos over HTTP (adding one is an upload to
 * /api/uploads). Each answers the product as it now is. A removal's files are swept right
 * after its commit.
 */
import Router from '@koa/router';
import { photoOrderSchema } from '../../../shared/schemas/photo';
import { productSchema } from '../../../shared/schemas/product';
import { route } from '../../http/route';
import { objectStore } from '../../storage';
import { getProduct } from '../products/service';
import { sweepMedia } from './media-sweep';
import { removePhoto, reorderPhotos } from './service';

const tag = 'products';

export function photosRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'put',
      path: '/api/products/{id}/photos',
      summary: "Put an own product's photos in a new order, the first the cover (supplier)",
      tag,
      access: 'user',
      body: photoOrderSchema,
      response: productSchema,
    },
    async ({ knex, user, params, body }) => {
      await knex.transaction((trx) => reorderPhotos(trx, user, params.id, body.order));
      return getProduct(knex, user.language, params.id);
    },
  );

  route(
    router,
    {
      method: 'delete',
      path: '/api/products/{id}/photos/{photo_id}',
      summary: "Remove a photo of an own product (supplier; removing one already gone is done)",
      tag,
      access: 'user',
      response: productSchema,
    },
    async ({ ctx, knex, user, params }) => {
      await knex.transaction((trx) => removePhoto(trx, user, params.id, params.photo_id));
      await sweepAfterCommit(ctx);
      return getProduct(knex, user.language, params.id);
    },
  );

  return router;
}

/** Deletes now the files a committed removal left unused (the minute sweep would later). */
export async function sweepAfterCommit(ctx: { deps: { knex: import('knex').Knex; config: import('../../config').Config; logger: import('pino').Logger } }): Promise<void> {
  await sweepMedia(ctx.deps.knex, objectStore(ctx.deps.config)).catch((err) => ctx.deps.logger.warn({ err }, 'media sweep failed'));
}
