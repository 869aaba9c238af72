/**
 * The local store's schema: its versions add up to the tables the engine and the entities
 * use, and a database a device created at an older version opens at the latest one.
 */
import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { BinaaDb, dbName } from './database';
import { ENTITY_TABLES, LOCAL_TABLES, SCHEMA_VERSIONS } from './schema';

describe('local store schema', () => {
  it('adds up, version after version, to the engine tables and one table per entity with its indexes', () => {
    const latest: Record<string, string | null> = {};
    for (const { stores } of SCHEMA_VERSIONS) Object.assign(latest, stores);
    const expected = { meta: 'key', base: 'key', outbox: 'id, status', rejections: 'id', ...LOCAL_TABLES, ...Object.fromEntries(Object.values(ENTITY_TABLES).map(({ table, indexes }) => [table, indexes])) };
    expect(Object.fromEntries(Object.entries(latest).filter(([, spec]) => spec !== null))).toEqual(expected);
  });

  it('keeps version 1 as it shipped, whatever the entity list says now', () => {
    const shipped = SCHEMA_VERSIONS.find((v) => v.version === 1)!.stores;
    expect(Object.keys(shipped)).toEqual(['meta', 'base', 'outbox', 'rejections', 'products', 'categories', 'plans', 'projects', 'bids', 'instant_orders', 'offers', 'transport_requests', 'transport_offers', 'notifications', 'profile', 'subscription']);
    expect(shipped.products).toBe('id, supplier_id, category_id, created_at, *_words, _gen');
  });

  it('opens a database of version 1 at the latest version: products keep their data and lose the stored search words', async () => {
    const userId = `v1-${Math.random()}`;
    const v1 = new Dexie(dbName(userId), { indexedDB, IDBKeyRange });
    v1.version(1).stores(SCHEMA_VERSIONS[0].stores);
    const product = { id: 'p1', name: 'أسمنت', supplier_id: 's', category_id: null, created_at: '2026-01-01T00:00:00Z', _gen: 0 };
    await v1.table('products').put({ ...product, _words: ['اسمنت'], _search: 'اسمنت' });
    await v1.table('outbox').put({ id: 1, status: 'pending', name: 'product.delete', args: { id: 'p1' } });
    v1.close();

    const db = new BinaaDb(userId, { indexedDB, IDBKeyRange });
    await db.open();
    expect(await db.products.get('p1')).toEqual(product);
    expect(await db.outbox.get(1)).toMatchObject({ status: 'pending', name: 'product.delete' });
    expect(db.products.schema.indexes.map((i) => i.name)).not.toContain('_words');
    expect(db.verno).toBe(SCHEMA_VERSIONS.at(-1)!.version);
    await db.delete();
  });
});
