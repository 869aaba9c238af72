/**
 * Creating with a client-chosen id: an entity made offline keeps its
 * id, and sending the same create again returns the row it made. An id that already names
 * someone else's row, or a row of another parent, is refused with 409 instead of a 500
 * from the primary key.
 */
import type { Knex } from 'knex';
import { conflict } from '../../shared/errors';

/** What a create returns: the row, and whether this call made it (201) or found it (200). */
export interface Saved<T> {
  row: T;
  /** false when the call updated or replayed an existing row */
  created: boolean;
}

export const idTaken = () => conflict('This id is already used by another record');

/** The row a client-chosen id already names, with its id, if any (deleted rows included: ids are never reused). */
export async function rowWithId<T = Record<string, unknown>>(
  db: Knex,
  table: string,
  id: string | undefined,
  columns: string[],
): Promise<(T & { id: string }) | undefined> {
  if (!id) return undefined;
  return (await db(table).where({ id }).first(['id', ...columns])) as (T & { id: string }) | undefined;
}

/**
 * Runs an insert and turns a primary-key collision into 409. Two requests racing with the
 * same new id are the only way past the check before the insert.
 */
export async function insertWithClientId<T>(table: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && (e.constraint === `${table}_pkey` || e.constraint === undefined)) throw idTaken();
    throw err;
  }
}
