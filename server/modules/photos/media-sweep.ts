/**
 * Deletes the files of removed photos once no photo uses them. A removal notes the hash in
 * media_deletions in its own transaction; the sweep runs after a REST removal commits and
 * every minute (server/main.ts), so removals that came through the sync push are swept too.
 * Each hash is swept under the advisory lock an addition of the same picture takes, and its
 * use is checked under that lock: a photo being added with that hash either committed
 * (the files stay) or waits until the sweep is done (and writes them again).
 */
import type { Knex } from 'knex';
import type { ObjectStore } from '../../storage';
import { lockMedia, mediaKeys } from './service';

export async function sweepMedia(knex: Knex, store: ObjectStore, batch = 100): Promise<number> {
  const noted: Array<{ hash: string }> = await knex('media_deletions').orderBy('created_at').limit(batch).select('hash');
  let deleted = 0;
  for (const { hash } of noted) {
    await knex.transaction(async (trx) => {
      await lockMedia(trx, hash);
      const still = await trx('media_deletions').where({ hash }).first('hash');
      if (!still) return;
      const used = await trx('product_photos').where({ hash }).first('id');
      if (!used) {
        await store.delete(mediaKeys(hash));
        deleted++;
      }
      await trx('media_deletions').where({ hash }).delete();
    });
  }
  return deleted;
}
