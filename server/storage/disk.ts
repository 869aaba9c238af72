/**
 * Objects as files under one directory (DATA_DIR/media by default). A put writes a
 * temporary file beside the target and renames it over, so a reader never sees half a file.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { ObjectStore, StoredObject } from './types';

export function diskStore(root: string): ObjectStore {
  const resolve = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key outside the store: ${key}`);
    return file;
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fsp.writeFile(tmp, body);
      await fsp.rename(tmp, file);
    },
    async get(key): Promise<StoredObject | null> {
      const file = resolve(key);
      try {
        const stat = await fsp.stat(file);
        if (!stat.isFile()) return null;
        return { body: fs.createReadStream(file), size: stat.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async has(key) {
      return fsp.stat(resolve(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fsp.rm(resolve(key), { force: true })));
    },
    async list(prefix) {
      const dir = resolve(prefix.endsWith('/') ? `${prefix}x` : prefix);
      const base = prefix.endsWith('/') ? path.dirname(dir) : dir;
      const out: string[] = [];
      const walk = async (d: string): Promise<void> => {
        let entries: fs.Dirent[];
        try {
          entries = await fsp.readdir(d, { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries) {
          const p = path.join(d, e.name);
          if (e.isDirectory()) await walk(p);
          else out.push(path.relative(root, p).split(path.sep).join('/'));
        }
      };
      await walk(base);
      return out.sort();
    },
  };
}
