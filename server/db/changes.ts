/**
 * The change log (DESIGN section 10). Every write to a synced table appends here in the
 * same transaction, once per audience that may see it. Writers serialise on one
 * transaction-level advisory lock taken just before their first change row, so change
 * rows commit in `seq` order and a reader's cursor can never pass a change that commits
 * later (the lock is held until commit or rollback).
 */
import type { Knex } from 'knex';

export const SYNCED_ENTITIES = [
  'product',
  'category',
  'plan',
  'project',
  'bid',
  'instant_order',
  'instant_order_response',
  'transport_request',
  'transport_offer',
  'notification',
  'profile',
  'subscription',
] as const;
export type SyncedEntity = (typeof SYNCED_ENTITIES)[number];

/** Who may see a change: everyone, one role, or one user. */
export type Audience = { all: true } | { role: string } | { user: string };

export const CHANGE_LOG_LOCK = 7_410_001;

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
  await trx.raw('select pg_advisory_xact_lock(?)', [CHANGE_LOG_LOCK]);
  await trx('changes').insert(rows);
}
