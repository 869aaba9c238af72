import { describe, expect, it } from 'vitest';
import { issuesByLine, rowIssueDetails, type CheckedRow } from './price-list';

const row = (line: number, issues: CheckedRow['issues']) => ({ line, issues }) as CheckedRow;

describe("a refused import's lines", () => {
  it('are written as line:<n> details and read back per line, problems in order', () => {
    const details = rowIssueDetails([row(2, ['missing_name', 'missing_unit']), row(7, ['duplicate_sku'])]);
    expect(details).toEqual([
      { path: 'line:2', message: 'missing_name', code: 'missing_name' },
      { path: 'line:2', message: 'missing_unit', code: 'missing_unit' },
      { path: 'line:7', message: 'duplicate_sku', code: 'duplicate_sku' },
    ]);
    expect(issuesByLine(details)).toEqual([
      { line: 2, issues: ['missing_name', 'missing_unit'] },
      { line: 7, issues: ['duplicate_sku'] },
    ]);
  });

  it('leave out a detail that names no line', () => {
    expect(issuesByLine([{ path: 'rows', message: 'too_big' }, { path: 'line:x', message: 'bad' }, { path: 'line:3', message: 'plan_limit' }])).toEqual([{ line: 3, issues: ['plan_limit'] }]);
  });
});
