/**
 * The soak's exactly-once check: after the load, every mutation the server acknowledged
 * as applied is in its table exactly once (by the id the client chose, with its author),
 * nothing else is there (no row for a rejected, unanswered or repeated mutation), each
 * new bid or offer notified its recipient once, and sync_mutations holds one row per
 * acknowledged mutation with the result the client was given.
 *
 * A notification is matched to its write by what it carries: a supplier's response names
 * itself (order_response.new, response_id); a sealed bid names only its project
 * (tender.bid_received to the owner: project_id and the count, never the bid), so bids are
 * matched per project: as many notifications as bids acknowledged on it.
 */
import type { Knex } from 'knex';
import type { SentMutation } from './soak-users';

export interface Verdict {
  acked_applied: number;
  acked_rejected: number;
  /** sent again after a failed push (same client id and mutation id), then acknowledged */
  acked_after_resend: number;
  rejected_codes: Record<string, number>;
  unacknowledged: number;
  /** acknowledged as applied, row not found (or not the author's): a lost write */
  lost: number;
  /** rows with no acknowledged mutation behind them, and notifications beyond one per acknowledged write */
  duplicates: number;
  rows_in_tables: number;
  rejected_present: number;
  sync_mutations_rows: number;
  sync_mutations_missing: number;
  sync_mutations_result_mismatch: number;
  /** notifications of new bids, responses and offers beyond or short of one per acknowledged write */
  notifications_not_once: number;
}

const OWNER: Record<SentMutation['table'], string> = { bids: 'contractor_id', transport_offers: 'transport_company_id', instant_order_responses: 'supplier_id' };

export async function verify(knex: Knex, mutations: SentMutation[], clientIds: string[]): Promise<Verdict> {
  const applied = mutations.filter((m) => m.status === 'applied');
  const rejected = mutations.filter((m) => m.status === 'rejected');
  let lost = 0;
  let rows = 0;
  let rejectedPresent = 0;
  let unaccounted = 0;
  for (const t of Object.keys(OWNER) as Array<SentMutation['table']>) {
    const mine = applied.filter((m) => m.table === t);
    const found: Array<{ id: string; owner: string }> = await knex(t).select('id', `${OWNER[t]} as owner`);
    rows += found.length;
    const byId = new Map(found.map((r) => [r.id, r.owner]));
    lost += mine.filter((m) => byId.get(m.rowId) !== m.userId).length;
    rejectedPresent += rejected.filter((m) => m.table === t && byId.has(m.rowId)).length;
    const ackedIds = new Set(mine.map((m) => m.rowId));
    unaccounted += found.filter((r) => !ackedIds.has(r.id)).length; // the seed writes none of these tables
  }
  // One notification per new bid or response: a mutation applied twice would notify twice.
  const notes: Array<{ key: string; n: number }> = (
    await knex.raw(
      `select case kind when 'tender.bid_received' then 'project:' || (params->>'project_id')
                        else 'response:' || (params->>'response_id') end as key,
              count(*)::int as n
         from notifications where kind in ('tender.bid_received', 'order_response.new') group by 1`,
    )
  ).rows;
  const { extra, missing } = notificationsAgainstWrites(applied, notes);
  const transportNotes = Number((await knex('notifications').where({ kind: 'transport_offer.new' }).count<{ n: number }[]>('* as n'))[0].n);
  const transportApplied = applied.filter((m) => m.table === 'transport_offers').length;

  const stored: Array<{ client_id: string; mutation_id: number; status: string }> = (
    await knex.raw(
      `select client_id, mutation_id, result->>'status' as status from sync_mutations where client_id = any(?)`,
      [clientIds],
    )
  ).rows;
  const storedBy = new Map(stored.map((r) => [`${r.client_id}:${r.mutation_id}`, r.status]));
  const acked = [...applied, ...rejected];
  const rejectedCodes: Record<string, number> = {};
  for (const m of rejected) rejectedCodes[m.code ?? '?'] = (rejectedCodes[m.code ?? '?'] ?? 0) + 1;
  return {
    acked_applied: applied.length,
    acked_rejected: rejected.length,
    acked_after_resend: acked.filter((m) => m.sends > 1).length,
    rejected_codes: rejectedCodes,
    unacknowledged: mutations.length - acked.length,
    lost,
    duplicates: unaccounted + extra + Math.max(0, transportNotes - transportApplied),
    rows_in_tables: rows,
    rejected_present: rejectedPresent,
    sync_mutations_rows: stored.length,
    sync_mutations_missing: acked.filter((m) => !storedBy.has(`${m.clientId}:${m.id}`)).length,
    sync_mutations_result_mismatch: acked.filter((m) => storedBy.has(`${m.clientId}:${m.id}`) && storedBy.get(`${m.clientId}:${m.id}`) !== m.status).length,
    notifications_not_once: extra + missing + Math.abs(transportNotes - transportApplied),
  };
}

/** The key of the notification an applied write sends, as the query in verify makes it of the notification. */
const notificationKey = (m: SentMutation): string | null =>
  m.table === 'bids' ? `project:${String(m.args.project_id)}` : m.table === 'instant_order_responses' ? `response:${m.rowId}` : null;

/**
 * How many notifications of new bids and responses (`notes`: a count per key) there are
 * beyond, and short of, one per applied write.
 */
function notificationsAgainstWrites(applied: SentMutation[], notes: Array<{ key: string; n: number }>): { extra: number; missing: number } {
  const expected = new Map<string, number>();
  for (const m of applied) {
    const key = notificationKey(m);
    if (key) expected.set(key, (expected.get(key) ?? 0) + 1);
  }
  const found = new Map(notes.map((r) => [r.key, r.n]));
  let extra = 0;
  let missing = 0;
  for (const key of new Set([...expected.keys(), ...found.keys()])) {
    const diff = (found.get(key) ?? 0) - (expected.get(key) ?? 0);
    if (diff > 0) extra += diff;
    else missing -= diff;
  }
  return { extra, missing };
}
