/**
 * The local half of sync, all inside Dexie transactions:
 * - a local write: mutation id, the rows' pre-images to `base`, the optimistic effect on
 *   the visible tables and the outbox row, in ONE transaction;
 * - a pulled page: rows nobody pending touches go straight to the visible tables; the
 *   others go to `base` and the pending mutations are replayed over them;
 * - answers of the push: acked (kept until a pull reflects them), rejected (moved to
 *   `rejections`, its rows recomputed without it);
 * - confirmation at the end of a pull: acked mutations the server's rows already reflect
 *   leave the outbox, and `base` rows nothing refers to any more go.
 *
 * Visible row = base row with the outbox mutations after its `as_of` replayed over it, in
 * id order. `as_of` is the last of this client's mutations the base row already includes
 * (the pull says so in last_mutation_id), so a mutation is never applied twice locally.
 */
import { MUTATIONS, type MutationArgs, type MutationInput, type MutationName } from '../../../shared/mutations';
import { SYNC_ENTITIES, type Change, type MutationResult, type SyncEntity } from '../../../shared/sync';
import type { BinaaDb } from '../db/database';
import { parseKey, rowKey, type AnyRow, type BaseRow, type EffectContext, type RowKey, type UploadRow } from '../db/schema';
import { EFFECTS, EFFECT_ENTITIES } from '../effects';
import type { EffectReader, LocalEffect, RowMap } from '../effects/types';

const effectOf = (name: MutationName) => EFFECTS[name] as unknown as LocalEffect<MutationName>;

function reader(db: BinaaDb): EffectReader {
  return {
    get: async (key) => {
      const { entity, id } = parseKey(key);
      return db.anyEntityTable(entity).get(id);
    },
    where: (entity, index, value) => db.anyEntityTable(entity).where(index).equals(value).toArray(),
    all: (entity) => db.anyEntityTable(entity).toArray(),
  };
}

/** A row as stored: stamped with the generation that wrote it. */
const stamped = (row: AnyRow, generation: number): AnyRow => ({ ...row, _gen: generation });

