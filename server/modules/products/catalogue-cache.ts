/**
 * Remembers the catalogue answers whose cost grows with the catalogue (a search's ranked
 * ids and total, a list's total) until the catalogue changes. Ranking a common word means
 * reading and ranking its thousands of matches; with 50 clients searching at once on two
 * cores that alone would break the 50 ms p99 budget, and the answer is the same until a
 * product changes.
 *
 * Correctness rests on catalogue_state.version (migration 20261122020003): triggers bump
 * it in every transaction that writes products or deletes a user, so it becomes visible
 * with the write itself, however the write was made. An entry is used only while the
 * version it was computed under is still current; the version is read BEFORE computing,
 * so a write committing in between leaves the entry under an already-old version.
 * Reading the version is one primary-key lookup per request.
 *
 * One cache per database handle (tests run many databases in one process). Only the
 * ids and totals are kept; rows are presented fresh on every request, so names, prices
 * and ratings are never stale. Inside a transaction nothing is cached.
 */
import type { Knex } from 'knex';

const MAX_ENTRIES = 500;
/** A bound on any staleness this design did not foresee. */
const MAX_AGE_MS = 60_000;

interface Entry {
  version: number;
  at: number;
  value: unknown;
}

const caches = new WeakMap<Knex, Map<string, Entry>>();

async function currentVersion(db: Knex): Promise<number> {
  const row = await db('catalogue_state').where({ id: 1 }).first('version');
  return Number(row?.version ?? 0);
}

/** `compute()`'s answer for `key`, reused while the catalogue has not changed. */
export async function cachedByCatalogue<T>(db: Knex, key: string, compute: () => Promise<T>): Promise<T> {
  if ((db as Knex.Transaction).isTransaction) return compute();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));

  const version = await currentVersion(db);
  const hit = cache.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < MAX_AGE_MS) {
    // Map keeps insertion order: moving the key to the end makes eviction least-recently-used.
    cache.delete(key);
    cache.set(key, hit);
    return hit.value as T;
  }
  const value = await compute();
  cache.delete(key);
  cache.set(key, { version, at: Date.now(), value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}
