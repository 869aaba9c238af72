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

  it('opens a database of version 2 at version 3 without the bids of others (sealed until the opening) and pulls everything again', async () => {
    const userId = `v2-${Math.random()}`;
    const v2 = new Dexie(dbName(userId), { indexedDB, IDBKeyRange });
    v2.version(1).stores(SCHEMA_VERSIONS[0].stores);
    v2.version(2).stores(SCHEMA_VERSIONS[1].stores);
    const bid = (id: string, contractor_id: string) => ({ id, project_id: 'p', contractor_id, status: 'submitted', amount: 100, created_at: '2026-01-01T00:00:00Z', _gen: 0 });
    await v2.table('bids').bulkPut([bid('mine', userId), bid('theirs', 'someone-else')]);
    await v2.table('meta').bulkPut([
      { key: 'initial_sync_done', value: true },
      { key: 'cursor', value: 'c42' },
      { key: 'generation', value: 2 },
    ]);
    v2.close();

    const db = new BinaaDb(userId, { indexedDB, IDBKeyRange });
    await db.open();
    expect((await db.bids.toArray()).map((b) => b.id)).toEqual(['mine']);
    expect(await db.getMeta('cursor')).toBe('');
    expect(await db.getMeta('generation')).toBe(3);
    expect(await db.getMeta('bootstrap')).toMatchObject({ mode: 'reset', phase: 'feed' });
    expect(await db.tender_openings.count()).toBe(0);
    await db.delete();
  });

  it('opens a database of version 3 at version 4 with a deliveries table and pulls everything again (rows gained fields)', async () => {
    const userId = `v3-${Math.random()}`;
    const v3 = new Dexie(dbName(userId), { indexedDB, IDBKeyRange });
    for (const v of SCHEMA_VERSIONS.filter((s) => s.version <= 3)) v3.version(v.version).stores(v.stores);
    await v3.table('meta').bulkPut([
      { key: 'initial_sync_done', value: true },
      { key: 'cursor', value: 'c42' },
      { key: 'generation', value: 5 },
    ]);
    v3.close();

    const db = new BinaaDb(userId, { indexedDB, IDBKeyRange });
    await db.open();
    expect(await db.getMeta('cursor')).toBe('');
    expect(await db.getMeta('generation')).toBe(6);
    expect(await db.getMeta('bootstrap')).toMatchObject({ mode: 'reset', phase: 'feed' });
    expect(await db.table('deliveries').count()).toBe(0);
    await db.delete();
  });
  it('opens a database of version 7 at version 8 with tables for sites and purchase requests, without pulling everything again', async () => {
    const userId = `v7-${Math.random()}`;
    const v7 = new Dexie(dbName(userId), { indexedDB, IDBKeyRange });
    for (const v of SCHEMA_VERSIONS.filter((s) => s.version <= 7)) v7.version(v.version).stores(v.stores);
    await v7.table('meta').bulkPut([
      { key: 'initial_sync_done', value: true },
      { key: 'cursor', value: 'c42' },
      { key: 'generation', value: 5 },
    ]);
    v7.close();

    const db = new BinaaDb(userId, { indexedDB, IDBKeyRange });
    await db.open();
    expect(await db.getMeta('cursor')).toBe('c42');
    expect(await db.getMeta('generation')).toBe(5);
    expect(db.sites.schema.indexes.map((i) => i.name)).toEqual(['status', '_gen']);
    expect(db.purchase_requests.schema.indexes.map((i) => i.name).sort()).toEqual(['_gen', 'created_at', 'site_id', 'status']);
    await db.delete();
  });
});
