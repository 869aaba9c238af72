import { describe, expect, it } from 'vitest';
import { bidValuesFrom, validateBid } from './bidForm';
import { emptyProject, validateProject } from './projectForm';

const PROJECT = '0b6c7f5e-2a7b-4c39-9d51-3f2a1c0e8d11';
const bid = (over: Partial<ReturnType<typeof bidValuesFrom>> = {}) => ({ ...bidValuesFrom(null), amount: '125000', proposal: 'Crew on site next week', ...over });

describe('the bid form', () => {
  it('reads an amount typed in Arabic-Indic digits', () => {
    expect(validateBid(bid({ amount: '١٢٥٠٠٠' }), PROJECT).input).toEqual({ project_id: PROJECT, amount: 125000, proposal: 'Crew on site next week', estimated_completion_days: null });
    expect(validateBid(bid({ amount: '١٢٥٬٠٠٠٫٥٠', estimated_completion_days: '٩٠' }), PROJECT).input).toMatchObject({ amount: 125000.5, estimated_completion_days: 90 });
  });

  it('asks for the amount and the proposal', () => {
    const { errors, input } = validateBid(bid({ amount: ' ', proposal: '' }), PROJECT);
    expect(input).toBeUndefined();
    expect(errors).toEqual({ amount: 'required', proposal: 'required' });
  });

  it('refuses an amount that is not SAR in 0.01 steps and days below 1 or not whole', () => {
    expect(validateBid(bid({ amount: '12abc' }), PROJECT).errors).toEqual({ amount: 'amount' });
    expect(validateBid(bid({ amount: '1.005' }), PROJECT).errors).toEqual({ amount: 'amount' });
    expect(validateBid(bid({ estimated_completion_days: '0' }), PROJECT).errors).toEqual({ estimated_completion_days: 'days' });
    expect(validateBid(bid({ estimated_completion_days: '٢٫٥' }), PROJECT).errors).toEqual({ estimated_completion_days: 'days' });
  });

  it('starts from the bid being updated', () => {
    expect(bidValuesFrom({ amount: 2300000, estimated_completion_days: 200, proposal: 'p' } as never)).toEqual({ amount: '2300000', estimated_completion_days: '200', proposal: 'p' });
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

  it('closes questions at the end of their day in Riyadh, and only before the deadline day', () => {
    expect(validateProject({ ...filled, deadline_date: '2027-03-10', questions_until: '2027-03-01' }).input?.questions_until).toBe('2027-03-01T21:00:00.000Z');
    expect(validateProject(filled).input?.questions_until).toBeNull();
    expect(validateProject({ ...filled, deadline_date: '2027-03-10', questions_until: '2027-03-10' }).errors).toEqual({ questions_until: 'questionsAfterDeadline' });
  });
});
