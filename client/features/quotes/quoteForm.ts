/**
 * The supplier's quote form as data: text values per line (quoted or skipped, unit price,
 * quantity available, a note, a substitute product) and for the quote (delivery days,
 * validity, notes); where they come from (the current quote, else the supplier's price
 * list through prefill.ts); and the check that turns them into the quote's body, by the
 * shared schema the server parses, with one message key per field.
 */
import { rfqQuoteSubmitSchema, type RfqLine, type RfqQuote, type RfqQuoteSubmitInput } from '../../../shared/schemas/rfq';
import { quoteLineAmounts } from '../../../shared/rfq';
import { documentTotals, type DocumentTotals } from '../../../shared/vat';
import type { KeysUnder } from '../../i18n/keys';
import { parseNumber, type SharedFieldError } from '../../ui/formInput';
import type { LineMatch } from './prefill';

export interface LineValues {
  quoted: boolean;
  unit_price: string;
  /** what can be delivered when less than asked; empty: the whole quantity */
  quantity: string;
  note: string;
  /** one of the supplier's products offered instead of the one asked for; empty: none */
  substitute_product_id: string;
}

export interface QuoteValues {
  delivery_days: string;
  /** yyyy-mm-dd (a date input's value) */
  valid_until: string;
  notes: string;
  /** by RFQ line id */
  lines: Record<string, LineValues>;
}

type QuoteField = 'delivery_days' | 'valid_until' | 'notes';
export type LineField = 'unit_price' | 'quantity' | 'note';
/** The message keys of the form: quotes:form.errors, and the shared ones of common:validation. */
export type QuoteFormError = KeysUnder<'quotes', 'form.errors'> | SharedFieldError;

export interface QuoteErrors {
  fields: Partial<Record<QuoteField, QuoteFormError>>;
  lines: Record<string, Partial<Record<LineField, QuoteFormError>>>;
  /** about the whole quote (no line quoted) */
  form?: QuoteFormError;
}

/** A quote's body without its ids (the mutation adds the quote's and the RFQ's). */
export type QuoteInput = Omit<RfqQuoteSubmitInput, 'id'>;

/** How long a new quote stays valid by default: long enough for the buyer to compare and award after closing. */
const DEFAULT_VALIDITY_DAYS = 30;

const emptyLine = (): LineValues => ({ quoted: false, unit_price: '', quantity: '', note: '', substitute_product_id: '' });

/** yyyy-mm-dd of `date` in the device's time zone (what a date input shows). */
function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The form's first values: the supplier's current quote as sent (a revision starts from
 * it), else each matched line prefilled from their price list and the rest skipped, valid
 * for DEFAULT_VALIDITY_DAYS after the RFQ closes.
 */
export function quoteValuesFrom(
  lines: readonly Pick<RfqLine, 'id' | 'product_id'>[],
  existing: Pick<RfqQuote, 'delivery_days' | 'valid_until' | 'notes' | 'lines'> | null | undefined,
  matches: ReadonlyMap<string, LineMatch>,
  closesAt: string,
): QuoteValues {
  const values: Record<string, LineValues> = {};
  if (existing) {
    const sent = new Map(existing.lines.map((l) => [l.rfq_line_id, l]));
    for (const line of lines) {
      const q = sent.get(line.id);
      values[line.id] = q
        ? {
            quoted: true,
            unit_price: String(q.unit_price),
            quantity: q.quantity != null ? String(q.quantity) : '',
            note: q.note ?? '',
            substitute_product_id: q.substitute_product_id ?? '',
          }
        : emptyLine();
    }
    return { delivery_days: String(existing.delivery_days), valid_until: existing.valid_until, notes: existing.notes ?? '', lines: values };
  }
  for (const line of lines) {
    const match = matches.get(line.id);
    values[line.id] = match
      ? {
          quoted: true,
          unit_price: String(match.product.price),
          quantity: match.available != null ? String(match.available) : '',
          note: '',
          // The line asked for a particular product and the supplier's own stands in for it.
          substitute_product_id: match.kind === 'category' && line.product_id ? match.product.id : '',
        }
      : emptyLine();
  }
  const validUntil = new Date(closesAt);
  validUntil.setDate(validUntil.getDate() + DEFAULT_VALIDITY_DAYS);
  return { delivery_days: '', valid_until: localDate(validUntil), notes: '', lines: values };
}

