/**
 * Keeps the change log small without breaking any cursor:
 * - an object's older change rows for one audience are dropped once a later one exists
 *   (a client behind them still gets the later row, and with it the current state);
 * - deletes older than TOMBSTONE_DAYS are dropped, and the horizon moves past them: a
 *   client whose cursor is older than the horizon could miss a delete, so it is told to
 *   reset and pull from scratch.
 * Only numbered (committed) rows are touched; "later" is the feed's order, `pos`.
 */
import type { Knex } from 'knex';

const TOMBSTONE_DAYS = 30;

export async function compactChangeLog(knex: Knex, tombstoneDays = TOMBSTONE_DAYS): Promise<{ superseded: number; tombstones: number }> {
  return knex.transaction(async (trx) => {
    const superseded = await trx.raw(`
      delete from changes c
       using changes later
       where later.entity = c.entity and later.entity_id = c.entity_id
         and later.audience_type = c.audience_type
         and later.audience is not distinct from c.audience
         and later.pos > c.pos`);
    const dropped: Array<{ pos: number }> = await trx('changes')
      .where('op', 'delete')
      .whereNotNull('pos')
      .andWhere('created_at', '<', trx.raw(`now() - make_interval(days => ?)`, [tombstoneDays]))
      .delete()
      .returning('pos');
    if (dropped.length) {
      const horizon = Math.max(...dropped.map((r) => Number(r.pos)));
      await trx('sync_state').where({ id: 1 }).update({ pruned_pos: trx.raw('greatest(pruned_pos, ?)', [horizon]) });
    }
    return { superseded: superseded.rowCount ?? 0, tombstones: dropped.length };
  });
}
