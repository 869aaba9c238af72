/** A uuid[] value for a statement, written out element by element: knex would spread an array binding. */
import type { Knex } from 'knex';

export const uuidArray = (db: Knex, ids: readonly string[]) =>
  ids.length ? db.raw(`array[${ids.map(() => '?').join(', ')}]::uuid[]`, [...ids]) : db.raw(`'{}'::uuid[]`);
