/**
 * Purchase requests: what a site asks its company to buy, and the approvals it goes
 * through by amount (shared/approval-levels.ts). One function per write, for REST and the
 * sync push alike, so neither door has a way around the rules:
 * - any member of the company raises a request on an active site of it; the device's id
 *   makes it once (the same id again answers the stored request); its lines' budget lines
 *   must be of that site, and ask no more than is left of them (within-budget.ts); it is
 *   numbered PR-YYYY-NNNNNN per company and year;
 * - raised under the site's row lock, so two requests split from one buy at the same
 *   moment are raised one after the other and the second sums the first for its level;
 * - a request that needs no level is approved at once; else the approvers of its next
 *   level are told it waits for them;
 * - each approval or rejection locks the request's row and decides by the rules as they are
 *   then: the site's levels now, the request's level amount now, its approvals so far. The
 *   caller must be an approver of the next required level; one decision a level and one a
 *   person; when no required level is left the request is approved, a rejection (with its
 *   reason) ends it; a request of kind order takes its orders with it (order-approval.ts).
 */
import type { Knex } from 'knex';
import { conflict, levelDecided, notAnApprover, notFound, requestNotPending, siteClosed, validationFailed, type ErrorDetails } from '../../../shared/errors';
import { nextLevel, requestAmount } from '../../../shared/approval-levels';
import { type PurchaseRequest, type PurchaseRequestCreate, type PurchaseRequestListQuery } from '../../../shared/schemas/purchase-request';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges } from '../../db/changes';
import { page, type Page } from '../../db/page';
import { notify } from '../notifications/notify';
import { purchaseRequestPolicy } from './policy';
import { raiseRequest } from './raise';
import { settleOrders } from './order-approval';
import { recordAudit } from '../audit/record';
import { assertWithinBudget } from './within-budget';
import { presented, purchaseRequestQuery, readPurchaseRequests, stateOf, withApprovalState, type PurchaseRequestRow, type PurchaseRequestState } from './queries';
import { tellWaiting } from './notices';

const NEWEST_FIRST = [
  { column: 'pr.created_at', order: 'desc' as const },
  { column: 'pr.id', order: 'desc' as const },
];

/** GET /api/purchase-requests: the company's requests, newest first; of one site, or only those waiting for the caller now. */
export async function listRequests(db: Knex, user: SessionUser, query: PurchaseRequestListQuery): Promise<Page<PurchaseRequest>> {
  const q = purchaseRequestPolicy.visible(purchaseRequestQuery(db), user);
  if (query.site_id) q.where('pr.site_id', query.site_id);
  if (query.waiting_for !== 'me') {
    const rows = await page<PurchaseRequestRow>(q, { ...query, orderBy: NEWEST_FIRST });
    return { ...rows, items: rows.items.map((r) => presented(withApprovalState(r))) };
  }
  // Who waits depends on the site's levels and amounts now: the pending requests of sites
  // where the caller approves at some level are read, and kept when the caller is awaited.
  q.where('pr.status', 'pending').whereExists(db('site_approval_levels as al').whereRaw('al.site_id = pr.site_id').whereRaw('? = any(al.approver_ids)', [user.id]));
  const waiting = (await readPurchaseRequests(q.orderBy(NEWEST_FIRST))).filter((r) => r.waiting_for.includes(user.id));
  return { items: waiting.slice(query.offset, query.offset + query.limit), total: waiting.length };
}

/** One request as its company sees it (404 to anyone else). */
export async function readRequest(db: Knex, user: SessionUser, id: string): Promise<PurchaseRequest> {
  const [row] = await readPurchaseRequests(purchaseRequestPolicy.visible(purchaseRequestQuery(db).where('pr.id', id), user));
  if (!row) throw notFound('Purchase request');
  return row;
}

/**
 * POST /api/purchase-requests and purchase_request.create: raises the request `input.id`,
 * or finds the one this id already raised (created false).
 */
