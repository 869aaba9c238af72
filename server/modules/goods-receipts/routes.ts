/** Goods receipts over HTTP: each route parses its input and calls one service function. */
import Router from '@koa/router';
import { z } from 'zod';
import { createdOrOk, route } from '../../http/route';
import { goodsReceiptCreateSchema, goodsReceiptSchema } from '../../../shared/schemas/goods-receipt';
import { privateFileQuerySchema, sendPrivateWebp } from '../../http/private-file';
import { objectStore } from '../../storage';
import { wakeAfterCommit } from '../../db/after-commit';
import { listReceipts, readReceipt, recordReceipt } from './service';
import { openOrderPhoto } from './photos';

const tag = 'goods-receipts';

export function goodsReceiptsRouter(): Router {
  const router = new Router();

  route(
    router,
    { method: 'get', path: '/api/purchase-orders/{id}/receipts', summary: "An order's goods receipts, newest first (its buyer and seller)", tag, access: 'user', response: z.array(goodsReceiptSchema) },
    ({ knex, user, params }) => listReceipts(knex, user, params.id),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/purchase-orders/{id}/receipts',
      summary: "The buyer's company records what it received of an accepted order, line by line; the same id again answers the stored receipt",
      tag,
      access: 'user',
      body: goodsReceiptCreateSchema,
      response: goodsReceiptSchema,
      status: 201,
    },
    async ({ ctx, knex, user, params, body }) => {
      const { receipt, created } = await knex.transaction(async (trx) => {
        wakeAfterCommit(trx, ctx.deps.scorecards); // the receipt queued its seller's scorecard
        const { created } = await recordReceipt(trx, user, params.id, body, ctx.deps.clock.now());
        return { receipt: await readReceipt(trx, user, body.id), created };
      });
      return createdOrOk(created, receipt);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/purchase-orders/{id}/photos/{photoId}',
      summary: "A photo of an order's receipts or disputes as WebP (size 160, 480 or 1200), to the order's buyer and seller only",
      tag,
      access: 'user',
      query: privateFileQuerySchema,
    },
    async ({ ctx, knex, user, params, query }) => sendPrivateWebp(ctx, await openOrderPhoto(knex, objectStore(ctx.deps.config), user, params.id, params.photoId, query.size)),
  );

  return router;
}
