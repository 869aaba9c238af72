/**
 * The RFQ being built, kept on this device (localStorage) until it is sent: the builder
 * edits it, the catalogue's "add to request" adds a product's line to it, and a reload,
 * going offline or a visit to the catalogue in between loses nothing. Sending clears it.
 */
import { useSyncExternalStore } from 'react';
import type { RfqAudience } from '../../../shared/schemas/rfq';

export interface DraftLine {
  id: string;
  description: string;
  quantity: string;
  unit: string;
  category_id: string | null;
  product_id: string | null;
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
  lines: DraftLine[];
}

const emptyDraft = (): RfqDraft => ({ title: '', location: '', needed_by: '', closes_at: '', audience: 'market', supplier_ids: [], lines: [] });

export const newLine = (fields: Partial<Omit<DraftLine, 'id'>> = {}): DraftLine => ({
  id: crypto.randomUUID(),
  description: '',
  quantity: '',
  unit: '',
  category_id: null,
  product_id: null,
  ...fields,
});

const KEY = 'binaa.rfqDraft';
const listeners = new Set<() => void>();
let current: RfqDraft = read();

function read(): RfqDraft {
  try {
    const value = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null') as Partial<RfqDraft> | null;
    return value && Array.isArray(value.lines) ? { ...emptyDraft(), ...value } : emptyDraft();
  } catch {
    return emptyDraft();
  }
}

function write(next: RfqDraft) {
  current = next;
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the draft still holds for this page.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function updateDraft(change: (draft: RfqDraft) => RfqDraft) {
  write(change(current));
}

export function clearDraft() {
  write(emptyDraft());
}

/** A catalogue product added to the request as a line (its minimum order as the quantity), or its line taken out when it is there. */
export function toggleProductInDraft(p: { id: string; name: string; unit: string; min_quantity: number; category_id: string | null }) {
  if (current.lines.some((l) => l.product_id === p.id)) write({ ...current, lines: current.lines.filter((l) => l.product_id !== p.id) });
  else write({ ...current, lines: [...current.lines, newLine({ description: p.name, quantity: String(p.min_quantity), unit: p.unit, category_id: p.category_id, product_id: p.id })] });
}

/** The draft, live. */
export function useRfqDraft(): RfqDraft {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
