/**
 * The outbox and the refused actions as the screens see them. Each is read by ONE live
 * query for the whole page (DataProvider): many rows on a screen ask whether they wait to
 * be sent, and a query per row would re-run on every local write. Rows subscribe to what
 * they show (is this key waiting, how many wait, this key's refusals), not to the lists,
 * so a write renders again only the rows whose answer changed, not every card and the
 * navigation bar.
 */
import type { OutboxRow, RejectionRow, RowKey } from '../db/schema';

export class QueueStore {
  outbox: OutboxRow[] = [];
  rejections: RejectionRow[] = [];
  /** Keys of rows with a write not sent yet; the same Set until its contents change. */
  pendingKeys: ReadonlySet<RowKey> = new Set();
  waiting = 0;
  private byKey = new Map<RowKey, RejectionRow[]>();
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  setOutbox(outbox: OutboxRow[]): void {
    this.outbox = outbox;
    const pending = outbox.filter((m) => m.status === 'pending');
    this.waiting = pending.length;
    const keys = new Set(pending.flatMap((m) => m.keys));
    if (keys.size !== this.pendingKeys.size || [...keys].some((k) => !this.pendingKeys.has(k))) this.pendingKeys = keys;
    this.emit();
  }

  /**
   * A local write just stored: its keys wait to be sent from now, in the render that shows
   * its rows, not in one more once the outbox's live query has read the outbox again (which
   * then finds the same keys and renders nothing more).
   */
  notePending(keys: readonly RowKey[]): void {
    this.waiting += 1;
    if (keys.some((k) => !this.pendingKeys.has(k))) this.pendingKeys = new Set([...this.pendingKeys, ...keys]);
    this.emit();
  }

  setRejections(rejections: RejectionRow[]): void {
    this.rejections = rejections;
    const byKey = new Map<RowKey, RejectionRow[]>();
    for (const r of rejections) for (const key of new Set(r.keys)) (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(r);
    // A key whose refusals are the same ones keeps its array (rows are never changed, only
    // added or removed), so its note does not render again.
    for (const [key, list] of byKey) {
      const old = this.byKey.get(key);
      if (old && old.length === list.length && old.every((r, i) => r.id === list[i].id)) byKey.set(key, old);
    }
    this.byKey = byKey;
    this.emit();
  }

  rejectionsFor(key: RowKey): readonly RejectionRow[] {
    return this.byKey.get(key) ?? NO_REJECTIONS;
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}
const NO_REJECTIONS: readonly RejectionRow[] = Object.freeze([]);
