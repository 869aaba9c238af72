import { describe, expect, it } from 'vitest';
import { formatSaudiPhone } from './phone';

describe('Saudi phone formatting', () => {
  it('shows mobiles as +966 5X XXX XXXX whatever the input form', () => {
    for (const input of ['+966501234567', '0501234567', '00966501234567', '966 50 123 4567', '٠٥٠١٢٣٤٥٦٧', '501234567']) {
      expect(formatSaudiPhone(input)).toBe('+966 50 123 4567');
    }
  });
  it('leaves what it does not recognise as typed', () => {
    expect(formatSaudiPhone(' 12345 ')).toBe('12345');
    expect(formatSaudiPhone(null)).toBe('');
  });
});
