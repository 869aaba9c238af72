/**
 * pg_trgm (typo-tolerant catalogue search) and unaccent.
 *
 * Extensions are database-wide, but their objects live in one schema. Tests migrate many
 * schemas into one database with `search_path = <schema>, public`, and a plain
 * `create extension` would put the extension into whichever test schema came first,
 * where the next schema cannot see `gin_trgm_ops`, and a `drop schema ... cascade` would
 * take it away from everyone. So the extension goes into `public` (on every search path
 * of this app), and one found in a schema that is not on our path is moved there. An
 * advisory lock serialises schemas migrating at the same time.
 */
import type { Knex } from 'knex';

const EXTENSIONS = ['pg_trgm', 'unaccent'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('select pg_advisory_xact_lock(hashtext(?))', ['binaa_market:extensions']);
  const {
    rows: [{ has_public }],
  } = await knex.raw(`select 'public' = any(current_schemas(false)) as has_public`);
  for (const name of EXTENSIONS) {
    const { rows } = await knex.raw(
      `select n.nspname = any(current_schemas(false)) as visible
         from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = ?`,
      [name],
    );
    if (rows.length === 0) {
      await knex.raw(has_public ? 'create extension if not exists ?? schema public' : 'create extension if not exists ??', [name]);
    } else if (!rows[0].visible && has_public) {
      await knex.raw('alter extension ?? set schema public', [name]);
    }
  }
}

/**
 * Leaves the extensions in place: other schemas of the same database may use them, and
 * this migration may not have been the one that created them.
 */
export async function down(): Promise<void> {}
