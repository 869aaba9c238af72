/**
 * The test run's rule for a worker process that dies: a run passes only if every test
 * passed, the files a dead worker left unfinished included (run again on their own).
 */
import { describe, expect, it } from 'vitest';
import { verdict } from './vitest.mjs';

const file = (name: string, ...tests: string[]) => ({ name, status: tests.includes('failed') ? 'failed' : 'passed', assertionResults: tests.map((status) => ({ status })) });
const report = (...files: ReturnType<typeof file>[]) => ({
  numFailedTests: files.flatMap((f) => f.assertionResults).filter((t) => t.status === 'failed').length,
  numFailedTestSuites: files.filter((f) => f.status === 'failed').length,
  testResults: files,
});

describe('a run whose worker died', () => {
  it('passes as vitest says when nothing died', () => {
    expect(verdict(report(file('a', 'passed')), 0, false)).toBe('pass');
    expect(verdict(report(file('a', 'failed')), 1, false)).toBe('fail');
  });

  it('reruns the files left with unfinished tests when no test failed', () => {
    const r = report(file('/w/a.test.ts', 'passed', 'skipped'), file('/w/b.test.ts', 'passed', 'pending', 'pending'));
    expect(verdict(r, 1, true)).toEqual({ rerun: ['/w/b.test.ts'] });
  });

  it('fails when a test failed, whatever else happened', () => {
    expect(verdict(report(file('a', 'failed'), file('b', 'pending')), 1, true)).toBe('fail');
  });

  it('fails a failed run whose output shows no death, or that wrote no report', () => {
    expect(verdict(report(file('b', 'pending')), 1, false)).toBe('fail');
    expect(verdict(null, 1, true)).toBe('fail');
  });

  it('passes when the worker died after every file had finished and passed', () => {
    expect(verdict(report(file('a', 'passed'), file('b', 'passed', 'skipped')), 1, true)).toBe('pass');
  });
});
