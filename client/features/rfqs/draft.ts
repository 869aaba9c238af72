/**
 * The RFQ being built, kept on this device (localStorage) until it is sent: the builder
 * edits it, the catalogue's "add to request" adds a product's line to it, and a reload,
 * going offline or a visit to the catalogue in between loses nothing. Sending clears it.
 * It is the signed-in person's own (a phone is shared on site): kept under their key,
 * read under their sign-in only, and removed at their sign-out (data/session/personalData.ts).
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useSession } from '../../data/session';
import { onPersonForgotten, personalKey, readPersonal, writePersonal } from '../../data/session/personalData';
import type { RfqAudience } from '../../../shared/schemas/rfq';

export interface DraftLine {
  id: string;
  description: string;
  quantity: string;
  unit: string;
  category_id: string | null;
  product_id: string | null;
  /** a budget line of the draft's site (none when it names no site; a draft kept before sites has none) */
  budget_line_id?: string | null;
}

export interface RfqDraft {
  title: string;
  location: string;
  /** yyyy-mm-dd, or '' */
  needed_by: string;
  /** a datetime-local value, or '' */
  closes_at: string;
  audience: RfqAudience;
  supplier_ids: string[];
  /** the company's site it buys for, or none */
  site_id?: string | null;
  lines: DraftLine[];
}

const emptyDraft = (): RfqDraft => ({ title: '', location: '', needed_by: '', closes_at: '', audience: 'market', supplier_ids: [], site_id: null, lines: [] });

export const newLine = (fields: Partial<Omit<DraftLine, 'id'>> = {}): DraftLine => ({
  id: crypto.randomUUID(),
  description: '',
  quantity: '',
  unit: '',
  category_id: null,
  product_id: null,
  budget_line_id: null,
  ...fields,
});

/** One person's draft, and what changes it. */
export interface RfqDraftStore {
  get: () => RfqDraft;
  subscribe: (listener: () => void) => () => void;
  update: (change: (draft: RfqDraft) => RfqDraft) => void;
  clear: () => void;
  /** A catalogue product added to the request as a line (its minimum order as the quantity), or its line taken out when it is there. */
  toggleProduct: (p: { id: string; name: string; unit: string; min_quantity: number; category_id: string | null }) => void;
}

function read(userId: string): RfqDraft {
  try {
    const value = JSON.parse(readPersonal(userId, 'rfqDraft') ?? 'null') as Partial<RfqDraft> | null;
    return value && Array.isArray(value.lines) ? { ...emptyDraft(), ...value } : emptyDraft();
  } catch {
    return emptyDraft();
  }
}

interface PersonsStore extends RfqDraftStore {
  /** Read again from storage (another tab changed it). */
  reload: () => void;
  /** The person signed out: empty, and what a closing screen still writes is dropped. */
  forget: () => void;
}

const stores = new Map<string, PersonsStore>();

function createStore(userId: string): PersonsStore {
  let current = read(userId);
  let forgotten = false;
  const listeners = new Set<() => void>();
  const set = (next: RfqDraft) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const write = (next: RfqDraft) => {
    if (forgotten) return;
    writePersonal(userId, 'rfqDraft', JSON.stringify(next)); // refused (storage full): the draft still holds for this page
    set(next);
  };
  return {
    get: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update: (change) => write(change(current)),
    clear: () => write(emptyDraft()),
    toggleProduct: (p) => {
      if (current.lines.some((l) => l.product_id === p.id)) write({ ...current, lines: current.lines.filter((l) => l.product_id !== p.id) });
      else write({ ...current, lines: [...current.lines, newLine({ description: p.name, quantity: String(p.min_quantity), unit: p.unit, category_id: p.category_id, product_id: p.id })] });
    },
    reload: () => set(read(userId)),
    forget: () => {
      forgotten = true;
      set(emptyDraft());
    },
  };
}

/**
 * A draft held in memory only, for editing a sent RFQ: it starts from the RFQ's own
 * values and is dropped when the screen closes (the RFQ itself is the copy that lasts).
 */
export function memoryDraft(initial: RfqDraft): RfqDraftStore {
  let current = initial;
  const listeners = new Set<() => void>();
  const set = (next: RfqDraft) => {
    current = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update: (change) => set(change(current)),
    clear: () => set(initial),
    toggleProduct: () => undefined,
  };
}

const EMPTY = emptyDraft();
/** While nobody is signed in there is no draft, and nothing is kept. */
const NOBODYS: RfqDraftStore = { get: () => EMPTY, subscribe: () => () => undefined, update: () => undefined, clear: () => undefined, toggleProduct: () => undefined };

/** The draft of this person (null: nobody signed in). */
export function rfqDraftOf(userId: string | null): RfqDraftStore {
  if (!userId) return NOBODYS;
  let store = stores.get(userId);
  if (!store) stores.set(userId, (store = createStore(userId)));
  return store;
}

function forget(userId: string) {
  const store = stores.get(userId);
  stores.delete(userId); // signing in again starts from what storage holds: nothing
  store?.forget();
}

onPersonForgotten(forget);

// Another tab: the same person changed their draft, or signed out (their key removed).
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  for (const [userId, store] of stores) {
    if (event.key === null) forget(userId);
    else if (event.key === personalKey(userId, 'rfqDraft')) {
      if (event.newValue === null) forget(userId);
      else store.reload();
    }
  }
});

/** The signed-in person's draft, live, and what changes it. */
export function useRfqDraft(): { draft: RfqDraft } & Omit<RfqDraftStore, 'get' | 'subscribe'> {
  const { session } = useSession();
  const store = rfqDraftOf(session.status === 'signedIn' ? session.user.id : null);
  const draft = useSyncExternalStore(store.subscribe, store.get, store.get);
  return useMemo(() => ({ draft, update: store.update, clear: store.clear, toggleProduct: store.toggleProduct }), [draft, store]);
}
