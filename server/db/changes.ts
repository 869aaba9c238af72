/**
 * The change log (DESIGN section 10). Every write to a synced table appends here in the
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

export async function recordChanges(trx: Knex.Transaction, entries: ChangeEntry[]): Promise<void> {
  const rows = entries.flatMap((e) =>
    e.audiences.map((a) => ({
      entity: e.entity,
      entity_id: e.id,
      op: e.op ?? 'upsert',
      audience_type: 'all' in a ? 'all' : 'role' in a ? 'role' : 'user',
      audience: 'all' in a ? null : 'role' in a ? a.role : a.user,
    })),
  );
  if (!rows.length) return;
  await trx('changes').insert(rows);
}
