/**
 * `vitest run`, with one thing added: a test file whose worker process died under it is
 * run again on its own, and named.
 *
 * Vitest's forks pool reports a worker that exits mid-file ("Worker exited unexpectedly")
 * as an error of the run, without naming the file; the file's tests stay unfinished. On a
 * loaded two-core machine that has happened with every assertion of the run passing and no
 * file to blame, which leaves nothing to fix and a red run. So: when the run fails, no
 * test failed, and the output shows a worker's death, the files left with unfinished tests
 * run once more in a fresh vitest; the run passes only if they all pass there. A test that
 * fails, anywhere, fails the run as before. The file and the rerun are printed, so a death
 * that keeps coming back to one file is seen.
 *
 * Usage: node scripts/vitest.mjs [vitest run arguments]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WORKER_DIED = 'Worker exited unexpectedly';

/**
 * What to do with a finished run: 'pass', 'fail', or the files to run again. `report` is
 * vitest's JSON report (null when none was written), `code` the run's exit code, `died`
 * whether its output showed a worker's death.
 */
export function verdict(report, code, died) {
  if (code === 0) return 'pass';
  if (!report || !died || report.numFailedTests > 0 || report.numFailedTestSuites > 0) return 'fail';
  if (report.testResults.some((file) => file.status === 'failed')) return 'fail';
  const unfinished = report.testResults.filter((file) => file.assertionResults.some((test) => test.status === 'pending')).map((file) => file.name);
  return unfinished.length ? { rerun: unfinished } : 'pass';
}

/** The run's choice of projects (`--project server`, `--project=server`), kept for the rerun. */
function projectArgs(args) {
  return args.filter((arg, i) => arg.startsWith('--project') || args[i - 1] === '--project');
}

/** Runs vitest with `args`, echoing its output; answers its exit code, JSON report and whether a worker died. */
function run(args) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'binaa-vitest-'));
  const out = path.join(dir, 'report.json');
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { stdio: ['inherit', 'pipe', 'pipe'] });
    let died = false;
    const echo = (to) => (chunk) => {
      if (chunk.includes(WORKER_DIED)) died = true;
      to.write(chunk);
    };
    child.stdout.on('data', echo(process.stdout));
    child.stderr.on('data', echo(process.stderr));
    child.on('close', (code) => {
      let report = null;
      try {
        report = JSON.parse(readFileSync(out, 'utf8'));
      } catch {
        // no report: the run did not get that far, and fails on its exit code
      }
      rmSync(dir, { recursive: true, force: true });
      resolve({ code: code ?? 1, report, died });
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const first = await run(args);
  const next = verdict(first.report, first.code, first.died);
  if (next === 'pass' && first.code !== 0) {
    console.error('vitest: a worker process died after its files had finished; every test of the run passed.');
  }
  if (typeof next === 'object') {
    const files = next.rerun.map((file) => path.relative(process.cwd(), file));
    console.error(`vitest: a worker process died while running ${files.join(', ')} (no test failed); running ${files.length === 1 ? 'it' : 'them'} again on ${files.length === 1 ? 'its' : 'their'} own.`);
    const again = await run([...projectArgs(args), ...files]);
    process.exit(again.code === 0 ? 0 : 1);
  }
  process.exit(next === 'pass' ? 0 : first.code || 1);
}
