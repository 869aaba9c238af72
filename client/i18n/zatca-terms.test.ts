/**
 * ZATCA clears a tax document: the authority approves it. In Chinese that is 核准, as the
 * Arabic says اعتماد; 清关 is customs clearance, a different procedure a reader would take
 * it for. Every Chinese string of every namespace is read, so a new string cannot bring it
 * back.
 */
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './languages';
import { localeStrings } from './localeFiles';

describe('ZATCA’s clearance in Chinese', () => {
  it('is 核准 in every string, never 清关 (customs clearance)', () => {
    const customs = NAMESPACES.flatMap((ns) =>
      Object.entries(localeStrings('zh', ns))
        .filter(([, text]) => text.includes('清关'))
        .map(([key]) => `${ns}:${key}`),
    );
    expect(customs).toEqual([]);
  });
});
