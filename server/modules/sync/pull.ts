/**
 * The change feed. A pull reads the change rows after the cursor
 * that are addressed to everyone, to the caller's role or to the caller, and answers each
 * changed object with its current state as the REST API would present it to this caller,
 * or a delete when it is gone or no longer visible to them. Rows are read by `pos`, the
 * position they got at commit in commit order (changes_number_at_commit in migrations/functions.ts),
 * so the cursor, the last position served, never skips a change.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { accountTag, decodeCursorParts, encodeCursor, type Change, type PullResponse, type SyncEntity } from '../../../shared/sync';
import type { LoaderTable } from './contracts';

interface ChangeRow {
  pos: number;
  entity: SyncEntity;
  entity_id: string;
  op: 'upsert' | 'delete';
}

/** Below this position deletes may have been pruned: such a cursor must start again. */
async function logHorizon(knex: Knex): Promise<number> {
  const row = await knex('sync_state').where({ id: 1 }).first('pruned_pos');
  return Number(row?.pruned_pos ?? 0);
}

/**
 * One index range scan per audience (all, role, user), merged by position: the cost
 * follows the changes this user receives, not the size of the log.
 */
function audienceScans(knex: Knex, user: SessionUser, after: number, entities: SyncEntity[] | undefined) {
  const scan = (type: string, audience: string | null) => {
    const q = knex('changes').where('audience_type', type).andWhere('pos', '>', after);
    if (audience === null) q.whereNull('audience');
    else q.andWhere('audience', audience);
    if (entities) q.whereIn('entity', entities);
    return q;
  };
  // A driver's device holds their deliveries and notifications only: the catalogue and the
  // plans (prices all) are not their business, so nothing addressed to everyone reaches it.
  if (user.role === 'driver') return [scan('user', user.account_id)];
  const parts = [scan('all', null), scan('user', user.account_id)];
  if (user.role) parts.push(scan('role', user.role));
  return parts;
}

function changesFor(knex: Knex, user: SessionUser, after: number, limit: number, entities?: SyncEntity[]): Promise<ChangeRow[]> {
  const parts = audienceScans(knex, user, after, entities).map((q) => q.select('pos', 'entity', 'entity_id', 'op').orderBy('pos').limit(limit));
  return knex.select('*').from(knex.unionAll(parts, true).as('c')).orderBy('pos').limit(limit) as unknown as Promise<ChangeRow[]>;
}

/** How many change rows a first sync will read: for its progress bar (an upper bound, superseded rows included). */
async function countChanges(knex: Knex, user: SessionUser, entities?: SyncEntity[]): Promise<number> {
  let total = 0;
  for (const q of audienceScans(knex, user, 0, entities)) total += Number((await q.count({ n: '*' }).first())?.n ?? 0);
  return total;
}

/**
 * The last mutation of this client the server has applied. Read BEFORE the changes: every
 * mutation up to it committed before the changes are read, so the rows a pull returns
 * already include their effects (the client replays only its later mutations over them).
 */
async function lastMutationOf(knex: Knex, user: SessionUser, clientId: string): Promise<number> {
  const row = await knex('sync_clients').where({ id: clientId, user_id: user.id }).first('last_mutation_id');
  return Number(row?.last_mutation_id ?? 0);
}

export interface PullOptions {
  cursor?: string;
  limit: number;
  clientId?: string;
  entities?: SyncEntity[];
  /** the app's time, for the loaders (what a row shows that depends on it) */
  now: Date;
}

export async function pull(knex: Knex, loaders: LoaderTable, user: SessionUser, options: PullOptions): Promise<PullResponse> {
  const { limit, clientId, entities } = options;
  const { pos: after, scratchHorizon, account } = decodeCursorParts(options.cursor);
  // Read as another account (the person joined or left a company since): start again.
  if (after > 0 && account !== undefined && account !== accountTag(user.account_id)) return { reset: true };
  const horizon = await logHorizon(knex);
  // Below the horizon only a read that started from scratch under this same horizon may go on.
  const fromScratch = after === 0 || scratchHorizon !== undefined;
  if (after > 0 && after < horizon && scratchHorizon !== horizon) return { reset: true };
  const cursorAt = (pos: number) => encodeCursor(pos, fromScratch && pos < horizon ? horizon : undefined, user.account_id);

  const lastMutationId = clientId ? { last_mutation_id: await lastMutationOf(knex, user, clientId) } : {};
  const remaining = after === 0 ? { remaining: await countChanges(knex, user, entities) } : {};
  const rows = await changesFor(knex, user, after, limit + 1, entities);
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  if (!page.length) return { changes: [], cursor: cursorAt(Math.max(after, horizon)), has_more: false, ...lastMutationId, ...remaining };

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
    for (const row of await load(knex, user, ids, options.now)) current.set(`${entity}:${row.id}`, row);
  }

  const changes: Change[] = [];
  for (const [key, r] of last) {
    const data = current.get(key);
    // The loaders present each entity's rows as its REST route does, so `data` is the
    // entity's row (SYNC_ROWS); server/modules/sync/pull-rows.test.ts parses a feed of every entity.
    changes.push(data ? ({ entity: r.entity, id: r.entity_id, op: 'upsert', data } as Change) : { entity: r.entity, id: r.entity_id, op: 'delete' });
  }
  // At the end of the feed the cursor may jump to the horizon: nothing is left below it.
  const lastPos = Number(page[page.length - 1].pos);
  return { changes, cursor: cursorAt(hasMore ? lastPos : Math.max(lastPos, horizon)), has_more: hasMore, ...lastMutationId, ...remaining };
}
