/**
 * The configured object store: the S3 bucket when S3_BUCKET is set, else DATA_DIR. One per
 * configuration object, made on first use, so routes, services' after-commit work and the
 * upload endpoint share a client.
 */
import type { Config } from '../config';
import { diskStore } from './disk';
import { s3Store } from './s3';
import type { ObjectStore } from './types';

export type { ObjectStore } from './types';

const stores = new WeakMap<Config, ObjectStore>();

export function objectStore(config: Config): ObjectStore {
  let store = stores.get(config);
  if (!store) {
    store = config.s3 ? s3Store(config.s3) : diskStore(config.dataDir);
    stores.set(config, store);
  }
  return store;
}
