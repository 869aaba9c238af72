/**
 * A statement Postgres parses and plans once per connection: a named prepared statement,
 * named by its text, for a statement run often whose planning costs about what its run
 * does. It is compiled once, and its text named and run as it is (knex would compile its
 * parts again). PGlite's driver ignores the name.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';

/** The rows of `query` (a builder, or raw SQL with its bindings) run as a named prepared statement on `db`. */
export async function prepared<Row>(db: Knex, query: Knex.Raw | Knex.QueryBuilder): Promise<Row[]> {
  const { sql, bindings } = query.toSQL();
  const name = `prep_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
  const { rows } = (await db.raw(sql, bindings as Knex.RawBinding[]).options({ name })) as { rows: Row[] };
  return rows;
}
