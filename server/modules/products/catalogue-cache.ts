/**
 * Remembers catalogue pages (a search's ranked products and total, a list page and its
 * total) until the catalogue changes. Ranking a common word means reading and ranking
 * its thousands of matches, and counting the catalogue means reading an index of every
 * product; with 50 clients at once on two cores that breaks the 50 ms p99 budget, and the
 * answer is the same until something it shows changes.
 *
 * Correctness rests on catalogue_state.version (migration 20261122000025):
 * deferred triggers bump it at the commit of every transaction that changes what a page
 * is made of (products; a user's deletion or name; a supplier profile's company name,
 * tier or existence; categories), so the new version becomes visible with the write
 * itself, however the write was made. A page is reused only while the version it was computed under is still
 * current; the version is read BEFORE computing, so a write committing in between leaves
 * the page under an already-old version. Reading the version is one primary-key lookup.
 * A new field shown on products that lives in another table needs a trigger there too.
 *
 * One cache per database handle (tests run many databases in one process), least
 * recently used pages dropped first. Inside a transaction nothing is cached. A page is
 * never changed once cached: its items go out as the same bytes every time (serialized
 * and compressed once, http/json-body.ts). The cache stays in each process: what makes it
 * right is the version read from the database, which each process reads anyway.
 */
import type { Knex } from 'knex';
import { sendUnchanged } from '../../http/json-body';

const MAX_ENTRIES = 500;
/** A bound on any staleness this design did not foresee. */
const MAX_AGE_MS = 60_000;

interface Entry {
  version: number;
  at: number;
  value: unknown;
}

const caches = new WeakMap<Knex, Map<string, Entry>>();
/** A cached page's items, to the key it is cached under (catalogueFastPath asks again by them). */
const pageKeys = new WeakMap<object, string>();

/**
 * Read on every cached answer, so sent as plain text: no query builder to compile and no
 * parameter to bind (Postgres's simple protocol). Measured 20 at a time, about 34 µs of the
 * app's CPU a read against 46 to 67 µs through the builder, and a fifth more reads a second.
 */
async function currentVersion(db: Knex): Promise<number> {
  const { rows } = await db.raw('select "version" from "catalogue_state" where "id" = 1');
  return Number(rows[0]?.version ?? 0);
}

/** The version as a select-list expression, for a caller that reads it with other values. */
export const VERSION_SQL = 'coalesce((select version from catalogue_state where id = 1), 0)';

/**
 * `compute()`'s answer for `key`, reused while the catalogue has not changed. `version`:
 * the catalogue's version as the caller read it (VERSION_SQL) before computing anything,
 * in a statement it needed anyway; otherwise it is read here.
 */
export async function cachedByCatalogue<T extends { items: object }>(db: Knex, key: string, compute: () => Promise<T>, version?: number): Promise<T> {
  if ((db as Knex.Transaction).isTransaction) return compute();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));

  version ??= await currentVersion(db);
  const hit = reuse(cache, key, version);
  if (hit) return hit.value as T;
  const value = await compute();
  sendUnchanged(value.items);
  pageKeys.set(value.items, key);
  cache.delete(key);
  cache.set(key, { version, at: Date.now(), value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}

/** The entry under `key` if it was computed under `version` and is not too old, marked as just used. */
function reuse(cache: Map<string, Entry>, key: string, version: number): Entry | undefined {
  const hit = cache.get(key);
  if (!hit || hit.version !== version || Date.now() - hit.at >= MAX_AGE_MS) return undefined;
  // Map keeps insertion order: moving the key to the end makes eviction least-recently-used.
  cache.delete(key);
  cache.set(key, hit);
  return hit;
}

/** Whether `items` are a page this cache made (and may still give out). */
export const isCataloguePage = (items: unknown): items is object => typeof items === 'object' && items !== null && pageKeys.has(items);

/**
 * Whether `items` are still the page cachedByCatalogue would answer for their key, asked
 * exactly as it asks (one read of the catalogue's version, the same age bound; marked as
 * just used as a hit would be), and the version read, for the request to pass on to
 * cachedByCatalogue when they are not. Undefined when no such page was made: nothing read.
 */
export async function pageStatus(db: Knex, items: object): Promise<{ current: boolean; version: number } | undefined> {
  const key = pageKeys.get(items);
  const cache = caches.get(db);
  if (key === undefined || !cache) return undefined;
  const version = await currentVersion(db);
  const hit = reuse(cache, key, version);
  return { current: (hit?.value as { items?: unknown } | undefined)?.items === items, version };
}
