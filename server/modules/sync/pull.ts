/**
 * The change feed (DESIGN section 10). A pull reads the change rows after the cursor
 * that are addressed to everyone, to the caller's role or to the caller, and answers each
 * changed object with its current state as the REST API would present it to this caller,
 * or a delete when it is gone or no longer visible to them. Rows are read by `pos`, the
 * position they got at commit in commit order (see the changes_commit_order migration),
 * so the cursor, the last position served, never skips a change.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { decodeCursor, encodeCursor, type Change, type PullResponse, type SyncEntity } from '../../../shared/sync';
import type { LoaderTable } from './contracts';

interface ChangeRow {
  pos: number;
  entity: SyncEntity;
  entity_id: string;
  op: 'upsert' | 'delete';
}

/** Below this position deletes may have been pruned: such a cursor must start again. */
export async function logHorizon(knex: Knex): Promise<number> {
  const row = await knex('sync_state').where({ id: 1 }).first('pruned_pos');
  return Number(row?.pruned_pos ?? 0);
}

/**
 * One index range scan per audience (all, role, user), merged by position: the cost
 * follows the changes this user receives, not the size of the log.
 */
function changesFor(knex: Knex, user: SessionUser, after: number, limit: number): Promise<ChangeRow[]> {
  const scan = (type: string, audience: string | null) => {
    const q = knex('changes').select('pos', 'entity', 'entity_id', 'op').where('audience_type', type).andWhere('pos', '>', after);
    if (audience === null) q.whereNull('audience');
    else q.andWhere('audience', audience);
    return q.orderBy('pos').limit(limit);
  };
  const parts = [scan('all', null), scan('user', user.id)];
  if (user.role) parts.push(scan('role', user.role));
  return knex.select('*').from(knex.unionAll(parts, true).as('c')).orderBy('pos').limit(limit) as unknown as Promise<ChangeRow[]>;
}

export async function pull(knex: Knex, loaders: LoaderTable, user: SessionUser, cursor: string | undefined, limit: number): Promise<PullResponse> {
  const after = decodeCursor(cursor);
  if (after > 0 && after < (await logHorizon(knex))) return { reset: true };

  const rows = await changesFor(knex, user, after, limit + 1);
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  if (!page.length) return { changes: [], cursor: encodeCursor(after), has_more: false };

  // The last change of an object in this page decides where it goes in the answer.
  const last = new Map<string, ChangeRow>();
  for (const r of page) {
    const key = `${r.entity}:${r.entity_id}`;
    last.delete(key);
    last.set(key, r);
  }
  const wanted = new Map<SyncEntity, string[]>();
  for (const r of last.values()) if (r.op === 'upsert') (wanted.get(r.entity) ?? wanted.set(r.entity, []).get(r.entity)!).push(r.entity_id);

  const current = new Map<string, Record<string, unknown>>();
  for (const [entity, ids] of wanted) {
    const load = loaders[entity];
    if (!load) continue;
    for (const row of await load(knex, user, ids)) current.set(`${entity}:${row.id}`, row);
  }

  const changes: Change[] = [];
  for (const [key, r] of last) {
    const data = current.get(key);
    changes.push(data ? { entity: r.entity, id: r.entity_id, op: 'upsert', data } : { entity: r.entity, id: r.entity_id, op: 'delete' });
  }
  return { changes, cursor: encodeCursor(Number(page[page.length - 1].pos)), has_more: hasMore };
}
