import { describe, expect, it } from 'vitest';
import { cardReasonCode, gatewayCardReason } from './card-reason';

describe('gatewayCardReason', () => {
  it.each([
    // Moyasar's test cards and Apple Pay amounts (docs.moyasar.com) and the development gateway's 3-D Secure step
    ['INSUFFICIENT FUNDS', 'insufficient_funds'],
    ['INSUFFICIENT_FUNDS', 'insufficient_funds'],
    ['DECLINED', 'declined'],
    ['Declined', 'declined'],
    ['DECLINED: LOST CARD', 'lost_card'],
    ['DECLINED: STOLEN CARD', 'stolen_card'],
    ['DECLINED: EXPIRED CARD', 'expired_card'],
    ['DECLINED: EXCEEDS WITHDRAWAL LIMIT', 'limit_exceeded'],
    ['3DS: attempted but not available, please ensure that you have enabled 3DS', 'authentication_failed'],
    ['3-D Secure transaction attempt failed', 'authentication_failed'],
    ['3-D Secure transaction attempt failed (Not Enrolled)', 'authentication_failed'],
    ['AUTHENTICATION FAILED', 'authentication_failed'],
    ['UNSPECIFIED FAILURE', 'unspecified_failure'],
    ['UNSPECIFIED_FAILUER', 'unspecified_failure'],
  ])('%s -> %s', (message, code) => {
    expect(gatewayCardReason(message)).toBe(code);
  });

  it('names no code for a message it does not know, or none', () => {
    expect(gatewayCardReason('DO NOT HONOUR BY SOMETHING NEW')).toBeNull();
    expect(gatewayCardReason('')).toBeNull();
    expect(gatewayCardReason(null)).toBeNull();
  });
});

describe('cardReasonCode', () => {
  it('reads back only codes it knows', () => {
    expect(cardReasonCode('insufficient_funds')).toBe('insufficient_funds');
    expect(cardReasonCode('mismatch')).toBe('mismatch');
    expect(cardReasonCode('INSUFFICIENT FUNDS')).toBeNull();
    expect(cardReasonCode('toString')).toBeNull();
    expect(cardReasonCode(null)).toBeNull();
  });
});
