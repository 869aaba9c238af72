/**
 * What the development Moyasar decides as Moyasar's test environment does: the published
 * test cards and Apple Pay test amounts with their outcomes, and the checks of a card's
 * fields, an amount, a currency and metadata, with Moyasar's error messages.
 */
export type Outcome = { status: 'paid' | 'failed'; message: string; code: string; threeDs?: boolean };

export const paid = (threeDs = false): Outcome => ({ status: 'paid', message: 'APPROVED', code: '00', threeDs });
export const failed = (message: string, code: string): Outcome => ({ status: 'failed', message, code });

/** Moyasar's published test cards (docs.moyasar.com, Testing Cards). */
export const TEST_CARDS: Record<string, Outcome> = {
  // mada: a 3-D Secure step first
  '4201320111111010': paid(true),
  '4201320000013020': failed('UNSPECIFIED FAILURE', '99'),
  '4201320000311101': failed('INSUFFICIENT FUNDS', '51'),
  '4201320131000508': failed('DECLINED: LOST CARD', '41'),
  '4201321234411220': failed('DECLINED', '05'),
  '4201322267774310': failed('DECLINED: EXPIRED CARD', '54'),
  '4201326324640570': failed('DECLINED: EXCEEDS WITHDRAWAL LIMIT', '61'),
  '4201321144311528': failed('DECLINED: STOLEN CARD', '43'),
  // Visa
  '4111111111111111': paid(),
  '4123120000000000': failed('UNSPECIFIED FAILURE', '99'),
  '4123120001090000': failed('INSUFFICIENT FUNDS', '51'),
  '4123120001090109': failed('DECLINED', '05'),
  '4111118250252531': failed('3DS: attempted but not available', '05'),
  // Mastercard
  '5421080101000000': paid(),
  '5105105105105100': failed('UNSPECIFIED FAILURE', '99'),
  '5457210001000092': failed('INSUFFICIENT FUNDS', '51'),
};

/** Moyasar's Apple Pay test amounts (halalas; docs.moyasar.com, Apple Pay test cards): any other amount fails. */
const APPLE_PAY_AMOUNTS: Array<[number, number, Outcome]> = [
  [20000, 30000, paid()],
  [100000, 110000, failed('UNSPECIFIED FAILURE', '99')],
  [110100, 120000, failed('INSUFFICIENT FUNDS', '51')],
  [120100, 130000, failed('DECLINED: LOST CARD', '41')],
  [130100, 140000, failed('DECLINED', '05')],
  [140100, 150000, failed('DECLINED: EXPIRED CARD', '54')],
  [150100, 160000, failed('DECLINED: EXCEEDS WITHDRAWAL LIMIT', '61')],
  [160100, 170000, failed('DECLINED: STOLEN CARD', '43')],
];
export const applePayOutcome = (amount: number): Outcome => APPLE_PAY_AMOUNTS.find(([lo, hi]) => amount >= lo && amount <= hi)?.[2] ?? failed('DECLINED', '05');

const CURRENCIES = new Set(['SAR', 'USD', 'EUR', 'AED', 'KWD', 'BHD', 'QAR', 'OMR']);
const MIN_AMOUNT = 100;

export type Errors = Record<string, string[]>;

const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

export interface CardInput {
  name?: unknown;
  number?: unknown;
  month?: unknown;
  year?: unknown;
  cvc?: unknown;
}

/** What Moyasar's test environment checks of a card's fields, and the card's number. */
export function cardErrors(source: CardInput, now: Date): { errors: Errors; number: string } {
  const errors: Errors = {};
  const number = String(source.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) errors['source.number'] = ['is invalid'];
  if (String(source.name ?? '').trim().split(/\s+/).length < 2) errors['source.name'] = ['must be two names or more'];
  const month = Number(source.month);
  const yearText = String(source.year ?? '');
  const year = Number(yearText.length === 2 ? `20${yearText}` : yearText);
  if (!Number.isInteger(month) || month < 1 || month > 12) errors['source.month'] = ['is invalid'];
  else if (!Number.isInteger(year) || year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) errors['source.year'] = ['card is expired'];
  if (!/^\d{3,4}$/.test(String(source.cvc ?? ''))) errors['source.cvc'] = ['is invalid'];
  return { errors, number };
}

/** Moyasar's rules of an amount and currency. */
export function amountErrors(body: Record<string, unknown>): Errors {
  const errors: Errors = {};
  if (!Number.isInteger(body.amount) || (body.amount as number) < MIN_AMOUNT) errors.amount = [`must be an integer greater than or equal to ${MIN_AMOUNT}`];
  if (body.currency !== undefined && !CURRENCIES.has(String(body.currency))) errors.currency = ['is not supported'];
  return errors;
}

export function metadataOf(value: unknown): Record<string, string> | null | 'invalid' {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return 'invalid';
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 30 || entries.some(([, v]) => typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')) return 'invalid';
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}
