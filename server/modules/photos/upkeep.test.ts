/**
 * The hourly upkeep's first run, at boot, on a DATA_DIR that has never held an upload (a
 * server on Postgres starts with an empty one): deleting expired uploads finds nothing to
 * delete instead of failing, which would stop the server from starting.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../http/context';
import { uploadDatastore } from './uploads';

// Not removed afterwards: @tus/file-store makes its folder again, asynchronously, whenever a
// store is created, and throws from that callback if the folder's parent is being removed at
// the same moment, which crashed the whole test run. A few empty folders in the system's
// temporary directory are the lesser harm.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-upkeep-'));

describe('unfinished uploads upkeep', () => {
  it('runs on a fresh data directory and leaves the uploads folder in place', async () => {
    const config = { dataDir: path.join(dataDir, 'fresh') } as AppDeps['config'];
    await expect(uploadDatastore(config, { expiring: true }).deleteExpired()).resolves.toBe(0);
    expect(fs.statSync(path.join(config.dataDir, 'uploads')).isDirectory()).toBe(true);
  });
});
