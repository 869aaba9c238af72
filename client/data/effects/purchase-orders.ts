/** Local effects of purchase-order actions (see types.ts): the status each action leads to (PURCHASE_ORDER_ACTIONS). */
import { PURCHASE_ORDER_ACTIONS, type PurchaseOrderAction } from '../../../shared/schemas/purchase-order';
import { rowKey } from '../db/schema';
import { patchRow, type EffectTable, type LocalEffect } from './types';

type PurchaseOrders = Pick<EffectTable, `purchase_order.${PurchaseOrderAction}`>;

function act(action: PurchaseOrderAction): LocalEffect<`purchase_order.${PurchaseOrderAction}`> {
  return {
    keys: async (args) => [rowKey('purchase_order', args.id)],
    apply(args, rows, ctx) {
      patchRow(
        rows,
        'purchase_order',
        args.id,
        {
          status: PURCHASE_ORDER_ACTIONS[action].to,
          ...(action === 'accept' || action === 'decline' ? { answered_at: ctx.now } : {}),
          ...(args.reason !== undefined && (action === 'decline' || action === 'cancel') ? { reason: args.reason } : {}),
        },
        ctx,
      );
    },
  };
}

export const purchaseOrderEffects: PurchaseOrders = {
  'purchase_order.accept': act('accept'),
  'purchase_order.decline': act('decline'),
  'purchase_order.cancel': act('cancel'),
  'purchase_order.deliver': act('deliver'),
  'purchase_order.close': act('close'),
};
