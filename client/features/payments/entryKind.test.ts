import { describe, expect, it } from 'vitest';
import ar from '../../i18n/locales/ar/payments.json';
import en from '../../i18n/locales/en/payments.json';
import zh from '../../i18n/locales/zh/payments.json';
import { entryKindKey } from './entryKind';

const label = (locale: typeof en, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], locale);

describe('a statement entry’s type', () => {
  it('calls a card payment one, a transfer a payment, and documents and refunds by their kind', () => {
    expect(entryKindKey({ kind: 'payment', method: 'card' })).toBe('statements.kind.card_payment');
    expect(entryKindKey({ kind: 'payment', method: 'transfer' })).toBe('statements.kind.payment');
    expect(entryKindKey({ kind: 'refund', method: 'card' })).toBe('statements.kind.refund');
    expect(entryKindKey({ kind: 'invoice', method: null })).toBe('statements.kind.invoice');
  });

  it('has every type in Arabic, English and Chinese', () => {
    const entries = [{ kind: 'invoice', method: null }, { kind: 'credit_note', method: null }, { kind: 'payment', method: 'transfer' }, { kind: 'payment', method: 'card' }, { kind: 'refund', method: 'card' }] as const;
    for (const locale of [ar, en, zh]) for (const e of entries) expect(typeof label(locale, entryKindKey(e)), entryKindKey(e)).toBe('string');
    expect(label(ar, 'statements.kind.card_payment')).toBe('دفعة بالبطاقة');
  });
});
