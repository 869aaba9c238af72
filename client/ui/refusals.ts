/**
 * How the sync centre and the items name a queued action and explains a refusal, in the reader's
 * language: the translated error code (`errors:<code>`), else the server's message.
 */
import type { LookupWithFallback } from '../i18n/keys';
import type { OutboxRow, RejectionRow } from '../data/db/schema';

export const actionLabel = (t: LookupWithFallback, name: OutboxRow['name']) => t(`sync:actions.${name}`, { defaultValue: name });

export function reasonOf(t: LookupWithFallback, rejection: Pick<RejectionRow, 'code' | 'error'>): string {
  const key = `errors:${rejection.code}`;
  const translated = t(key, { defaultValue: '' });
  return translated || rejection.error || rejection.code;
}

export interface EditableField {
  key: string;
  kind: 'text' | 'number';
  value: string;
}

/** What is never corrected by hand: ids, the role (fixed at setup) and the language sent along. */
const FIXED = new Set(['id', 'role', 'language']);

/** The args a person can correct before resending: texts and numbers, not ids. */
export function editableFields(args: Record<string, unknown>): EditableField[] {
  return Object.entries(args)
    .filter(([key, value]) => !FIXED.has(key) && !key.endsWith('_id') && (typeof value === 'string' || typeof value === 'number'))
    .map(([key, value]) => ({ key, kind: typeof value === 'number' ? 'number' : 'text', value: String(value) }));
}
