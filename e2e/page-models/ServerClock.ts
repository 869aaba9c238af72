import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The server's test clock is one for the whole server, and the browser tests run in two
 * workers: a test that moves it holds this lock (a directory beside the run's data, which
 * every worker shares) for as long as it relies on the time it set, so two such tests never
 * move the clock under each other.
 */
export async function holdingServerClock<T>(body: () => Promise<T>, waitMs = 240_000): Promise<T> {
  const lock = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'server-clock.lock');
  const giveUp = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > giveUp) throw new Error(`the server clock stayed held by another test for ${waitMs} ms (${lock})`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await body();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
