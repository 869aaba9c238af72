/**
 * Keeps the change log small without breaking any cursor:
 * - an object's older change rows for one audience are dropped once a newer one exists
 *   (a client behind them still gets the newer row, which carries the current state);
 * - deletes older than TOMBSTONE_DAYS are dropped, and the horizon moves past them: a
 *   client whose cursor is older than the horizon could miss a delete, so it is told to
 *   reset and pull from scratch.
 */
import type { Knex } from 'knex';
import { CHANGE_LOG_LOCK } from '../../db/changes';

export const TOMBSTONE_DAYS = 30;

export async function compactChangeLog(knex: Knex, tombstoneDays = TOMBSTONE_DAYS): Promise<{ superseded: number; tombstones: number }> {
  return knex.transaction(async (trx) => {
    // Writers wait for this short transaction; readers never do.
    await trx.raw('select pg_advisory_xact_lock(?)', [CHANGE_LOG_LOCK]);
    const superseded = await trx.raw(`
      delete from changes c
       using changes newer
       where newer.entity = c.entity and newer.entity_id = c.entity_id
         and newer.audience_type = c.audience_type
         and newer.audience is not distinct from c.audience
         and newer.seq > c.seq`);
    const dropped = await trx('changes')
      .where('op', 'delete')
      .andWhere('created_at', '<', trx.raw(`now() - make_interval(days => ?)`, [tombstoneDays]))
      .delete()
      .returning('seq');
    if (dropped.length) {
      const horizon = Math.max(...dropped.map((r: { seq: number }) => Number(r.seq)));
      await trx('sync_state').where({ id: 1 }).update({ pruned_through: trx.raw('greatest(pruned_through, ?)', [horizon]) });
    }
    return { superseded: superseded.rowCount ?? 0, tombstones: dropped.length };
  });
}
