/**
 * Background Sync in the service worker: the same engine, one cycle, for the user named
 * by the sync tag. Rejecting tells the browser to try again later.
 */
import { BinaaDb } from '../db/database';
import { SyncEngine } from './engine';
import { createHttpTransport } from './transport';

export async function runBackgroundSync(userId: string): Promise<void> {
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