const sameRow = (a: AnyRow | null | undefined, b: AnyRow | null | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Groups keys by entity: each table is then read or written in one request, not one per row. */
function byEntity<T>(entries: Iterable<[RowKey, T]>): Map<SyncEntity, Array<{ id: string; key: RowKey; value: T }>> {
  const groups = new Map<SyncEntity, Array<{ id: string; key: RowKey; value: T }>>();
  for (const [key, value] of entries) {
    const { entity, id } = parseKey(key);
    (groups.get(entity) ?? groups.set(entity, []).get(entity)!).push({ id, key, value });
  }
  return groups;
}

async function readRows(db: BinaaDb, keys: Iterable<RowKey>): Promise<RowMap> {
  const rows: RowMap = new Map();
  const groups = byEntity([...keys].map((k) => [k, null] as [RowKey, null]));
  await Promise.all(
    [...groups].map(async ([entity, items]) => {
      const found = await db.anyEntityTable(entity).bulkGet(items.map((i) => i.id));
      items.forEach((item, i) => rows.set(item.key, found[i] ?? null));
    }),
  );
  return rows;
}

async function writeRows(db: BinaaDb, rows: RowMap, generation: number, before?: RowMap): Promise<void> {
  const changed = [...rows].filter(([key, row]) => !before || !sameRow(before.get(key), row));
  await Promise.all(
    [...byEntity(changed)].map(async ([entity, items]) => {
      const table = db.anyEntityTable(entity);
      const puts = items.filter((i) => i.value).map((i) => stamped(i.value!, generation));
      const deletes = items.filter((i) => !i.value).map((i) => i.id);
      await Promise.all([puts.length ? table.bulkPut(puts) : undefined, deletes.length ? table.bulkDelete(deletes) : undefined]);
    }),
  );
}

export class ValidationFailed extends Error {
  constructor(readonly issues: Array<{ path: string; message: string }>) {
    super('validation_failed');
  }
}

/** Parses a mutation's input with its shared schema (the server parses it the same way). */
function parseArgs<N extends MutationName>(name: N, input: MutationInput<N>): MutationArgs<N> {
  const parsed = MUTATIONS[name].schema.safeParse(input);
  if (!parsed.success) {
    throw new ValidationFailed(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  }
  return parsed.data as MutationArgs<N>;
}

/** A committed local write: its mutation id, the keys of its outbox row and the rows it touched as it left them (null: none). */
export interface LocalWrite {
  id: number;
  keys: RowKey[];
  rows: RowMap;
}

/**
 * A local write: one transaction allocates the mutation id, keeps the rows' pre-images,
 * applies the effect and adds the outbox row. Resolves once committed to the mutation id
 * and the rows as stored, which a screen can show before its live query reads them again.
 */
export async function writeLocalRows<N extends MutationName>(
  db: BinaaDb,
  name: N,
  input: MutationInput<N>,
  ctx: EffectContext,
  /** Files the mutation names (a delivery's signature and photos), stored with it or not at all. */
  uploads: readonly UploadRow[] = [],
): Promise<LocalWrite> {
  const args = parseArgs(name, input) as Record<string, unknown>;
  const effect = effectOf(name);
  // The entity tables first: at commit Dexie runs the affected live queries again in the
  // order of this list, so the rows the person just changed are read before the outbox
  // (whose "waiting to send" marks can come a moment later).
  const tables = [...EFFECT_ENTITIES[name].map((e) => db.anyEntityTable(e)), db.meta, db.base, db.outbox, ...(uploads.length ? [db.uploads] : [])];
  // As few round trips as the transaction allows: a local write is what a person waits on.
  // One for the reads (the engine's counters, the rows and their pre-images: an effect
  // that needs no read to name its keys names them before the counters are back), one
  // for the writes. (Not an explicit commit() right after asking for the writes: Dexie
  // handles a failed request itself and then aborts, which a commit already asked for
  // would no longer allow, and part of the write would be stored.)
  return db.transaction('rw', tables, async () => {
    const counters = db.meta.bulkGet(['next_mutation_id', 'generation']);
    const keys = [...new Set(await effect.keys(args as never, reader(db), ctx))];
    const [[next, gen], rows, bases] = await Promise.all([counters, readRows(db, keys), db.base.bulkGet(keys)]);
    const id = (next?.value as number | undefined) ?? 1;
    const preImages = keys.filter((_, i) => !bases[i]).map((key) => ({ key, row: rows.get(key) ?? null, as_of: id - 1 }));
    const before = new Map(rows);
    effect.apply(args as never, rows, ctx);
    await Promise.all([
      preImages.length ? db.base.bulkPut(preImages) : undefined,
      writeRows(db, rows, (gen?.value as number | undefined) ?? 0, before),
      db.outbox.add({ id, name, args, keys, ctx, status: 'pending', created_at: ctx.now }),
      db.setMeta('next_mutation_id', id + 1),
      uploads.length ? db.uploads.bulkAdd([...uploads]) : undefined,
    ]);
    return { id, keys, rows };
  });
}

/** A row a prediction needs and the screen does not hold: the write is then shown once stored. */
class NotHeld extends Error {}

/** Reads only the rows a screen holds (`held`: null for one it knows is absent). */
function heldReader(held: RowMap): EffectReader {
  return {
    get: async (key) => {
      if (!held.has(key)) throw new NotHeld(key);
      return held.get(key) ?? undefined;
    },
    where: () => Promise.reject(new NotHeld('where')),
    all: () => Promise.reject(new NotHeld('all')),
  };
}

/**
 * A local write as writeLocalRows will store it, computed from rows a screen already holds
 * instead of read from IndexedDB: the same parse and the same effect over the same rows,
 * so the screen can show it in the tap's own task, before the transaction's round trips,
 * and the stored write that follows finds what was shown. Null when the effect needs a row
 * the screen does not hold (it is then shown once stored). Throws ValidationFailed as the
 * write would.
 */
export async function predictLocalRows<N extends MutationName>(name: N, input: MutationInput<N>, ctx: EffectContext, held: RowMap): Promise<Omit<LocalWrite, 'id'> | null> {
  const args = parseArgs(name, input) as Record<string, unknown>;
  const effect = effectOf(name);
  let keys: RowKey[];
  try {
    keys = [...new Set(await effect.keys(args as never, heldReader(held), ctx))];
  } catch (err) {
    if (err instanceof NotHeld) return null;
    throw err;
  }
  if (keys.some((key) => !held.has(key))) return null;
  // Copies: the effect builds new rows, but the screen's own objects must never change under it.
  const rows: RowMap = new Map(keys.map((key) => [key, structuredClone(held.get(key) ?? null)]));
  effect.apply(args as never, rows, ctx);
  return { keys, rows };
}

/**
 * Recomputes the visible rows of `keys` (and of every row a mutation touching them also
 * touches) from `base` and the outbox. Runs inside the caller's transaction.
 */
async function recompute(db: BinaaDb, keys: Iterable<RowKey>, generation: number): Promise<void> {
  const pending = await db.outbox.orderBy('id').toArray();
  const closure = new Set<RowKey>(keys);
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of pending) {
      if (!m.keys.some((k) => closure.has(k))) continue;
      for (const k of m.keys) {
        if (closure.has(k)) continue;
        closure.add(k);
        grew = true;
      }
    }
  }
  if (!closure.size) return;
  const bases = new Map<RowKey, BaseRow>();
  for (const key of closure) {
    const base = await db.base.get(key);
    if (base) bases.set(key, base);
  }
  const current = await readRows(db, closure);
  // Rows without a base (nothing pending refers to them) stay as they are.
  const working: RowMap = new Map([...closure].filter((k) => bases.has(k)).map((k) => [k, bases.get(k)!.row]));
  for (const m of pending) {
    if (!m.keys.some((k) => working.has(k))) continue;
    const rows: RowMap = new Map(m.keys.map((k) => [k, working.has(k) ? working.get(k)! : (current.get(k) ?? null)]));
    effectOf(m.name).apply(m.args as never, rows, m.ctx);
    for (const [k, row] of rows) if (working.has(k) && bases.get(k)!.as_of < m.id) working.set(k, row);
  }
  await writeRows(db, working, generation, current);
}

