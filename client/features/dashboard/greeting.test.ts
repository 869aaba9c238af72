import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';

describe('dashboard greeting', () => {
  it('says good morning from 5 to 11, afternoon from 12 to 16, evening otherwise', () => {
    expect([4, 5, 11, 12, 16, 17, 23, 0].map(greetingFor)).toEqual([
      'evening', 'morning', 'morning', 'afternoon', 'afternoon', 'evening', 'evening', 'evening',
    ]);
  });
});
