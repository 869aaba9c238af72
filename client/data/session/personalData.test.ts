/**
 * Sign-out on a shared device: everything the person kept goes (their values under their
 * key, this tab's items, values earlier versions kept device-wide, their database with
 * its outbox), and nothing of another person or of the device itself.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BinaaDb, dbName } from '../db/database';
import type { OutboxRow } from '../db/schema';
import { forgetPersonalDatabase, forgetPersonalValues, onPersonForgotten, personalKey, readPersonal, writePersonal } from './personalData';
import { memoryStorage } from './testStorage';

const A = 'a0000000-0000-4000-8000-00000000000a';
const B = 'b0000000-0000-4000-8000-00000000000b';

let local: Storage;
let tab: Storage;
beforeEach(() => {
  local = memoryStorage();
  tab = memoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', tab);
});
afterEach(() => vi.unstubAllGlobals());

describe("a person's data on the device", () => {
  it("keeps each person's values under their own key", () => {
    writePersonal(A, 'shareLocation', '1');
    expect(readPersonal(A, 'shareLocation')).toBe('1');
    expect(readPersonal(B, 'shareLocation')).toBeNull();
  });

  it('removes at sign-out every value the person kept and those nobody owns, and keeps the device\'s and another person\'s', () => {
    writePersonal(A, 'rfqDraft', '{"title":"Tower A"}');
    writePersonal(A, 'shareLocation', '1');
    writePersonal(A, 'pushOffered', '2026-12-01T10:00:00.000Z');
    writePersonal(B, 'rfqDraft', '{"title":"Depot B"}');
    local.setItem('binaa.rfqDraft', '{"title":"Old tower"}');
    local.setItem('binaa.driver.shareLocation', '1');
    local.setItem(`binaa.push.asked.${A}`, '2026-11-01T10:00:00.000Z');
    local.setItem('i18nextLng', 'ar');
    local.setItem('binaa.deviceId', 'device-1');
    tab.setItem('binaa.compare', '["p1"]');
    tab.setItem('binaa.plan-checkout', '{"plan":"pro"}');
    const heard: string[] = [];
    const stop = onPersonForgotten((userId) => heard.push(userId));

    forgetPersonalValues(A);
    stop();

    const left = Array.from({ length: local.length }, (_, i) => local.key(i)).sort();
    expect(left).toEqual([personalKey(B, 'rfqDraft'), 'binaa.deviceId', 'i18nextLng'].sort());
    expect(tab.length).toBe(0);
    expect(heard).toEqual([A]);
  });

  it("deletes the person's database with its unsent writes at sign-out, and not another person's", async () => {
    for (const userId of [A, B]) {
      const db = new BinaaDb(userId);
      await db.outbox.add({ id: 1, name: 'rfq.create', args: { title: userId }, keys: [], ctx: { user_id: userId }, status: 'pending', created_at: '2026-12-01T10:00:00.000Z' } as unknown as OutboxRow);
      db.close();
    }
    await forgetPersonalDatabase(A);
    expect(await Dexie.exists(dbName(A))).toBe(false);
    expect(await Dexie.exists(dbName(B))).toBe(true);
    await Dexie.delete(dbName(B));
  });
});
