/**
 * Local effects of purchase-order actions and goods receipts (see types.ts): the status each
 * action leads to (PURCHASE_ORDER_ACTIONS); a close-short cancels what is open of each
 * line; a receipt is the row the server will answer, and moves the order's lines and
 * status as the server does (openQuantity: nothing open, received; else partially received).
 */
import { PURCHASE_ORDER_ACTIONS, type PurchaseOrderAction } from '../../../shared/schemas/purchase-order';
import { openQuantity } from '../../../shared/schemas/goods-receipt';
import { roundStock } from '../../../shared/numbers';
import { rowKey } from '../db/schema';
import { getRow, patchRow, setRow, type EffectTable, type LocalEffect } from './types';

type PurchaseOrders = Pick<EffectTable, `purchase_order.${PurchaseOrderAction}` | 'goods_receipt.record'>;

function act(action: Exclude<PurchaseOrderAction, 'close_short'>): LocalEffect<`purchase_order.${typeof action}`> {
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

const closeShort: LocalEffect<'purchase_order.close_short'> = {
  keys: async (args) => [rowKey('purchase_order', args.id)],
  apply(args, rows, ctx) {
    const po = getRow(rows, 'purchase_order', args.id);
    if (!po) return;
    const lines = po.lines.map((l) => ({ ...l, cancelled_quantity: roundStock(l.cancelled_quantity + openQuantity(l)) }));
    patchRow(rows, 'purchase_order', args.id, { status: 'closed', lines }, ctx);
  },
};

const recordReceipt: LocalEffect<'goods_receipt.record'> = {
  keys: async (args) => [rowKey('purchase_order', args.purchase_order_id), rowKey('goods_receipt', args.id)],
  apply(args, rows, ctx) {
    const po = getRow(rows, 'purchase_order', args.purchase_order_id);
    if (!po || getRow(rows, 'goods_receipt', args.id)) return;
    const byLine = new Map(args.lines.map((l) => [l.purchase_order_line_id, l]));
    const lines = po.lines.map((l) => {
      const r = byLine.get(l.id);
      if (!r) return l;
      const rejected = r.rejected_quantity ?? 0;
      return {
        ...l,
        received_quantity: roundStock(l.received_quantity + r.received_quantity),
        rejected_quantity: roundStock(l.rejected_quantity + rejected),
        accepted_quantity: roundStock(l.accepted_quantity + r.received_quantity - rejected),
      };
    });
    const status = lines.every((l) => openQuantity(l) === 0) ? 'received' : 'partially_received';
    patchRow(rows, 'purchase_order', po.id, { lines, status }, ctx);
    setRow(rows, 'goods_receipt', {
      id: args.id,
      purchase_order_id: po.id,
      purchase_order_number: po.number,
      buyer_id: po.buyer_id,
      seller_id: po.seller_id,
      // The server names the person who counted; the device knows their name, not their user id.
      received_by: null,
      received_by_name: ctx.person_name ?? ctx.company_name,
      delivery_id: args.delivery_id ?? null,
      received_at: args.received_at ?? ctx.now,
      note: args.note ?? null,
      lines: po.lines.flatMap((l) => {
        const r = byLine.get(l.id);
        return r
          ? [
              {
                // The server's line id arrives with its row; until then the order line's stands in.
                id: l.id,
                purchase_order_line_id: l.id,
                position: l.position,
                description: l.description,
                unit: l.unit,
                received_quantity: r.received_quantity,
                rejected_quantity: r.rejected_quantity ?? 0,
                rejection_reason: r.rejection_reason ?? null,
                photo_ids: r.photo_ids ?? [],
              },
            ]
          : [];
      }),
      created_at: ctx.now,
      updated_at: ctx.now,
    });
  },
};

export const purchaseOrderEffects: PurchaseOrders = {
  'purchase_order.accept': act('accept'),
  'purchase_order.decline': act('decline'),
  'purchase_order.cancel': act('cancel'),
  'purchase_order.deliver': act('deliver'),
  'purchase_order.close': act('close'),
  'purchase_order.close_short': closeShort,
  'goods_receipt.record': recordReceipt,
};
