/**
 * The backup drill's record: each step's name, its time and what it found, printed as it
 * ends so a failure shows where it happened, and the verdict (pass only when every step
 * passed). A step that throws is recorded as failed with its message; the steps after it
 * are not run (each needs the one before), but the clean-up steps always are.
 */

export interface StepResult {
  name: string;
  ms: number;
  ok: boolean;
  /** what the step found (figures), or why it failed */
  detail: string;
}

/** Thrown by `check`: a step found something other than what a working restore gives. */
class CheckFailed extends Error {}

/** Fails the running step with `message` unless `condition` holds. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/** One step's line: its time, ok or FAIL, its name and what it found. */
export function formatStep(s: StepResult): string {
  return `[${(s.ms / 1000).toFixed(2).padStart(7)} s] ${s.ok ? 'ok  ' : 'FAIL'}  ${s.name}${s.detail ? ` — ${s.detail}` : ''}`;
}

/** PASS when there were steps and every one passed; else FAIL naming the failed ones. */
export function verdict(steps: readonly StepResult[]): { ok: boolean; line: string } {
  const failed = steps.filter((s) => !s.ok);
  const total = steps.reduce((sum, s) => sum + s.ms, 0);
  if (!steps.length) return { ok: false, line: 'FAIL: no step ran' };
  if (failed.length) return { ok: false, line: `FAIL: ${failed.map((s) => s.name).join('; ')}` };
  return { ok: true, line: `PASS: ${steps.length} steps in ${(total / 1000).toFixed(1)} s` };
}

export class Drill {
  readonly steps: StepResult[] = [];
  constructor(private readonly print: (line: string) => void = console.log) {}

  /**
   * Runs one step. `fn` returns what it found (a line of figures) and may hand a value on
   * through `keep`; a throw records the failure and is thrown on as `StepFailed`, so the
   * drill goes to its clean-up.
   */
  async step<T = undefined>(name: string, fn: (keep: (value: T) => void) => Promise<string>): Promise<T> {
    const started = performance.now();
    let kept: T | undefined;
    try {
      const detail = await fn((value) => {
        kept = value;
      });
      this.record({ name, ms: performance.now() - started, ok: true, detail });
      return kept as T;
    } catch (err) {
      const detail = err instanceof CheckFailed ? err.message : `${(err as Error).message ?? err}`.split('\n').slice(0, 6).join(' | ');
      this.record({ name, ms: performance.now() - started, ok: false, detail });
      throw new StepFailed(name);
    }
  }

  /** A clean-up step: run even after a failure, recorded, never thrown on. */
  async always(name: string, fn: () => Promise<string>): Promise<void> {
    await this.step(name, fn).catch(() => undefined);
  }

  verdict() {
    return verdict(this.steps);
  }

  private record(result: StepResult): void {
    this.steps.push(result);
    this.print(formatStep(result));
  }
}

/** A step failed (already recorded and printed). */
export class StepFailed extends Error {
  constructor(step: string) {
    super(`step failed: ${step}`);
  }
}
