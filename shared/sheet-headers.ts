/**
 * Reading a spreadsheet's header row, for any import (a supplier's price list, a
 * contractor's bill of quantities): headers are recognised in any of our languages after
 * folding (case, Arabic letter forms and diacritics, punctuation, spacing), the header
 * row is found below a title or a banner, and each field gets the column whose header
 * names it. The person may change the mapping before anything is read from the rows.
 */
import { normalizeSearch } from './search';

/** A cell as the file reader gives it: text, a number, or nothing. */
export type CellValue = string | number | null;

/** Column index per field (null: not in the file). */
export type ColumnMapping<F extends string> = Record<F, number | null>;

/** A header or a name as compared: folded like search text, without punctuation, one space between words. */
function normaliseHeader(raw: CellValue): string {
  return normalizeSearch(String(raw ?? ''))
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Text as stored: direction marks gone, runs of spaces one space, trimmed. */
export function cleanText(raw: CellValue | undefined): string {
  if (raw == null) return '';
  return String(raw)
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export const isBlank = (v: CellValue | undefined): boolean => v == null || (typeof v === 'string' && cleanText(v) === '');

/** How one import reads headers: its fields, in order, and the header words of each. */
export interface HeaderReader<F extends string> {
  fields: readonly F[];
  /** The field a header names, if it is one this import knows. */
  fieldOf(header: CellValue): F | null;
  /** Each field's column: the first whose header names it. */
  guessMapping(headers: CellValue[]): ColumnMapping<F>;
  /**
   * The header row among the first rows of a sheet: the first with at least two known
   * headers (a title row or a merged banner may come before it), else the first non-empty.
   */
  findHeaderRow(rows: CellValue[][]): number;
}

export function headerReader<F extends string>(fields: readonly F[], words: Record<F, readonly string[]>): HeaderReader<F> {
  const lookup = new Map<string, F>();
  for (const field of fields) for (const word of words[field]) lookup.set(normaliseHeader(word), field);
  const fieldOf = (header: CellValue) => lookup.get(normaliseHeader(header)) ?? null;
  return {
    fields,
    fieldOf,
    guessMapping(headers) {
      const mapping = Object.fromEntries(fields.map((f) => [f, null])) as ColumnMapping<F>;
      headers.forEach((h, i) => {
        const field = fieldOf(h);
        if (field && mapping[field] === null) mapping[field] = i;
      });
      return mapping;
    },
    findHeaderRow(rows) {
      const limit = Math.min(rows.length, 20);
      for (let i = 0; i < limit; i++) if (rows[i].filter((c) => fieldOf(c)).length >= 2) return i;
      const first = rows.findIndex((r) => r.some((c) => !isBlank(c)));
      return first < 0 ? 0 : first;
    },
  };
}

/** A category named in a cell, in any language or by its slug: its id, or null when no category has that name. */
export function categoryByName(categories: ReadonlyArray<{ id: string; slug: string; name_ar: string; name_en: string; name_zh: string }>): (text: string) => string | null {
  const map = new Map<string, string>();
  for (const c of categories) for (const name of [c.slug, c.name_ar, c.name_en, c.name_zh]) if (name) map.set(normaliseHeader(name), c.id);
  return (text) => map.get(normaliseHeader(text)) ?? null;
}
