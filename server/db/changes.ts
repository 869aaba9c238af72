/**
 * The change log. Every write to a synced table appends here in the
 * same transaction, once per audience that may see it. The rows get their feed position
 * at commit, in commit order (changes_number_at_commit in migrations/functions.ts), so a
 * change that commits late can never fall behind a cursor.
 */
import type { Knex } from 'knex';
import type { SyncEntity } from '../../shared/sync';

/** The entities of the change feed, named once in shared/sync.ts. */
export type SyncedEntity = SyncEntity;

/** Who may see a change: everyone, one role, or one user. */
export type Audience = { all: true } | { role: string } | { user: string };

export interface ChangeEntry {
  entity: SyncedEntity;
  id: string;
  audiences: Audience[];
  op?: 'upsert' | 'delete';
}

export async function recordChange(
  trx: Knex.Transaction,
  entity: SyncedEntity,
  id: string,
  audiences: Audience[],
  op: 'upsert' | 'delete' = 'upsert',
): Promise<void> {
  await recordChanges(trx, [{ entity, id, audiences, op }]);
}

const audienceColumns = (a: Audience) => ({
  audience_type: 'all' in a ? 'all' : 'role' in a ? 'role' : 'user',
  audience: 'all' in a ? null : 'role' in a ? a.role : a.user,
});

/** The change log's rows of `entries`, one per entry and audience (what recordChanges inserts). */
export const changeRows = (entries: ChangeEntry[]) =>
  entries.flatMap((e) => e.audiences.map((a) => ({ entity: e.entity, entity_id: e.id, op: e.op ?? 'upsert', ...audienceColumns(a) })));

export async function recordChanges(trx: Knex.Transaction, entries: ChangeEntry[]): Promise<void> {
  const rows = changeRows(entries);
  if (!rows.length) return;
  await trx('changes').insert(rows);
}

/**
 * Runs `write` (an insert or update ending in `returning('id', ...)`) and records an
 * upsert change for each row it returns, in ONE statement: the write is a CTE whose rows feed the
 * change log's insert. What `write` returns is returned, with `columns` (more to select
 * in the same statement, e.g. planLimitColumns). For hot paths (a push of many
 * creations); recordChange after the write does the same in two round trips.
 */
export async function writeWithChanges<Row extends { id: string }>(
  trx: Knex.Transaction,
  write: Knex.QueryBuilder,
  entity: SyncedEntity,
  audiences: Audience[],
  opts: { columns?: Knex.Raw } = {},
): Promise<Row[]> {
  const { rows } = await trx.raw(
    `with written as (?),
     logged as (
       insert into changes (entity, entity_id, op, audience_type, audience)
       select ?, written.id, 'upsert', a.audience_type, a.audience
       from written cross join jsonb_to_recordset(?::jsonb) as a(audience_type text, audience text)
     )
     select written.*${opts.columns ? ', ?' : ''} from written`,
    [write, entity, JSON.stringify(audiences.map(audienceColumns)), ...(opts.columns ? [opts.columns] : [])],
  );
  return rows as Row[];
}
