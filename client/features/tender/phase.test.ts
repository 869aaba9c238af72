import { describe, expect, it } from 'vitest';
import type { Project } from '../../../shared/schemas/project';
import { devicePhase } from './queries';

const OPENS = '2030-01-15T21:00:00.000Z';
const project = (fields: Partial<Project>) =>
  ({ status: 'open', phase: 'bidding', opens_at: OPENS, opened_at: null, awarded_at: null, award_final_at: null, ...fields }) as Project;

describe('the tender phase on the device', () => {
  it("ends the bidding at the opening's moment without waiting for the server's row", () => {
    expect(devicePhase(project({}), Date.parse(OPENS) - 1)).toBe('bidding');
    expect(devicePhase(project({}), Date.parse(OPENS))).toBe('evaluation');
  });

  it('opens a two-envelope tender into its technical evaluation, on the device too', () => {
    const two = project({ envelopes: 2, financial_opened_at: null });
    expect(devicePhase(two, Date.parse(OPENS) - 1)).toBe('bidding');
    expect(devicePhase(two, Date.parse(OPENS))).toBe('technical_evaluation');
  });

  it("otherwise keeps the server's phase: no deadline, standstill, and a project that is not open", () => {
    expect(devicePhase(project({ opens_at: null }), Date.parse(OPENS) + 1e9)).toBe('bidding');
    expect(devicePhase(project({ phase: 'standstill', opened_at: OPENS, awarded_at: OPENS }), Date.parse(OPENS) + 1e9)).toBe('standstill');
    expect(devicePhase(project({ phase: null, status: 'in_progress' }), Date.parse(OPENS) + 1e9)).toBeNull();
  });
});
