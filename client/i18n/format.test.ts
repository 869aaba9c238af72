import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatDate, formatKg, formatList, formatNumber, formatSar } from './format';
import { dirOf, toLanguageCode } from './languages';

describe('formatting through Intl', () => {
  it('caps the unread badge at 9+', () => {
    expect(formatBadgeCount(3, 9, 'en')).toBe('3');
    expect(formatBadgeCount(9, 9, 'en')).toBe('9');
    expect(formatBadgeCount(10, 9, 'en')).toBe('9+');
    expect(formatBadgeCount(120, 9, 'ar')).toBe('٩+');
  });
  it('formats SAR amounts per language', () => {
    expect(formatSar(1250.5, 'en')).toMatch(/SAR\s?1,250\.50|1,250\.50\s?SAR/);
    expect(formatSar(1250.5, 'ar')).toContain('١٬٢٥٠٫٥٠');
    expect(formatSar(1250.5, 'ar')).toMatch(/ر\.س|﷼|SAR/);
    expect(formatSar(10, 'zh')).toMatch(/SAR|﷼/);
  });
  it('joins a list in the way of the language, not with the Arabic comma in every one', () => {
    expect(formatList(['a', 'b', 'c'], 'en')).toBe('a, b, and c');
    expect(formatList(['أ', 'ب', 'ج'], 'ar')).toBe('أ وب وج');
    expect(formatList(['甲', '乙', '丙'], 'zh')).toBe('甲、乙和丙');
    expect(formatList(['a'], 'en')).toBe('a');
  });
  it('writes numbers with the digits of the language', () => {
    expect(formatNumber(1000, 'ar')).toBe('١٬٠٠٠');
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber(1000, 'zh')).toBe('1,000');
  });
  it('formats weights in kilograms and dates', () => {
    expect(formatKg(2500, 'en')).toMatch(/2,500\s?kg/);
    expect(formatDate('2026-03-01T10:00:00Z', 'en')).toMatch(/Mar 1, 2026|1 Mar 2026/);
    expect(formatDate('not a date', 'en')).toBe('');
  });
  it('maps browser languages to the offered ones, right to left for Arabic only', () => {
    expect(toLanguageCode('en-US')).toBe('en');
    expect(toLanguageCode('zh-Hans-CN')).toBe('zh');
    expect(toLanguageCode('fr')).toBe('ar');
    expect(dirOf('ar')).toBe('rtl');
    expect(dirOf('en')).toBe('ltr');
    expect(dirOf('zh')).toBe('ltr');
  });
});
