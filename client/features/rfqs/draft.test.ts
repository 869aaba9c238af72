/**
 * The RFQ draft on a shared phone: each person's own, under their key, and gone at their
 * sign-out (from storage and from the page's memory), while another person's stays.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPersonalValues, personalKey, removeUnownedValues } from '../../data/session/personalData';
import { memoryStorage } from '../../data/session/testStorage';
import { newLine, rfqDraftOf, type RfqDraft } from './draft';

const A = 'a0000000-0000-4000-8000-00000000000a';
const B = 'b0000000-0000-4000-8000-00000000000b';

const fill = (title: string) => (d: RfqDraft): RfqDraft => ({
  ...d,
  title,
  location: `${title} site`,
  audience: 'invited',
  supplier_ids: ['s1'],
  lines: [newLine({ description: `${title} blocks`, quantity: '100', unit: 'piece' })],
});

let storage: Storage;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('sessionStorage', memoryStorage());
});
afterEach(() => {
  forgetPersonalValues(A);
  forgetPersonalValues(B);
  vi.unstubAllGlobals();
});

/** Every stored value, as one string: what anyone opening the browser's storage would read. */
const everythingStored = () => JSON.stringify(Array.from({ length: storage.length }, (_, i) => [storage.key(i), storage.getItem(storage.key(i)!)]));

describe('the RFQ draft on a shared device', () => {
  it("shows the next person signed in an empty form, not the last person's title, site, lines and suppliers", () => {
    rfqDraftOf(A).update(fill('Tower A'));
    expect(rfqDraftOf(B).get()).toMatchObject({ title: '', location: '', lines: [], supplier_ids: [], audience: 'market' });
    // A session that expired and B signing in do not reach A's draft either: it is under A's key.
    expect(storage.getItem(personalKey(A, 'rfqDraft'))).toContain('Tower A');
    expect(storage.getItem(personalKey(B, 'rfqDraft'))).toBeNull();
  });

  it("removes the person's draft at sign-out, from storage and from the page, and keeps another person's", () => {
    const storeA = rfqDraftOf(A);
    storeA.update(fill('Tower A'));
    rfqDraftOf(B).update(fill('Depot B'));

    forgetPersonalValues(A);

    expect(everythingStored()).not.toContain('Tower A');
    expect(storeA.get().title).toBe('');
    // A screen still closing writes nothing back, and A signing in again starts empty.
    storeA.update(fill('Tower A again'));
    expect(everythingStored()).not.toContain('Tower A');
    expect(rfqDraftOf(A).get()).toMatchObject({ title: '', lines: [] });
    expect(rfqDraftOf(B).get().title).toBe('Depot B');
  });

  it('gives nobody a draft an earlier version kept device-wide, and removes it', () => {
    storage.setItem('binaa.rfqDraft', JSON.stringify({ ...fill('Old tower')(rfqDraftOf(null).get()) }));
    expect(rfqDraftOf(A).get().title).toBe('');
    removeUnownedValues();
    expect(everythingStored()).not.toContain('Old tower');
  });

  it('keeps nothing while nobody is signed in', () => {
    rfqDraftOf(null).update(fill('Visitor'));
    expect(rfqDraftOf(null).get().title).toBe('');
    expect(storage.length).toBe(0);
  });
});
