/**
 * Settings every connection of the app starts with: in the startup packet on Postgres
 * (no round trip), by one SET on the embedded PGlite (server/db/index.ts).
 *
 * Catalogue search relies on them (server/modules/products/search.ts). Its bounded
 * ranking takes the first matches a scan meets, so that two pages of one search rank the
 * same candidates no scan may start mid-table (synchronised scans) or be shared among
 * workers (parallel query); and its typo matches (<%) take pg_trgm's word-similarity
 * threshold from a setting. They were SET LOCAL in a transaction around each search:
 * BEGIN, the SETs and COMMIT were three of a search's eight round trips, with the
 * connection held idle in between. Parallel query is off for every query of the app,
 * which on a small server answering many short requests at once only spreads the same
 * work over more processes.
 */

/**
 * The word similarity a typo must reach to match a search (pg_trgm's default, 0.6,
 * misses "cemnt" for "cement": 4 shared trigrams of 9 is 0.44).
 */
const WORD_SIMILARITY_THRESHOLD = 0.4;

export const CONNECTION_SETTINGS: Readonly<Record<string, string>> = {
  'pg_trgm.word_similarity_threshold': String(WORD_SIMILARITY_THRESHOLD),
  synchronize_seqscans: 'off',
  max_parallel_workers_per_gather: '0',
};

/** The settings as a Postgres startup `options` value (pg's `options` connection parameter). */
export const connectionOptions = (): string =>
  Object.entries(CONNECTION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');

/** The settings as SET statements, for a connection already open. */
export const settingsSql = (): string =>
  Object.entries(CONNECTION_SETTINGS)
    .map(([name, value]) => `set ${name} = '${value}'`)
    .join('; ');
