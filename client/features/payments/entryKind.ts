/**
 * What a statement entry is called, as its "type": a card payment says so, since it has no
 * reference a person reads (its gateway id is a UUID) and is known by its method and its
 * invoice's number; a transfer is a payment with the bank reference the buyer gave.
 */
import type { StatementEntry } from '../../../shared/schemas/payment';

export type EntryKindKey = `statements.kind.${StatementEntry['kind'] | 'card_payment'}`;

export function entryKindKey(entry: Pick<StatementEntry, 'kind' | 'method'>): EntryKindKey {
  return entry.kind === 'payment' && entry.method === 'card' ? 'statements.kind.card_payment' : `statements.kind.${entry.kind}`;
}
