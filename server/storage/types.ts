/**
 * Where stored files live: a directory under DATA_DIR, or an S3-compatible bucket when
 * S3_* is configured. Keys are relative paths ("media/<hash>-480.webp"); the public
 * photo files are served by GET /media/..., private attachments never get a public key
 * and are read only through an authorised route.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  size: number;
}

export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Writes the whole object; a reader sees the old object or the new one, never a part. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Whether the object exists. */
  has(key: string): Promise<boolean>;
  /** Deletes the objects; a key that does not exist is no error. */
  delete(keys: string[]): Promise<void>;
  /** Every key under a prefix (tests and upkeep). */
  list(prefix: string): Promise<string[]>;
}
