/**
 * How purchase requests are read: the row as the API presents it, for REST, the sync loader
 * and the decisions alike. What a request still needs is never stored: each read takes the
 * site's approval levels as they are now, the request's level amount (its own amount and the
 * site's live requests of the 24 hours before it on a shared budget line, less the request an
 * order's approval was made from, whose amount the order's replaces) and its approvals,
 * and works out required_levels, next_level and waiting_for by the shared rule
 * (shared/approval-levels.ts), so rules the owner changes apply to requests already waiting.
 */
import type { Knex } from 'knex';
import { levelAmount, nextLevel, requiredLevels, SPLIT_WINDOW_MS, splitKey, waitingFor, type ApprovalLevel } from '../../../shared/approval-levels';
import type { PurchaseRequest } from '../../../shared/schemas/purchase-request';

/** Purchase requests (alias pr) with their site (alias s). */
export function purchaseRequestQuery(db: Knex) {
  return db('purchase_requests as pr')
    .join('sites as s', 's.id', 'pr.site_id')
    .join('users as ru', 'ru.id', 'pr.requested_by')
    .select(
      'pr.id',
      'pr.number',
      'pr.company_id',
      'pr.site_id',
      's.name as site_name',
      'pr.requested_by',
      db.raw(`nullif(trim(ru.name), '') as requested_by_name`),
      db.raw(`to_char(pr.needed_by, 'YYYY-MM-DD') as needed_by`),
      'pr.note',
      'pr.status',
      'pr.kind',
      'pr.source_request_id',
      db.raw('(select r.id from rfqs r where r.purchase_request_id = pr.id) as rfq_id'),
      db.raw('(select o.id from instant_orders o where o.purchase_request_id = pr.id) as instant_order_id'),
      db.raw(`coalesce((select json_agg(json_build_object('id', po.id, 'number', po.number, 'status', po.status, 'total', po.total) order by po.seq)
               from purchase_orders po where po.approval_request_id = pr.id), '[]'::json) as purchase_orders`),
      'pr.amount',
      'pr.reason',
      'pr.decided_at',
      db.raw(`coalesce((select json_agg(json_build_object('id', l.id, 'position', l.position, 'budget_line_id', l.budget_line_id, 'description', l.description,
                 'quantity', l.quantity, 'unit', l.unit, 'estimated_unit_price', l.estimated_unit_price) order by l.position)
               from purchase_request_lines l where l.purchase_request_id = pr.id), '[]'::json) as lines`),
      db.raw(`coalesce((select json_agg(json_build_object('level', a.level, 'decision', a.decision, 'decided_by', a.decided_by,
                 'decided_by_name', nullif(trim(du.name), ''), 'reason', a.reason, 'decided_at', a.decided_at) order by a.level)
               from purchase_request_approvals a join users du on du.id = a.decided_by where a.purchase_request_id = pr.id), '[]'::json) as approvals`),
      db.raw(`coalesce((select json_agg(json_build_object('up_to_amount', al.up_to_amount, 'approver_ids', to_json(al.approver_ids)) order by al.position)
               from site_approval_levels al where al.site_id = pr.site_id), '[]'::json) as levels`),
      // The site's other live requests of the window before this one, with the keys their lines count under (levelAmount picks those sharing one).
      db.raw(
        `coalesce((select json_agg(json_build_object('amount', o.amount, 'created_at', o.created_at,
                   'keys', (select json_agg(distinct coalesce(ol.budget_line_id::text, 'none')) from purchase_request_lines ol where ol.purchase_request_id = o.id)))
                 from purchase_requests o
                where o.site_id = pr.site_id and o.id <> pr.id and o.status in ('pending', 'approved')
                  and o.id is distinct from pr.source_request_id
                  and o.created_at <= pr.created_at and o.created_at >= pr.created_at - make_interval(secs => ?)), '[]'::json) as split_candidates`,
        [SPLIT_WINDOW_MS / 1000],
      ),
      'pr.created_at',
      'pr.updated_at',
    );
}

export type PurchaseRequestRow = Omit<PurchaseRequest, 'level_amount' | 'required_levels' | 'next_level' | 'waiting_for'> & {
  company_id: string;
  levels: Array<{ up_to_amount: number | string | null; approver_ids: string[] }>;
  split_candidates: Array<{ amount: number | string | null; created_at: string; keys: string[] | null }>;
};

const money = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** A request as read, with what it needs now; `levels` and `company_id` kept for the decisions. */
export type PurchaseRequestState = PurchaseRequest & { company_id: string; levels: ApprovalLevel[] };

/** Works out a row's level amount, required levels, next level and who may act now. */
export function withApprovalState(row: PurchaseRequestRow): PurchaseRequestState {
  const { split_candidates, levels: rawLevels, ...rest } = row;
  const levels: ApprovalLevel[] = rawLevels.map((l) => ({ up_to_amount: money(l.up_to_amount), approver_ids: l.approver_ids }));
  const lines = rest.lines.map((l) => ({ ...l, quantity: Number(l.quantity), estimated_unit_price: money(l.estimated_unit_price) }));
  const amount = money(rest.amount);
  const purchase_orders = rest.purchase_orders.map((po) => ({ ...po, total: Number(po.total) }));
  const level_amount = levelAmount(
    { amount, created_at: rest.created_at, keys: lines.map(splitKey) },
    split_candidates.map((o) => ({ amount: money(o.amount), created_at: o.created_at, keys: o.keys ?? [] })),
  );
  const required_levels = requiredLevels(levels, level_amount);
  const next_level = rest.status === 'pending' ? nextLevel(required_levels, rest.approvals) : null;
  return { ...rest, lines, purchase_orders, amount, level_amount, required_levels, next_level, waiting_for: waitingFor(levels, next_level), levels };
}

/** The rows of `q` with what each needs now. */
async function readPurchaseRequestStates(q: Knex.QueryBuilder): Promise<PurchaseRequestState[]> {
  return ((await q) as PurchaseRequestRow[]).map(withApprovalState);
}

/** The rows of `q` as the API presents them. */
export async function readPurchaseRequests(q: Knex.QueryBuilder): Promise<PurchaseRequest[]> {
  return (await readPurchaseRequestStates(q)).map(presented);
}

/** The API's row of a request's state: without the site's levels and the company, which the row does not carry. */
export function presented({ levels: _levels, company_id: _company, ...row }: PurchaseRequestState): PurchaseRequest {
  return row;
}

/** One request's state, read in a statement of its own (after a lock, it sees what was decided meanwhile). */
export async function stateOf(trx: Knex, id: string): Promise<PurchaseRequestState> {
  const [state] = await readPurchaseRequestStates(purchaseRequestQuery(trx).where('pr.id', id));
  return state;
}
