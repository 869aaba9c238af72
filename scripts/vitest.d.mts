/** Types of vitest.mjs, for its test. */
interface Report {
  numFailedTests: number;
  numFailedTestSuites: number;
  testResults: { name: string; status: string; assertionResults: { status: string }[] }[];
}
export function verdict(report: Report | null, code: number, died: boolean): 'pass' | 'fail' | { rerun: string[] };
