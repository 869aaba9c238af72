/**
 * Local effects of purchase requests (see types.ts), as the server decides them
 * (server/modules/purchase-requests/service.ts), by the same pure rules
 * (shared/approval-levels.ts) over the site's levels the device holds:
 * - a new request is the row the server will answer: pending, its lines numbered as sent,
 *   its amount with VAT (unknown when a line is unpriced), its level amount summing the
 *   site's live requests of the 24 hours before on a shared budget line, the levels that
 *   amount needs and who waits; approved at once when it needs none. Its number is the
 *   server's to give (per company and year), so it stays empty until the server's row;
 * - an approval at the next level adds the person's decision and moves on to the level
 *   after it, or approves the request when none is left; a rejection ends it with its reason.
 * The server decides again when the write arrives (the rules as they are then); a refusal
 * (not_an_approver, level_decided, request_not_pending) drops the optimistic row.
 */
import { levelAmount, nextLevel, requestAmount, requiredLevels, splitKey, waitingFor, type ApprovalLevel } from '../../../shared/approval-levels';
import { rowKey, type EffectContext } from '../db/schema';
import { getRow, keysWhere, patchRow, rowsOf, setRow, type EffectTable, type LocalEffect, type Row, type RowMap } from './types';

type PurchaseRequests = Pick<EffectTable, 'purchase_request.create' | 'purchase_request.approve' | 'purchase_request.reject'>;
type Request = Row<'purchase_request'>;

/** Who acts: the person, not their company's account (an approver is a person). */
const actorOf = (ctx: EffectContext): string => ctx.person_id ?? ctx.user_id;

/** A request still live for the split rule: neither rejected nor cancelled. */
const live = (r: Request) => r.status === 'pending' || r.status === 'approved';

const create: LocalEffect<'purchase_request.create'> = {
  keys: async (args, read) => [rowKey('site', args.site_id), rowKey('purchase_request', args.id), ...(await keysWhere(read, 'purchase_request', 'site_id', args.site_id))],
  apply(args, rows, ctx) {
    const site = getRow(rows, 'site', args.site_id);
    // The same id again is the same request: the server answers the stored one.
    if (!site || getRow(rows, 'purchase_request', args.id)) return;
    const amount = requestAmount(args.lines);
    const keys = args.lines.map(splitKey);
    const others = rowsOf(rows, 'purchase_request')
      .filter((r) => r.site_id === site.id && r.id !== args.id && live(r))
      .map((r) => ({ amount: r.amount, created_at: r.created_at, keys: r.lines.map(splitKey) }));
    const level = levelAmount({ amount, created_at: ctx.now, keys }, others);
    const required = requiredLevels(site.levels, level);
    const next = nextLevel(required, []);
    setRow(rows, 'purchase_request', {
      id: args.id,
      number: '',
      site_id: site.id,
      site_name: site.name,
      requested_by: actorOf(ctx),
      requested_by_name: ctx.person_name ?? null,
      needed_by: args.needed_by ?? null,
      note: args.note ?? null,
      status: next === null ? 'approved' : 'pending',
      amount,
      level_amount: level,
      reason: null,
      decided_at: next === null ? ctx.now : null,
      lines: args.lines.map((l, i) => ({
        id: l.id,
        position: i + 1,
        budget_line_id: l.budget_line_id ?? null,
        description: l.description,
        quantity: l.quantity,
        unit: l.unit,
        estimated_unit_price: l.estimated_unit_price ?? null,
      })),
      approvals: [],
      required_levels: required,
      next_level: next,
      waiting_for: waitingFor(site.levels, next),
      created_at: ctx.now,
      updated_at: ctx.now,
    });
  },
};

/** The site's levels as the device holds them (null when it holds no such site). */
const levelsOf = (rows: RowMap, request: Request): readonly ApprovalLevel[] | null => getRow(rows, 'site', request.site_id)?.levels ?? null;

const approve: LocalEffect<'purchase_request.approve'> = {
  keys: async (args, read) => {
    const request = (await read.get(rowKey('purchase_request', args.id))) as Request | undefined;
    return [rowKey('purchase_request', args.id), ...(request ? [rowKey('site', request.site_id)] : [])];
  },
  apply(args, rows, ctx) {
    const request = getRow(rows, 'purchase_request', args.id);
    if (!request || request.status !== 'pending') return;
    // The rules as they are now, as the server reads them at the decision: the site's levels over the request's level amount.
    const levels = levelsOf(rows, request);
    const required = levels ? requiredLevels(levels, request.level_amount) : request.required_levels;
    const level = nextLevel(required, request.approvals);
    const approvals =
      level === null
        ? request.approvals
        : [...request.approvals, { level, decision: 'approved' as const, decided_by: actorOf(ctx), decided_by_name: ctx.person_name ?? null, reason: null, decided_at: ctx.now }];
    const next = nextLevel(required, approvals);
    patchRow(
      rows,
      'purchase_request',
      request.id,
      {
        approvals,
        required_levels: required,
        next_level: next,
        waiting_for: levels ? waitingFor(levels, next) : [],
        ...(next === null ? { status: 'approved' as const, decided_at: ctx.now } : {}),
      },
      ctx,
    );
  },
};

const reject: LocalEffect<'purchase_request.reject'> = {
  keys: async (args) => [rowKey('purchase_request', args.id)],
  apply(args, rows, ctx) {
    const request = getRow(rows, 'purchase_request', args.id);
    if (!request || request.status !== 'pending') return;
    const level = request.next_level;
    const approvals =
      level === null
        ? request.approvals
        : [...request.approvals, { level, decision: 'rejected' as const, decided_by: actorOf(ctx), decided_by_name: ctx.person_name ?? null, reason: args.reason, decided_at: ctx.now }];
    patchRow(rows, 'purchase_request', request.id, { status: 'rejected', reason: args.reason, decided_at: ctx.now, approvals, next_level: null, waiting_for: [] }, ctx);
  },
};

export const purchaseRequestEffects: PurchaseRequests = { 'purchase_request.create': create, 'purchase_request.approve': approve, 'purchase_request.reject': reject };
