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
 *   after it, or approves the request when none is left; a rejection ends it with its reason;
 * - an approved request becomes an RFQ (purchase_request.rfq) or, of one line, an instant
 *   order (purchase_request.instant_order): the new row rfq.create's or instant_order.create's
 *   effect writes, with the request's lines, site and budget lines carried over, and the
 *   request names what it became (rfq_id, instant_order_id), once.
 * The server decides again when the write arrives (the rules as they are then); a refusal
 * (not_an_approver, level_decided, request_not_pending, approval_required, request_converted) drops the optimistic row.
 */
import { levelAmount, nextLevel, requestAmount, requiredLevels, splitKey, waitingFor, type ApprovalLevel } from '../../../shared/approval-levels';
import { rowKey, type EffectContext, type RowKey } from '../db/schema';
import { newInstantOrderRow } from './instant-orders';
import { newRfqRow } from './rfqs';
import { getRow, keysWhere, patchRow, rowsOf, setRow, type EffectReader, type EffectTable, type LocalEffect, type Row, type RowMap } from './types';

type PurchaseRequests = Pick<
  EffectTable,
  'purchase_request.create' | 'purchase_request.approve' | 'purchase_request.reject' | 'purchase_request.rfq' | 'purchase_request.instant_order'
>;
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
      kind: 'request',
      source_request_id: null,
      rfq_id: null,
      instant_order_id: null,
      purchase_orders: [],
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

/** The request and its site: what a conversion reads (the site's location and its budget lines' categories). */
const requestAndSite = async (id: string, read: EffectReader): Promise<RowKey[]> => {
  const request = (await read.get(rowKey('purchase_request', id))) as Request | undefined;
  return [rowKey('purchase_request', id), ...(request ? [rowKey('site', request.site_id)] : [])];
};

/** An approved request of kind request not bought yet (the server refuses the rest: approval_required, request_converted). */
const convertible = (request: Request | null | undefined): request is Request =>
  !!request && request.kind === 'request' && request.status === 'approved' && request.rfq_id === null && request.instant_order_id === null;

/**
 * A request line as an RFQ's or an instant order's: the line's own id (a request is bought
 * once, so the id is the new line's too), its budget line, and that budget line's category.
 */
const carriedLines = (request: Request, site: Row<'site'> | null | undefined) => {
  const category = new Map((site?.budget_lines ?? []).map((b) => [b.id, b.category_id]));
  return [...request.lines]
    .sort((a, b) => a.position - b.position)
    .map((l) => ({
      id: l.id,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      budget_line_id: l.budget_line_id,
      category_id: (l.budget_line_id && category.get(l.budget_line_id)) || null,
      product_id: null,
    }));
};

/** The title and place a conversion takes unless given, as the server gives them: the request's number and site, the site's location. */
const defaultsOf = (request: Request, site: Row<'site'> | null | undefined) => ({ title: `${request.number} · ${request.site_name}`, location: site?.location ?? request.site_name });

const toRfq: LocalEffect<'purchase_request.rfq'> = {
  keys: async (args, read) => [rowKey('rfq', args.id), ...(await requestAndSite(args.purchase_request_id, read))],
  apply(args, rows, ctx) {
    const request = getRow(rows, 'purchase_request', args.purchase_request_id);
    if (getRow(rows, 'rfq', args.id) || !convertible(request)) return;
    const site = getRow(rows, 'site', request.site_id);
    const fallback = defaultsOf(request, site);
    setRow(
      rows,
      'rfq',
      newRfqRow(
        {
          id: args.id,
          title: args.title ?? fallback.title,
          location: args.location ?? fallback.location,
          needed_by: args.needed_by ?? request.needed_by,
          closes_at: args.closes_at,
          audience: args.audience,
          supplier_ids: args.supplier_ids,
          site_id: request.site_id,
          purchase_request_id: request.id,
          lines: carriedLines(request, site),
        },
        ctx,
      ),
    );
    patchRow(rows, 'purchase_request', request.id, { rfq_id: args.id }, ctx);
  },
};

const toInstantOrder: LocalEffect<'purchase_request.instant_order'> = {
  keys: async (args, read) => [rowKey('instant_order', args.id), ...(await requestAndSite(args.purchase_request_id, read))],
  apply(args, rows, ctx) {
    const request = getRow(rows, 'purchase_request', args.purchase_request_id);
    // An instant order buys one material: a request of several lines becomes an RFQ.
    if (getRow(rows, 'instant_order', args.id) || !convertible(request) || request.lines.length !== 1) return;
    const site = getRow(rows, 'site', request.site_id);
    const fallback = defaultsOf(request, site);
    const [line] = carriedLines(request, site);
    setRow(
      rows,
      'instant_order',
      newInstantOrderRow(
        {
          id: args.id,
          title: args.title ?? fallback.title,
          description: line.description,
          quantity: line.quantity,
          unit: line.unit,
          category_id: line.category_id,
          location: args.location ?? fallback.location,
          urgency_level: args.urgency_level,
          budget_range_min: args.budget_range_min,
          budget_range_max: args.budget_range_max,
          delivery_deadline: args.delivery_deadline,
          site_id: request.site_id,
          budget_line_id: line.budget_line_id,
          purchase_request_id: request.id,
        },
        ctx,
      ),
    );
    patchRow(rows, 'purchase_request', request.id, { instant_order_id: args.id }, ctx);
  },
};

export const purchaseRequestEffects: PurchaseRequests = {
  'purchase_request.create': create,
  'purchase_request.approve': approve,
  'purchase_request.reject': reject,
  'purchase_request.rfq': toRfq,
  'purchase_request.instant_order': toInstantOrder,
};
