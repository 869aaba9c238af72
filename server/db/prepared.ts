/**
 * A statement Postgres parses and plans once per connection: a named prepared statement,
 * named by its text, for a statement run often whose planning costs about what its run
 * does. It is compiled once, and its text named and run as it is (knex would compile its
 * parts again). PGlite's driver ignores the name.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';

/** `query` (a builder, or raw SQL with its bindings) as a named prepared statement on `db`. */
export function preparedQuery(db: Knex, query: Knex.Raw | Knex.QueryBuilder): Knex.Raw {
  const { sql, bindings } = query.toSQL();
  const name = `prep_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
  return db.raw(sql, bindings as Knex.RawBinding[]).options({ name });
}

/** The rows of `query` run as a named prepared statement on `db` (preparedQuery). */
export async function prepared<Row>(db: Knex, query: Knex.Raw | Knex.QueryBuilder): Promise<Row[]> {
  const { rows } = (await preparedQuery(db, query)) as { rows: Row[] };
  return rows;
}
