/** Purchase orders over HTTP: each route parses its input and calls one service function. */
import Router from '@koa/router';
import { z } from 'zod';
import { listResult, route } from '../../http/route';
import { wakeAfterCommit } from '../../db/after-commit';
import {
  PURCHASE_ORDER_ACTIONS,
  purchaseOrderActionSchema,
  purchaseOrderListQuerySchema,
  purchaseOrderSchema,
  type PurchaseOrderAction,
} from '../../../shared/schemas/purchase-order';
import { actOnPurchaseOrder, getPurchaseOrder, listPurchaseOrders } from './service';

const tag = 'purchase-orders';

export function purchaseOrdersRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: '/api/purchase-orders',
      summary: "The caller's purchase orders as buyer and as seller (as=buyer or as=seller for one side), newest first",
      tag,
      access: 'user',
      query: purchaseOrderListQuerySchema,
      response: z.array(purchaseOrderSchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listPurchaseOrders(knex, user, query)),
  );

  route(
    router,
    { method: 'get', path: '/api/purchase-orders/{id}', summary: 'One purchase order (its buyer and seller)', tag, access: 'user', response: purchaseOrderSchema },
    ({ knex, user, params }) => getPurchaseOrder(knex, user, params.id),
  );

  for (const action of Object.keys(PURCHASE_ORDER_ACTIONS) as PurchaseOrderAction[]) {
    const rule = PURCHASE_ORDER_ACTIONS[action];
    route(
      router,
      {
        method: 'post',
        // The path's words are hyphenated (close-short); the action's, as mutations name it, underscored.
        path: `/api/purchase-orders/{id}/${action.replace('_', '-')}`,
        summary: `${action} a purchase order (${rule.side}; from ${rule.from.join(' or ')})`,
        tag,
        access: 'user',
        body: purchaseOrderActionSchema,
        response: purchaseOrderSchema,
      },
      ({ ctx, knex, user, params, body }) =>
        knex.transaction((trx) => {
          // A close settles the deal: its update queues the seller's scorecard (a trigger), measured once it commits.
          if (rule.to === 'closed') wakeAfterCommit(trx, ctx.deps.scorecards);
          return actOnPurchaseOrder(trx, user, action, { ...body, id: params.id }, ctx.deps.clock.now());
        }),
    );
  }

  return router;
}
