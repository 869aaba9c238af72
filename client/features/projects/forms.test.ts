import { describe, expect, it } from 'vitest';
import { bidValidUntil, bidValuesFrom, bondExpiresEarly, validateBid } from './bidForm';
import { emptyProject, validateProject } from './projectForm';

const PROJECT = '0b6c7f5e-2a7b-4c39-9d51-3f2a1c0e8d11';
/** A one-envelope tender without a bond, as the bid form reads it. */
const ONE = { id: PROJECT, envelopes: 1 as const, bid_bond_percent: null, opens_at: '2026-12-10T21:00:00.000Z' };
/** A two-envelope tender asking for a 2% bond, bids taken to the end of 10 December in Riyadh. */
const TWO = { ...ONE, envelopes: 2 as const, bid_bond_percent: 2 };
const DOC = '7d3f1c2e-5b6a-4c8d-9e0f-1a2b3c4d5e6f';
const GUARANTEE = '8e4a2d3f-6c7b-4d9e-8f1a-2b3c4d5e6f70';
const bid = (over: Partial<ReturnType<typeof bidValuesFrom>> = {}) => ({ ...bidValuesFrom(null), amount: '125000', proposal: 'Crew on site next week', ...over });

describe('the bid form', () => {
  it('reads an amount typed in Arabic-Indic digits', () => {
    expect(validateBid(bid({ amount: '١٢٥٠٠٠' }), ONE).input).toEqual({ project_id: PROJECT, amount: 125000, proposal: 'Crew on site next week', estimated_completion_days: null });
    expect(validateBid(bid({ amount: '١٢٥٬٠٠٠٫٥٠', estimated_completion_days: '٩٠' }), ONE).input).toMatchObject({ amount: 125000.5, estimated_completion_days: 90 });
  });

  it('asks for the amount and the proposal', () => {
    const { errors, input } = validateBid(bid({ amount: ' ', proposal: '' }), ONE);
    expect(input).toBeUndefined();
    expect(errors).toEqual({ amount: 'required', proposal: 'required' });
  });

  it('refuses an amount that is not SAR in 0.01 steps and days below 1 or not whole', () => {
    expect(validateBid(bid({ amount: '12abc' }), ONE).errors).toEqual({ amount: 'amount' });
    expect(validateBid(bid({ amount: '1.005' }), ONE).errors).toEqual({ amount: 'amount' });
    expect(validateBid(bid({ estimated_completion_days: '0' }), ONE).errors).toEqual({ estimated_completion_days: 'days' });
    expect(validateBid(bid({ estimated_completion_days: '٢٫٥' }), ONE).errors).toEqual({ estimated_completion_days: 'days' });
  });

  it('starts from the bid being updated', () => {
    expect(bidValuesFrom({ amount: 2300000, estimated_completion_days: 200, proposal: 'p' } as never)).toMatchObject({ amount: '2300000', estimated_completion_days: '200', proposal: 'p', technical_text: '', bond_number: '' });
    expect(
      bidValuesFrom({ amount: 1, proposal: 'p', technical: { text: 'منهجية', document_ids: [DOC] }, bid_bond: { document_id: GUARANTEE, number: 'LG-1', bank: 'الراجحي', expires_on: '2027-03-31' } } as never),
    ).toMatchObject({ technical_text: 'منهجية', bond_document: GUARANTEE, bond_number: 'LG-1', bond_bank: 'الراجحي', bond_expires_on: '2027-03-31' });
  });
});