/** Drops `base` rows that no outbox row refers to any more. */
async function dropUnreferencedBase(db: BinaaDb): Promise<void> {
  const referenced = new Set((await db.outbox.toArray()).flatMap((m) => m.keys));
  const stale = (await db.base.toCollection().primaryKeys()).filter((k) => !referenced.has(k as RowKey));
  if (stale.length) await db.base.bulkDelete(stale);
}

/**
 * Applies one pulled page in one transaction, with the meta updates (cursor) of the
 * caller, so a killed tab refetches the page instead of skipping it.
 */
export async function applyPulledPage(
  db: BinaaDb,
  changes: Change[],
  lastMutationId: number,
  generation: number,
  meta: Record<string, unknown>,
): Promise<void> {
  await db.transaction('rw', db.syncTables(), async () => {
    const outboxKeys = new Set((await db.outbox.toArray()).flatMap((m) => m.keys));
    const dirty: RowKey[] = [];
    const puts = new Map<SyncEntity, AnyRow[]>();
    const deletes = new Map<SyncEntity, string[]>();
    for (const change of changes) {
      const key = rowKey(change.entity, change.id);
      const row: AnyRow | null = change.op === 'upsert' ? { ...change.data, id: change.id } : null;
      if (outboxKeys.has(key)) {
        await db.base.put({ key, row: row ? stamped(row, generation) : null, as_of: lastMutationId });
        dirty.push(key);
      } else if (row) {
        (puts.get(change.entity) ?? puts.set(change.entity, []).get(change.entity)!).push(stamped(row, generation));
      } else {
        (deletes.get(change.entity) ?? deletes.set(change.entity, []).get(change.entity)!).push(change.id);
      }
    }
    for (const [entity, rows] of puts) await db.anyEntityTable(entity).bulkPut(rows);
    for (const [entity, ids] of deletes) await db.anyEntityTable(entity).bulkDelete(ids);
    await recompute(db, dirty, generation);
    for (const [key, value] of Object.entries(meta)) await db.setMeta(key as never, value);
  });
}

