/**
 * Background Sync in the service worker: the same engine, one cycle, for the user named
 * by the sync tag. Rejecting tells the browser to try again later.
 */
import Dexie from 'dexie';
import { BinaaDb, dbName } from '../db/database';
import { SyncEngine } from './engine';
import { createHttpTransport } from './transport';

const TAG_PREFIX = 'binaa-sync:';
/** The Background Sync tag the page registers when it could not send a user's queue. */
export const backgroundSyncTag = (userId: string) => `${TAG_PREFIX}${userId}`;
/** The user a Background Sync tag names; null for a tag that is not the engine's. */
export const userOfSyncTag = (tag: string): string | null => (tag.startsWith(TAG_PREFIX) ? tag.slice(TAG_PREFIX.length) : null);

export async function runBackgroundSync(userId: string): Promise<void> {
  // Signed out since it asked (sign-out deletes the database): there is nothing to send,
  // and opening it would create it again and fill it with that user's data.
  if (!(await Dexie.exists(dbName(userId)))) return;
  const db = new BinaaDb(userId);
  try {
    const engine = new SyncEngine({ db, transport: createHttpTransport() });
    await engine.sync();
    const { phase } = engine.getState();
    engine.stop();
    if (phase === 'offline' || phase === 'error') throw new Error(`background sync: ${phase}`);
  } finally {
    db.close();
  }
}
