/** The new-site form and the approval rules' editor: what they send, and the message under each field the shared schema refuses. */
import { describe, expect, it } from 'vitest';
import { addLevel, draftLevels, emptySite, newBudgetLine, parseTolerance, removeLevel, validateRules, validateSite, type SiteDraft } from './siteForm';

const OWNER = '00000000-0000-4000-8000-0000000000a1';
const MANAGER = '00000000-0000-4000-8000-0000000000a2';

const site = (patch: Partial<SiteDraft> = {}): SiteDraft => ({ ...emptySite(), name: 'برج الياسمين السكني', location: 'الرياض، حي الياسمين', ...patch });

describe('the new-site form', () => {
  it('sends the site with its lines as typed: Arabic digits and separators read, blanks as null', () => {
    const lines = [
      newBudgetLine({ code: '1.1', description: 'خرسانة مسلحة', quantity: '١٢٠', unit: 'م3', budget_amount: '٤٥٬٦٠٠' }),
      newBudgetLine({ description: 'حديد تسليح', quantity: '35.5', unit: 'طن', budget_amount: '94075.50' }),
    ];
    const { errors, input } = validateSite(site({ starts_on: '2027-01-01', ends_on: '2027-12-31', manager_id: MANAGER, lines }));
    expect(errors).toEqual({ head: {}, lines: {} });
    expect(input).toMatchObject({
      name: 'برج الياسمين السكني',
      starts_on: '2027-01-01',
      ends_on: '2027-12-31',
      manager_id: MANAGER,
      budget_lines: [
        { id: lines[0].id, code: '1.1', description: 'خرسانة مسلحة', quantity: 120, unit: 'م3', category_id: null, budget_amount: 45600 },
        { id: lines[1].id, code: null, description: 'حديد تسليح', quantity: 35.5, unit: 'طن', budget_amount: 94075.5 },
      ],
    });
    expect(validateSite(site()).input).toMatchObject({ starts_on: null, ends_on: null, manager_id: null, budget_lines: [] });
  });

  it('names each field it refuses: a missing name and place, an end before the start, each line\'s empty or wrong field', () => {
    const bad = newBudgetLine({ description: '', quantity: '0', unit: 'م3', budget_amount: 'كثير' });
    const { errors, input } = validateSite(site({ name: ' ', location: '', starts_on: '2027-06-01', ends_on: '2027-01-01', lines: [bad] }));
    expect(input).toBeUndefined();
    expect(errors.head).toEqual({ name: 'required', location: 'required', ends_on: 'endsBeforeStart' });
    expect(errors.lines[bad.id]).toEqual({ description: 'required', quantity: 'quantity', budget_amount: 'amount' });
    const blank = newBudgetLine();
    expect(validateSite(site({ lines: [blank] })).errors.lines[blank.id]).toEqual({ description: 'required', quantity: 'required', unit: 'required', budget_amount: 'required' });
  });
});

describe('the approval rules editor', () => {
  const defaults = [{ up_to_amount: 10000, approver_ids: [] }, { up_to_amount: null, approver_ids: [OWNER] }];

  it('starts from the site\'s levels and sends them as typed, the last one without a limit', () => {
    const levels = draftLevels(defaults);
    expect(levels.map((l) => [l.up_to_amount, l.approver_ids])).toEqual([['10000', []], ['', [OWNER]]]);
    const two = [{ ...levels[0], up_to_amount: '٥٠٬٠٠٠', approver_ids: [MANAGER] }, levels[1]];
    expect(validateRules(two, new Set([OWNER, MANAGER])).input).toEqual({ levels: [{ up_to_amount: 50000, approver_ids: [MANAGER] }, { up_to_amount: null, approver_ids: [OWNER] }] });
  });

  it('adds a level before the top one and removes any; the last one is always the top', () => {
    const levels = draftLevels(defaults);
    const three = addLevel(levels);
    expect(three.map((l) => l.up_to_amount)).toEqual(['10000', '', '']);
    expect(three[2].key).toBe(levels[1].key);
    const { input } = validateRules(removeLevel(three, levels[1].key).map((l, i) => (i === 1 ? { ...l, up_to_amount: 'ignored' } : l)));
    expect(input?.levels.at(-1)?.up_to_amount).toBeNull();
  });

  it('says a missing limit, a limit not above the one before, and an approver who is not a member, under their level', () => {
    const [first, top] = draftLevels(defaults);
    const middle = { key: 'm', up_to_amount: '', approver_ids: [] };
    expect(validateRules([first, middle, top]).errors.byLevel).toEqual({ m: { up_to_amount: 'required' } });
    expect(validateRules([first, { ...middle, up_to_amount: '٥٠٠٠' }, top]).errors.byLevel).toEqual({ m: { up_to_amount: 'ascending' } });
    const gone = validateRules([first, { ...top, approver_ids: ['00000000-0000-4000-8000-0000000000ff'] }], new Set([OWNER]));
    expect(gone.input).toBeUndefined();
    expect(gone.errors.byLevel[top.key]).toEqual({ approver_ids: 'approver' });
    expect(validateRules([]).errors.levels).toBe('noLevels');
  });
});

describe("the owner's tolerance over an approved amount", () => {
  it('takes a percentage from 0 to 100 in hundredths, Arabic digits too, and nothing else', () => {
    expect(['0', '10', '٢٫٥', '12.25', '100'].map(parseTolerance)).toEqual([0, 10, 2.5, 12.25, 100]);
    expect(['', '-1', '100.01', '1.005', 'ten'].map(parseTolerance)).toEqual([null, null, null, null, null]);
  });
});
