/**
 * The rebase rule of the local store: a pulled row already includes this client's
 * mutations up to the pull's last_mutation_id, so only later ones are replayed over it,
 * and a mutation's effect never shows twice, even before the pull that confirms it ends.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { BinaaDb } from '../db/database';
import type { Change } from '../../../shared/sync';
import type { EffectContext } from '../db/schema';
import { applyPulledPage, applyPushResults, confirmThrough } from './store';
import { writeLocal } from './testing/local';

const P = '10000000-0000-4000-8000-000000000001';
const ctx: EffectContext = { user_id: 'u1', company_name: 'x', verification_tier: 'unverified', language: 'ar', now: '2026-11-23T10:00:00.000Z' };
/** An upsert of the product with only the fields the price edit reads (hence the cast). */
const product = (price: number) => ({ entity: 'product', id: P, op: 'upsert', data: { id: P, name: 'حديد', price } }) as unknown as Change;
const reprice = (price: number) => writeLocal(db, 'product.update', { id: P, price }, ctx);

let db: BinaaDb;
afterEach(() => db?.close());

describe('local store rebase', () => {
  it('replays only the mutations a pulled row does not include yet', async () => {
    db = new BinaaDb(`rebase-${Math.random()}`, { indexedDB, IDBKeyRange });
    await applyPulledPage(db, [product(10)], 0, 0, {});
    const first = await reprice(20);
    expect(await db.products.get(P)).toMatchObject({ price: 20 });

    await applyPushResults(db, [{ id: first, status: 'applied' }], ctx.now);
    const second = await reprice(30);
    expect(await db.products.get(P)).toMatchObject({ price: 30 });

    // The server's row has the first price; the second is still only here.
    await applyPulledPage(db, [product(20)], first, 0, {});
    expect(await db.products.get(P)).toMatchObject({ price: 30 });
    expect(await db.base.get(`product:${P}`)).toMatchObject({ as_of: first, row: expect.objectContaining({ price: 20 }) });

    await confirmThrough(db, first);
    expect((await db.outbox.toArray()).map((m) => m.id)).toEqual([second]);
    expect(await db.products.get(P)).toMatchObject({ price: 30 });

    // The second one is refused: its effect goes, the server's row stays.
    await applyPushResults(db, [{ id: second, status: 'rejected', code: 'forbidden', error: 'no' }], ctx.now);
    expect(await db.products.get(P)).toMatchObject({ price: 20 });
    expect(await db.base.count()).toBe(0);
    expect(await db.rejections.get(second)).toMatchObject({ code: 'forbidden', name: 'product.update' });
  });

  it('refuses input its shared schema refuses, before anything is queued', async () => {
    db = new BinaaDb(`invalid-${Math.random()}`, { indexedDB, IDBKeyRange });
    await expect(writeLocal(db, 'bid.create', { project_id: P, amount: -1, proposal: '' } as never, ctx)).rejects.toMatchObject({
      issues: expect.arrayContaining([expect.objectContaining({ path: 'amount' }), expect.objectContaining({ path: 'proposal' })]),
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('stores all of a write or none of it: an outbox row that cannot be added leaves the rows as they were', async () => {
    db = new BinaaDb(`atomic-${Math.random()}`, { indexedDB, IDBKeyRange });
    await applyPulledPage(db, [product(10)], 0, 0, {});
    await db.open();
    const store = Object.getPrototypeOf(db.backendDB().transaction('outbox').objectStore('outbox'));
    const add = store.add;
    store.add = function (this: IDBObjectStore, ...args: unknown[]) {
      if (this.name === 'outbox') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return add.apply(this, args);
    };
    try {
      await expect(reprice(20)).rejects.toMatchObject({ name: 'QuotaExceededError' });
    } finally {
      store.add = add;
    }
    expect(await db.products.get(P)).toMatchObject({ price: 10 });
    expect(await db.base.count()).toBe(0);
    expect(await db.meta.get('next_mutation_id')).toBeUndefined();
  });
});
