/**
 * The canonical form and digest both sides compute, the opening moment of a deadline day
 * in Riyadh, and the phase of a tender.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bidDigest, canonicalBid, openingMoment, phaseOf, shownProjectStatus } from './tender';

const bid = {
  project_id: '11111111-1111-4111-8111-111111111111',
  contractor_id: '22222222-2222-4222-8222-222222222222',
  amount: 1000.5,
  estimated_completion_days: undefined,
  // "é" decomposed: the canonical form composes it (NFC)
  proposal: 'cafe\u0301',
  received_at: new Date('2026-11-25T10:00:00Z'),
};

describe('tender', () => {
  it('writes the canonical form with its keys in order, the amount with 2 decimals, the proposal NFC and the time in UTC with milliseconds', () => {
    expect(canonicalBid(bid)).toBe(
      '{"project_id":"11111111-1111-4111-8111-111111111111","contractor_id":"22222222-2222-4222-8222-222222222222","amount":"1000.50","estimated_completion_days":null,"proposal":"caf\u00e9","received_at":"2026-11-25T10:00:00.000Z"}',
    );
    expect(canonicalBid({ ...bid, received_at: '2026-11-25T13:00:00+03:00', amount: '1000.50' })).toBe(canonicalBid(bid));
  });

  it('digests the canonical form with SHA-256, in lowercase hex', async () => {
    expect(await bidDigest(bid)).toBe(createHash('sha256').update(canonicalBid(bid), 'utf8').digest('hex'));
    expect(await bidDigest({ ...bid, amount: 1000.51 })).not.toBe(await bidDigest(bid));
  });

  it('opens at the end of the deadline day in Riyadh: 21:00 UTC of that day', () => {
    expect(openingMoment('2026-12-31')).toBe('2026-12-31T21:00:00.000Z');
  });

  it('tells the phase: bidding, evaluation from the opening, standstill from the award, none once not open', () => {
    const base = { status: 'open', opens_at: '2026-12-31T21:00:00.000Z', opened_at: null, awarded_at: null, award_final_at: null };
    expect(phaseOf(base, new Date('2026-12-31T20:59:59.999Z'))).toBe('bidding');
    expect(phaseOf(base, new Date('2026-12-31T21:00:00.000Z'))).toBe('evaluation');
    expect(phaseOf({ ...base, opens_at: null }, new Date('2030-01-01'))).toBe('bidding');
    expect(phaseOf({ ...base, opened_at: '2027-01-01T00:00:00Z', awarded_at: '2027-01-02T00:00:00Z' })).toBe('standstill');
    expect(phaseOf({ ...base, status: 'in_progress', awarded_at: 'x', award_final_at: 'y' })).toBeNull();
  });
});

describe("a project's shown status", () => {
  it('reads awarded during the standstill, open while bidding or evaluating, and the stored status otherwise', () => {
    const awarded = { status: 'open', opens_at: '2026-11-01T21:00:00.000Z', opened_at: '2026-11-01T21:00:00.000Z', awarded_at: '2026-11-03T09:00:00.000Z', standstill_ends_at: '2026-11-10T09:00:00.000Z', award_final_at: null };
    expect(shownProjectStatus('open', phaseOf(awarded, '2026-11-04T00:00:00.000Z'))).toBe('awarded');
    // Past its end with an objection still open, the award is not final: still awarded, not open again.
    expect(shownProjectStatus('open', phaseOf(awarded, '2026-11-12T00:00:00.000Z'))).toBe('awarded');
    expect(shownProjectStatus('open', phaseOf({ ...awarded, awarded_at: null }, '2026-11-04T00:00:00.000Z'))).toBe('open');
    expect(shownProjectStatus('open', 'bidding')).toBe('open');
    expect(shownProjectStatus('in_progress', null)).toBe('in_progress');
  });
});
