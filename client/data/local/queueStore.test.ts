import { describe, expect, it } from 'vitest';
import type { OutboxRow, RejectionRow, RowKey } from '../db/schema';
import { QueueStore } from './queueStore';

const ctx = { user_id: 'u', company_name: null, verification_tier: 'unverified' as const, language: 'ar', now: '2026-01-01T00:00:00Z' };
const mutation = (id: number, keys: RowKey[], status: OutboxRow['status'] = 'pending'): OutboxRow => ({ id, name: 'bid.create', args: {}, keys, ctx, status, created_at: ctx.now });
const refusal = (id: number, keys: RowKey[]): RejectionRow => ({ id, name: 'bid.create', args: {}, keys, code: 'project_not_open', error: '', created_at: ctx.now, at: ctx.now });

describe('the queue as rows see it', () => {
  it('counts and names only the pending writes, not the acked ones', () => {
    const store = new QueueStore();
    store.setOutbox([mutation(1, ['bid:a', 'project:p']), mutation(2, ['bid:b'], 'acked')]);
    expect(store.waiting).toBe(1);
    expect([...store.pendingKeys].sort()).toEqual(['bid:a', 'project:p']);
  });

  it('keeps the same set of pending keys while they are the same, so lists do not render again', () => {
    const store = new QueueStore();
    store.setOutbox([mutation(1, ['bid:a'])]);
    const first = store.pendingKeys;
    store.setOutbox([mutation(1, ['bid:a']), mutation(2, ['bid:a'])]);
    expect(store.pendingKeys).toBe(first);
    expect(store.waiting).toBe(2);
    store.setOutbox([mutation(2, ['bid:a'], 'acked')]);
    expect(store.pendingKeys).not.toBe(first);
    expect(store.pendingKeys.size).toBe(0);
  });

  it('marks a stored write waiting at once, and the outbox read that follows renders nothing more', () => {
    const store = new QueueStore();
    store.setOutbox([mutation(1, ['bid:a'])]);
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.notePending(['purchase_request:r', 'site:s']);
    expect(calls).toBe(1);
    expect(store.waiting).toBe(2);
    expect([...store.pendingKeys].sort()).toEqual(['bid:a', 'purchase_request:r', 'site:s']);
    const noted = store.pendingKeys;
    store.setOutbox([mutation(1, ['bid:a']), mutation(2, ['purchase_request:r', 'site:s'])]);
    expect(store.pendingKeys).toBe(noted);
    expect(store.waiting).toBe(2);
    // Keys already waiting keep the set as it is.
    store.notePending(['bid:a']);
    expect(store.pendingKeys).toBe(noted);
  });

  it("gives each key its refusals, the same array until that key's refusals change", () => {
    const store = new QueueStore();
    store.setRejections([refusal(3, ['bid:a', 'project:p']), refusal(1, ['bid:b'])]);
    const forA = store.rejectionsFor('bid:a');
    expect(forA.map((r) => r.id)).toEqual([3]);
    expect(store.rejectionsFor('project:p').map((r) => r.id)).toEqual([3]);
    expect(store.rejectionsFor('bid:none')).toEqual([]);
    // Read again (new objects), one other refusal gone: bid:a keeps its array, bid:b has none.
    store.setRejections([refusal(3, ['bid:a', 'project:p'])]);
    expect(store.rejectionsFor('bid:a')).toBe(forA);
    expect(store.rejectionsFor('bid:b')).toEqual([]);
    store.setRejections([refusal(4, ['bid:a']), refusal(3, ['bid:a', 'project:p'])]);
    expect(store.rejectionsFor('bid:a').map((r) => r.id)).toEqual([4, 3]);
  });

  it('tells its subscribers of every change until they leave', () => {
    const store = new QueueStore();
    let calls = 0;
    const leave = store.subscribe(() => (calls += 1));
    store.setOutbox([]);
    store.setRejections([]);
    leave();
    store.setOutbox([mutation(1, ['bid:a'])]);
    expect(calls).toBe(2);
  });
});
