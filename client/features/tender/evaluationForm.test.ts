import { describe, expect, it } from 'vitest';
import { validateEvaluation } from './evaluationForm';

const A = '00000000-0000-4000-8000-0000000000a1';
const B = '00000000-0000-4000-8000-0000000000b2';

describe("the owner's technical evaluation", () => {
  it('asks for a verdict for every bidder before it is sent', () => {
    expect(validateEvaluation([A, B], { [A]: { pass: true, reason: '' } })).toEqual({ errors: { [B]: 'chooseAll' } });
    expect(validateEvaluation([A, B], { [A]: { pass: null, reason: '' }, [B]: { pass: true, reason: '' } }).errors).toEqual({ [A]: 'chooseAll' });
  });

  it('asks for the reason of a fail, and sends it trimmed; a pass carries none', () => {
    expect(validateEvaluation([A, B], { [A]: { pass: true, reason: 'kept from a change of mind' }, [B]: { pass: false, reason: '  ' } }).errors).toEqual({ [B]: 'reasonRequired' });
    expect(validateEvaluation([A, B], { [A]: { pass: true, reason: 'x' }, [B]: { pass: false, reason: ' لا خبرة في المباني المدرسية ' } })).toEqual({
      errors: {},
      results: [
        { bid_id: A, pass: true },
        { bid_id: B, pass: false, reason: 'لا خبرة في المباني المدرسية' },
      ],
    });
  });

  it('refuses a reason the server would refuse (too long)', () => {
    expect(validateEvaluation([B], { [B]: { pass: false, reason: 'x'.repeat(5001) } }).errors).toEqual({ [B]: 'reasonInvalid' });
  });

  it('sends nothing for a tender without envelopes', () => {
    expect(validateEvaluation([], {}).results).toBeUndefined();
  });
});
