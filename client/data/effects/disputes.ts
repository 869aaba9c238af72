/**
 * Local effects of disputes (see types.ts), as the server moves them
 * (server/modules/disputes/service.ts): an opened dispute is the row the server will answer,
 * open and due in 3 working days in Riyadh; an answer moves it to accepted (with its
 * remedy) or rejected (with the reason). The credit note's number, the evidence photos and
 * a redelivery's reopened quantity arrive with the server's rows.
 */
import { DISPUTE_ANSWER_WORKING_DAYS } from '../../../shared/schemas/dispute';
import { addWorkingDays } from '../../../shared/riyadh';
import { rowKey } from '../db/schema';
import { getRow, patchRow, setRow, type EffectTable, type LocalEffect } from './types';

type Disputes = Pick<EffectTable, 'dispute.open' | 'dispute.accept' | 'dispute.reject'>;

const open: LocalEffect<'dispute.open'> = {
  keys: async (args) => [rowKey('purchase_order', args.purchase_order_id), rowKey('dispute', args.id)],
  apply(args, rows, ctx) {
    const po = getRow(rows, 'purchase_order', args.purchase_order_id);
    if (!po || getRow(rows, 'dispute', args.id)) return;
    const byLine = new Map(args.lines.map((l) => [l.purchase_order_line_id, l]));
    setRow(rows, 'dispute', {
      id: args.id,
      purchase_order_id: po.id,
      purchase_order_number: po.number,
      buyer_id: po.buyer_id,
      buyer_name: po.buyer_name,
      seller_id: po.seller_id,
      seller_name: po.seller_name,
      reason: args.reason,
      lines: po.lines.flatMap((l) => {
        const d = byLine.get(l.id);
        // The server's line id arrives with its row; until then the order line's stands in.
        return d ? [{ id: l.id, purchase_order_line_id: l.id, position: l.position, description: l.description, unit: l.unit, quantity: d.quantity, unit_price: d.unit_price ?? null, order_unit_price: l.unit_price }] : [];
      }),
      photo_ids: args.photo_ids ?? [],
      evidence_photo_ids: [],
      status: 'open',
      remedy: null,
      answer: null,
      answered_at: null,
      credit_note_id: null,
      credit_note_number: null,
      due_at: addWorkingDays(ctx.now, DISPUTE_ANSWER_WORKING_DAYS).toISOString(),
      overdue: false,
      created_at: ctx.now,
      updated_at: ctx.now,
    });
  },
};

const accept: LocalEffect<'dispute.accept'> = {
  keys: async (args) => [rowKey('dispute', args.id)],
  apply: (args, rows, ctx) => patchRow(rows, 'dispute', args.id, { status: 'accepted', remedy: args.remedy, answered_at: ctx.now, overdue: false }, ctx),
};

const reject: LocalEffect<'dispute.reject'> = {
  keys: async (args) => [rowKey('dispute', args.id)],
  apply: (args, rows, ctx) => patchRow(rows, 'dispute', args.id, { status: 'rejected', answer: args.reason, answered_at: ctx.now, overdue: false }, ctx),
};

export const disputeEffects: Disputes = { 'dispute.open': open, 'dispute.accept': accept, 'dispute.reject': reject };