/** The lines the form sends, in the RFQ's order, with the asked quantity beside each. */
function quotedLines(values: QuoteValues, lines: readonly Pick<RfqLine, 'id' | 'quantity'>[]) {
  return lines.filter((l) => values.lines[l.id]?.quoted).map((l) => ({ line: l, v: values.lines[l.id]! }));
}

/** A quantity available at or above what is asked is the whole quantity (null), as the body says it. */
function offeredQuantity(text: string, asked: number): number | null {
  const n = parseNumber(text);
  return n !== null && !Number.isNaN(n) && n >= asked ? null : n;
}

const LINE_FIELDS: readonly LineField[] = ['unit_price', 'quantity', 'note'];
const LINE_FALLBACK: Record<LineField, QuoteFormError> = { unit_price: 'money', quantity: 'quantity', note: 'tooLong' };
const QUOTE_FALLBACK: Record<QuoteField, QuoteFormError> = { delivery_days: 'days', valid_until: 'date', notes: 'tooLong' };

export function validateQuote(values: QuoteValues, lines: readonly Pick<RfqLine, 'id' | 'quantity'>[]): { errors: QuoteErrors; input?: QuoteInput } {
  const chosen = quotedLines(values, lines);
  const input = {
    delivery_days: parseNumber(values.delivery_days) ?? Number.NaN,
    valid_until: values.valid_until.trim(),
    notes: values.notes,
    lines: chosen.map(({ line, v }) => ({
      rfq_line_id: line.id,
      unit_price: parseNumber(v.unit_price) ?? Number.NaN,
      quantity: offeredQuantity(v.quantity, line.quantity),
      note: v.note,
      substitute_product_id: v.substitute_product_id || null,
    })),
  };
  const errors: QuoteErrors = { fields: {}, lines: {} };
  if (!chosen.length) errors.form = 'noLines';
  const result = rfqQuoteSubmitSchema.safeParse(input);
  if (result.success && !errors.form) return { errors, input };
  for (const issue of result.success ? [] : result.error.issues) {
    const [head, index, field] = issue.path;
    if (head === 'lines' && typeof index === 'number' && LINE_FIELDS.includes(field as LineField)) {
      const { line, v } = chosen[index]!;
      const f = field as LineField;
      const forLine = (errors.lines[line.id] ??= {});
      forLine[f] ??= v[f].trim() === '' ? 'required' : LINE_FALLBACK[f];
    } else if (head === 'delivery_days' || head === 'valid_until' || head === 'notes') {
      errors.fields[head] ??= values[head].trim() === '' ? 'required' : QUOTE_FALLBACK[head];
    }
  }
  return { errors };
}

/** Whether the check found nothing. */
export const noErrors = (e: QuoteErrors) => !e.form && !Object.keys(e.fields).length && !Object.keys(e.lines).length;

/**
 * The quote's totals as the form stands, over the lines quoted with a readable price:
 * each line's amounts by shared/rfq.ts quoteLineAmounts (on the quantity available, else
 * the asked one), as the comparison ranks them and an award orders them.
 */
export function quoteTotals(values: QuoteValues, lines: readonly Pick<RfqLine, 'id' | 'quantity'>[]): DocumentTotals & { lines: number } {
  const amounts = quotedLines(values, lines).flatMap(({ line, v }) => {
    const price = parseNumber(v.unit_price);
    if (price === null || Number.isNaN(price)) return [];
    const qty = offeredQuantity(v.quantity, line.quantity);
    return [quoteLineAmounts(line, { unit_price: price, quantity: qty === null || Number.isNaN(qty) ? null : qty })];
  });
  return { ...documentTotals(amounts), lines: amounts.length };
}