describe('the bid form of a two-envelope tender with a bid bond', () => {
  const bond = { bond_document: GUARANTEE, bond_number: ' LG-2026-114 ', bond_bank: 'البنك الأهلي', bond_expires_on: '2027-03-10' };

  it('asks for the technical envelope: a text or at least one file', () => {
    expect(validateBid(bid(), TWO).errors).toEqual({ technical_text: 'technicalRequired' });
    expect(validateBid(bid({ technical_text: '   ' }), TWO).errors).toEqual({ technical_text: 'technicalRequired' });
    expect(validateBid(bid(), TWO, [DOC]).input?.technical).toEqual({ document_ids: [DOC] });
    expect(validateBid(bid({ technical_text: 'منهجية التنفيذ' }), TWO).input?.technical).toEqual({ text: 'منهجية التنفيذ', document_ids: [] });
  });

  it('sends no technical envelope on a one-envelope tender, and no bond where none is asked', () => {
    const { input } = validateBid(bid({ technical_text: 'x', ...bond }), ONE, [DOC]);
    expect(input).toBeDefined();
    expect(input).not.toHaveProperty('technical');
    expect(input).not.toHaveProperty('bid_bond');
  });

  it('takes a bid without a bond (it is marked at the opening), and a bond whole or not at all', () => {
    expect(validateBid(bid({ technical_text: 't' }), TWO).input).not.toHaveProperty('bid_bond');
    expect(validateBid(bid({ technical_text: 't', bond_number: 'LG-1' }), TWO).errors).toEqual({ bond_document: 'bondDocument', bond_bank: 'required', bond_expires_on: 'required' });
    expect(validateBid(bid({ technical_text: 't', ...bond }), TWO).input?.bid_bond).toEqual({ document_id: GUARANTEE, number: 'LG-2026-114', bank: 'البنك الأهلي', expires_on: '2027-03-10' });
    expect(validateBid(bid({ technical_text: 't', ...bond, bond_expires_on: '2027-3-1' }), TWO).errors).toEqual({ bond_expires_on: 'invalid' });
  });

  it('holds the bond to 90 days after the Riyadh day the bidding closes, that day included', () => {
    // Bids taken to the end of 10 December in Riyadh: the bond must last to 10 March.
    expect(bidValidUntil(TWO.opens_at)).toBe('2027-03-10');
    expect(bondExpiresEarly(TWO, '2027-03-10')).toBe(false);
    expect(bondExpiresEarly(TWO, '2027-03-09')).toBe(true);
    // A deadline at 13:30 Riyadh time on 10 December closes that day too.
    expect(bidValidUntil('2026-12-10T10:30:00.000Z')).toBe('2027-03-10');
    expect(bidValidUntil(null)).toBeNull();
    expect(bondExpiresEarly({ opens_at: null }, '2020-01-01')).toBe(false);
  });
});

describe('the post-a-project form', () => {
  const filled = { ...emptyProject(), title: 'King Fahd Road', description: 'Asphalt and lighting', location: 'Al-Kharj' };

  it('asks for title, description and location', () => {
    expect(validateProject(emptyProject()).errors).toEqual({ title: 'required', description: 'required', location: 'required' });
  });

  it('reads a budget typed in Arabic-Indic digits; no budget is null', () => {
    expect(validateProject({ ...filled, budget: '٢٥٠٠٠٠٠' }).input).toMatchObject({ budget: 2500000, deadline_date: null });
    expect(validateProject(filled).input?.budget).toBeNull();
    expect(validateProject({ ...filled, budget: 'lots' }).errors).toEqual({ budget: 'amount' });
  });

  it('makes a deadline with a time that minute in Riyadh, and one without a time the whole day', () => {
    expect(validateProject({ ...filled, deadline_date: '2099-03-10', deadline_time: '13:30' }).input).toMatchObject({ deadline_at: '2099-03-10T10:30:00.000Z', deadline_date: null });
    expect(validateProject({ ...filled, deadline_date: '2099-03-10' }).input).toMatchObject({ deadline_at: null, deadline_date: '2099-03-10' });
    expect(validateProject({ ...filled, deadline_time: '13:30' }).errors).toEqual({ deadline_date: 'deadlineDayNeeded' });
    expect(validateProject({ ...filled, deadline_date: '2020-03-10', deadline_time: '13:30' }).errors).toEqual({ deadline_time: 'deadlinePast' });
  });

  it('posts one envelope and no bond unless asked; two envelopes and a bond percent up to 10 with two decimals', () => {
    expect(validateProject(filled).input).toMatchObject({ envelopes: 1, bid_bond_percent: null });
    expect(validateProject({ ...filled, envelopes: '2', bid_bond_percent: '٢٫٥' }).input).toMatchObject({ envelopes: 2, bid_bond_percent: 2.5 });
    expect(validateProject({ ...filled, bid_bond_percent: '10' }).input?.bid_bond_percent).toBe(10);
    for (const bad of ['0', '10.01', '1.005', '-1', 'two']) expect(validateProject({ ...filled, bid_bond_percent: bad }).errors, bad).toEqual({ bid_bond_percent: 'bondPercent' });
  });

  it('closes questions at the end of their day in Riyadh, and only before the deadline day', () => {
    expect(validateProject({ ...filled, deadline_date: '2027-03-10', questions_until: '2027-03-01' }).input?.questions_until).toBe('2027-03-01T21:00:00.000Z');
    expect(validateProject(filled).input?.questions_until).toBeNull();
    expect(validateProject({ ...filled, deadline_date: '2027-03-10', questions_until: '2027-03-10' }).errors).toEqual({ questions_until: 'questionsAfterDeadline' });
  });
});