export async function createRequest(trx: Knex.Transaction, user: SessionUser, input: PurchaseRequestCreate, now: Date): Promise<{ created: boolean }> {
  const site = await trx('sites').where({ id: input.site_id }).forUpdate().first('id', 'company_id', 'name', 'status');
  if (!site || site.company_id !== user.account_id) throw notFound('Site');
  // After the lock, in a statement of its own: a second send of the same request waits for the first and answers it.
  const existing = await trx('purchase_requests').where({ id: input.id }).first('company_id', 'site_id');
  if (existing) {
    if (existing.company_id !== user.account_id || existing.site_id !== site.id) throw conflict('This purchase request id belongs to another request');
    return { created: false };
  }
  if (site.status !== 'active') throw siteClosed();
  const named = [...new Set(input.lines.map((l) => l.budget_line_id).filter((id): id is string => !!id))];
  const ofSite = new Set<string>(named.length ? await trx('site_budget_lines').where({ site_id: site.id }).whereIn('id', named).pluck('id') : []);
  const errors: ErrorDetails = [];
  input.lines.forEach((l, i) => {
    if (l.budget_line_id && !ofSite.has(l.budget_line_id)) errors.push({ path: `lines.${i}.budget_line_id`, message: 'not a budget line of this site', code: 'not_of_site' });
  });
  if (errors.length) throw validationFailed('These budget lines are not lines of this site', errors);
  await assertWithinBudget(trx, user, site.id, input.lines);

  await raiseRequest(
    trx,
    {
      id: input.id,
      company_id: user.account_id,
      site_id: site.id,
      requested_by: user.id,
      kind: 'request',
      needed_by: input.needed_by,
      note: input.note,
      amount: requestAmount(input.lines),
      lines: input.lines,
    },
    now,
  );
  const state = await stateOf(trx, input.id);
  if (state.next_level === null) await trx('purchase_requests').where({ id: input.id }).update({ status: 'approved', decided_at: now.toISOString() });
  else await tellWaiting(trx, state, user.id);
  await recordChanges(trx, [{ entity: 'purchase_request', id: input.id, audiences: purchaseRequestPolicy.audiences(state) }]);
  return { created: true };
}

export type Decision = { decision: 'approved' } | { decision: 'rejected'; reason: string };

/**
 * POST /api/purchase-requests/{id}/approve and /reject, purchase_request.approve and
 * .reject: the caller's decision at the request's next required level, by the rules as
 * they are now, under the request's row lock.
 */
export async function decideRequest(trx: Knex.Transaction, user: SessionUser, id: string, decision: Decision, now: Date): Promise<PurchaseRequest> {
  const locked = await trx('purchase_requests').where({ id }).forUpdate().first('id', 'company_id');
  if (!locked || locked.company_id !== user.account_id) throw notFound('Purchase request');
  // Read after the lock, in statements of their own: a decision made meanwhile is seen.
  const state = await stateOf(trx, id);
  if (state.status !== 'pending') throw requestNotPending(`This purchase request is ${state.status} already`);
  assertMayDecide(state, user.id, decision.decision);
  const level = state.next_level;
  const at = now.toISOString();
  if (level !== null) {
    await trx('purchase_request_approvals').insert({
      purchase_request_id: id,
      level,
      decided_by: user.id,
      decision: decision.decision,
      reason: decision.decision === 'rejected' ? decision.reason : null,
      decided_at: at,
    });
  }
  const approvals = level === null ? state.approvals : [...state.approvals, { level, decision: decision.decision }];
  const next = decision.decision === 'approved' ? nextLevel(state.required_levels, approvals) : null;
  const done = decision.decision === 'rejected' ? 'rejected' : next === null ? 'approved' : null;
  await trx('purchase_requests')
    .where({ id })
    .update(done ? { status: done, decided_at: at, reason: decision.decision === 'rejected' ? decision.reason : null, updated_at: at } : { updated_at: at });
  await recordAudit(trx, {
    actor: user,
    action: decision.decision === 'approved' ? 'purchase_request.approve' : 'purchase_request.reject',
    record_type: 'purchase_request',
    record_id: id,
    changes: { level: [null, level], status: [state.status, done ?? state.status], reason: [null, decision.decision === 'rejected' ? decision.reason : null] },
  });
  if (done && state.kind === 'order') await settleOrders(trx, id, done, now, user);
  const after = await stateOf(trx, id);
  if (done === 'approved') {
    await notify(trx, { to: [after.requested_by], kind: 'purchase_request.approved', params: { number: after.number, site: after.site_name, purchase_request_id: id }, except: user.id });
  } else if (done === 'rejected' && decision.decision === 'rejected') {
    await notify(trx, {
      to: [after.requested_by],
      kind: 'purchase_request.rejected',
      params: { number: after.number, site: after.site_name, reason: decision.reason, purchase_request_id: id },
      except: user.id,
    });
  } else {
    await tellWaiting(trx, after, user.id);
  }
  await recordChanges(trx, [{ entity: 'purchase_request', id, audiences: purchaseRequestPolicy.audiences(after) }]);
  return presented(after);
}

/**
 * The caller may decide now only as an approver of the next required level, and only once
 * on a request. A request that needs no level any more (the rules changed while it waited)
 * is approved by any member's approval and rejected by nobody.
 */
function assertMayDecide(state: PurchaseRequestState, userId: string, decision: Decision['decision']): void {
  if (state.approvals.some((a) => a.decided_by === userId)) throw levelDecided('You decided this purchase request already: each approver decides once');
  if (state.next_level === null) {
    if (decision === 'approved') return;
    throw notAnApprover('This purchase request needs no approval under the rules now: nobody rejects it');
  }
  if (state.waiting_for.includes(userId)) return;
  const approvedLevels = new Set(state.approvals.map((a) => a.level));
  const decidedOwn = state.required_levels.some((level) => approvedLevels.has(level) && state.levels[level - 1]?.approver_ids.includes(userId));
  if (decidedOwn) throw levelDecided('Another approver of your level decided this purchase request first');
  throw notAnApprover();
}
