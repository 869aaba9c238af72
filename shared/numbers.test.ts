import { describe, expect, it } from 'vitest';
import { parseNumber, readNumber, roundPrice, roundStock, roundTo, type NumberRefusal } from './numbers';

describe('reading a number as people write it', () => {
  it.each<[string | number, number]>([
    // plain, signs, spaces
    ['12', 12],
    ['12.5', 12.5],
    ['.5', 0.5],
    ['12.', 12],
    ['007', 7],
    ['  42 ', 42],
    ['-5', -5],
    ['\u22125', -5],
    ['+5', 5],
    ['-0', 0],
    // Arabic-Indic and Persian digits, the Arabic separators
    ['١٢٣', 123],
    ['۱۲۳', 123],
    ['١٢۳', 123],
    ['١٢٫٥', 12.5],
    ['١٬٢٥٠', 1250],
    ['١٬٢٥٠٫٥٠', 1250.5],
    ['١٢،٥', 12.5],
    // the comma: thousands before groups of three, a decimal mark before one or two digits
    ['1,250', 1250],
    ['1,250,000', 1250000],
    ['1,250.5', 1250.5],
    ['12,345,678.90', 12345678.9],
    ['12,5', 12.5],
    ['12,50', 12.5],
    ['0,5', 0.5],
    ['1 250,5', 1250.5],
    ['1٬250,5', 1250.5],
    // the dot is always a decimal mark
    ['1.250', 1.25],
    // spaces, no-break spaces and narrow no-break spaces group thousands
    ['1 250', 1250],
    ['1\u00a0250\u00a0000', 1250000],
    ['1\u202f250.75', 1250.75],
    // currency before or after, direction marks around
    ['١٬٢٥٠٫٥٠ ر.س', 1250.5],
    ['ر.س ١٢', 12],
    ['SAR 1,250.50', 1250.5],
    ['sar12', 12],
    ['14.50SR', 14.5],
    ['15 ﷼', 15],
    ['﷼15', 15],
    ['\u200f١٢ ريال', 12],
    ['20 ريالات', 20],
    ['3 riyals', 3],
    ['\u2066-7.25\u2069', -7.25],
    // a spreadsheet's numeric cell
    [42, 42],
    [14.949999999, 14.949999999],
  ])('%j is %s', (raw, value) => {
    expect(readNumber(raw)).toEqual({ ok: true, value });
  });

  it.each<[string | number, NumberRefusal]>([
    ['abc', 'not_a_number'],
    ['#DIV/0!', 'not_a_number'],
    ['1e3', 'not_a_number'],
    ['12%', 'not_a_number'],
    ['5-10', 'not_a_number'],
    ['SAR', 'not_a_number'],
    ['-', 'not_a_number'],
    ['.', 'not_a_number'],
    ['1SAR2', 'not_a_number'],
    [Number.NaN, 'not_a_number'],
    [Number.POSITIVE_INFINITY, 'not_a_number'],
    ['1.2.3', 'two_decimal_marks'],
    ['1.250.000', 'two_decimal_marks'],
    ['١٫٢٫٣', 'two_decimal_marks'],
    ['1.250,50', 'two_decimal_marks'],
    ['1,2,3', 'bad_grouping'],
    ['12,34,5', 'bad_grouping'],
    ['1,25,000', 'bad_grouping'],
    ['12,5.3', 'bad_grouping'],
    ['1,2345', 'bad_grouping'],
    ['12 5', 'bad_grouping'],
    ['12٬5', 'bad_grouping'],
    ['1,250 000', 'bad_grouping'],
    ['1 250٬000', 'bad_grouping'],
    [',5', 'bad_grouping'],
    ['0,250', 'ambiguous'],
    ['1234,567', 'ambiguous'],
  ])('%j is refused: %s', (raw, reason) => {
    expect(readNumber(raw)).toEqual({ ok: false, reason });
  });

  it.each(['', '   ', '\u200f', null, undefined])('%j is empty: no value', (raw) => {
    expect(readNumber(raw)).toEqual({ ok: true, value: null });
    expect(parseNumber(raw)).toBeNull();
  });

  it('parseNumber answers NaN for a refusal, so a number schema refuses it', () => {
    expect(parseNumber('1,2,3')).toBeNaN();
    expect(parseNumber('١٢،٥')).toBe(12.5);
  });
});

describe('rounding prices and stock to their columns', () => {
  it.each<[number, number]>([
    [14.949999999, 14.95],
    [1.005, 1.01],
    [1.004, 1],
    [0.125, 0.13],
    [2.675, 2.68],
    [-1.005, -1.01],
    [-0.001, 0],
    [999_999_999_999.99, 999_999_999_999.99],
    [1e-7, 0],
    [12, 12],
  ])('price %s is %s', (n, rounded) => expect(roundPrice(n)).toBe(rounded));

  it.each<[number, number]>([
    [0.05, 0.1],
    [0.04, 0],
    [1199.95, 1200],
    [2.25, 2.3],
    [-2.25, -2.3],
  ])('stock %s is %s', (n, rounded) => expect(roundStock(n)).toBe(rounded));

  it('leaves what is not a finite number as it is', () => {
    expect(roundTo(Number.NaN, 2)).toBeNaN();
    expect(roundTo(1e21, 2)).toBe(1e21);
  });
});
