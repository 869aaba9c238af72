/**
 * Form text to mutation input, for the offline forms (orders, transport, projects, bids,
 * products): numbers typed
 * with Arabic-Indic digits or separators, datetime-local values to ISO timestamps, and
 * the shared schema's issues to one message key per field.
 */
import type { KeysUnder } from '../i18n/keys';

/**
 * The props of a number field (amounts, quantities, days): a text field, not
 * type=number, which drops every digit that is not Western (Chromium keeps nothing of a
 * typed ١٢٥) while parseNumber reads them all; inputMode still brings up the number pad.
 */
export const DECIMAL_INPUT = { inputMode: 'decimal', autoComplete: 'off' } as const;
export const WHOLE_INPUT = { inputMode: 'numeric', autoComplete: 'off' } as const;

/**
 * A number field's text: null when empty, NaN when refused (the schema refuses it). The
 * one reader of numbers (shared/numbers.ts): "12,5" is 12.5 here as in the table and the
 * import.
 */
export { parseNumber } from '../../shared/numbers';

/** A datetime-local value (local wall time) as an ISO timestamp; null when empty, '' when invalid. */
export function localToIso(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** An ISO timestamp as a datetime-local value in the device's time zone. */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The messages of common:validation, for forms whose every message is a shared one. */
export type ValidationMessage = KeysUnder<'common', 'validation'>;

/** The message keys every form shares (common:validation). */
export type SharedFieldError = Extract<ValidationMessage, 'required' | 'invalid'>;

/** A message key per field in error; `M` names the keys a form may give. */
export type FieldErrors<F extends string, M extends string> = Partial<Record<F, M>>;

/**
 * The first issue per known field, as a message key: `required` for an empty required
 * field, the schema's own message when `messages` names it (a cross-field rule), else
 * the field's own key from `fallback`, else `invalid`.
 */
export function issuesToErrors<F extends string, M extends string = never>(
  issues: ReadonlyArray<{ path: string | ReadonlyArray<PropertyKey>; message: string }>,
  fields: readonly F[],
  options: { blank: (field: F) => boolean; messages?: Record<string, M>; fallback?: Partial<Record<F, M>> },
): FieldErrors<F, M | SharedFieldError> {
  const errors: FieldErrors<F, M | SharedFieldError> = {};
  for (const issue of issues) {
    const first = typeof issue.path === 'string' ? issue.path.split('.')[0] : String(issue.path[0] ?? '');
    const field = fields.find((f) => f === first);
    if (!field || errors[field]) continue;
    errors[field] = options.messages?.[issue.message] ?? (options.blank(field) ? 'required' : (options.fallback?.[field] ?? 'invalid'));
  }
  return errors;
}
