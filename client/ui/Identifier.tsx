/**
 * Identifiers (invoice, credit note, order and RFQ numbers, IBANs, VAT and CR numbers) are
 * Latin letters and digits read left to right. Inside Arabic text, without isolation,
 * "INV-2026-000001" takes the sentence's direction at its hyphens and the line may break
 * at one, leaving "000001" on its own line. <Identifier> keeps one whole and in its own
 * direction: a left-to-right isolate that does not wrap (global.css `.identifier`).
 *
 * A sentence from t() cannot hold an element; its values are isolated already (i18n/bidi.ts),
 * so an identifier passed into one only needs `keepWhole` to stop the line breaking inside it.
 */
import type { ReactNode } from 'react';

export function Identifier({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <bdi dir="ltr" className="identifier" data-testid={testId}>
      {children}
    </bdi>
  );
}

const WORD_JOINER = '\u2060';
const NO_BREAK_SPACE = '\u00a0';

/**
 * `id` with no place to break a line: a word joiner after each hyphen or slash (where
 * browsers break), no-break spaces for the spaces of a grouped IBAN. Both are invisible
 * and leave the characters as they are.
 */
export function keepWhole(id: string): string {
  return id.replace(/([-/‐–])(?!\u2060)/g, `$1${WORD_JOINER}`).replace(/ /g, NO_BREAK_SPACE);
}