/** The push answered: applied ones wait for a pull to reflect them; rejected ones leave with their reason. */
export async function applyPushResults(db: BinaaDb, results: MutationResult[], now: string): Promise<{ applied: number; rejected: number }> {
  let applied = 0;
  let rejected = 0;
  await db.transaction('rw', db.syncTables(), async () => {
    const generation = (await db.getMeta<number>('generation')) ?? 0;
    const touched: RowKey[] = [];
    for (const result of results) {
      const m = await db.outbox.get(result.id);
      if (!m) continue;
      if (result.status === 'applied') {
        if (m.status !== 'acked') await db.outbox.update(m.id, { status: 'acked' });
        applied += 1;
        continue;
      }
      rejected += 1;
      await db.outbox.delete(m.id);
      await db.rejections.put({
        id: m.id,
        name: m.name,
        args: m.args,
        keys: m.keys,
        code: result.code ?? 'internal_error',
        error: result.error ?? '',
        ...(result.details ? { details: result.details } : {}),
        created_at: m.created_at,
        at: now,
      });
      touched.push(...m.keys);
    }
    if (touched.length) {
      await recompute(db, touched, generation);
      await dropUnreferencedBase(db);
    }
  });
  return { applied, rejected };
}

/**
 * The end of a pull that read the feed to its end: the server's rows now include every
 * mutation up to `lastMutationId`, so acked ones up to it leave the outbox.
 */
export async function confirmThrough(db: BinaaDb, lastMutationId: number): Promise<void> {
  await db.transaction('rw', db.syncTables(), async () => {
    const done = await db.outbox.where('status').equals('acked').filter((m) => m.id <= lastMutationId).toArray();
    if (!done.length) return;
    const generation = (await db.getMeta<number>('generation')) ?? 0;
    await db.outbox.bulkDelete(done.map((m) => m.id));
    await recompute(db, done.flatMap((m) => m.keys), generation);
    await dropUnreferencedBase(db);
  });
}

/**
 * A reset finished pulling everything again under `generation`: rows of older generations
 * are gone from the server's view, except rows pending mutations still hold.
 */
export async function finishReset(db: BinaaDb, generation: number, lastMutationId: number): Promise<void> {
  await db.transaction('rw', db.syncTables(), async () => {
    const outboxKeys = new Set((await db.outbox.toArray()).flatMap((m) => m.keys));
    for (const entity of SYNC_ENTITIES) {
      const table = db.anyEntityTable(entity);
      const old = await table.where('_gen').below(generation).primaryKeys();
      const drop = old.filter((id) => !outboxKeys.has(rowKey(entity, id)));
      if (drop.length) await table.bulkDelete(drop);
    }
    // A server copy that did not come again is no longer there.
    const staleBase = (await db.base.toArray()).filter((b) => b.row && Number(b.row._gen ?? 0) < generation);
    for (const b of staleBase) await db.base.put({ ...b, row: null, as_of: lastMutationId });
    await recompute(db, staleBase.map((b) => b.key), generation);
  });
}

/** Rejections the user edits and resends, or discards. */
export async function discardRejection(db: BinaaDb, id: number): Promise<void> {
  await db.rejections.delete(id);
}
