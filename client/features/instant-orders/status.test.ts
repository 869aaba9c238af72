import { describe, expect, it } from 'vitest';
import type { InstantOrder } from '../../../shared/schemas/instant-order';
import { byUrgency, orderStatusAt } from './status';

const order = (over: Partial<InstantOrder>): InstantOrder =>
  ({
    id: crypto.randomUUID(),
    status: 'active',
    urgency_level: 'normal',
    expires_at: '2030-01-10T00:00:00.000Z',
    created_at: '2030-01-01T00:00:00.000Z',
    ...over,
  }) as InstantOrder;

describe('orderStatusAt', () => {
  const now = Date.parse('2030-01-05T12:00:00.000Z');

  it('shows an active order past expires_at as expired before the server says so', () => {
    expect(orderStatusAt(order({ expires_at: '2030-01-05T11:59:59.000Z' }), now)).toBe('expired');
    expect(orderStatusAt(order({ expires_at: '2030-01-05T12:00:00.000Z' }), now)).toBe('expired');
  });

  it('keeps an active order active until then, and other statuses as they are', () => {
    expect(orderStatusAt(order({ expires_at: '2030-01-05T12:00:01.000Z' }), now)).toBe('active');
    expect(orderStatusAt(order({ status: 'fulfilled', expires_at: '2030-01-01T00:00:00.000Z' }), now)).toBe('fulfilled');
    expect(orderStatusAt(order({ status: 'cancelled', expires_at: '2030-01-01T00:00:00.000Z' }), now)).toBe('cancelled');
  });
});

describe('byUrgency', () => {
  it('puts the most urgent first, then the soonest to expire', () => {
    const low = order({ urgency_level: 'low' });
    const urgentLate = order({ urgency_level: 'urgent', expires_at: '2030-01-09T00:00:00.000Z' });
    const urgentSoon = order({ urgency_level: 'urgent', expires_at: '2030-01-02T00:00:00.000Z' });
    const high = order({ urgency_level: 'high' });
    const normal = order({ urgency_level: 'normal' });
    expect([low, normal, urgentLate, high, urgentSoon].sort(byUrgency)).toEqual([urgentSoon, urgentLate, high, normal, low]);
  });
});
