/**
 * The backup drill's verdict (scripts/backup-steps.ts), without running the drill: it passes
 * only when every step passed, a failed check is recorded with its message and stops the
 * steps after it, and a clean-up step runs and is counted after a failure.
 */
import { describe, expect, it } from 'vitest';
import { Drill, StepFailed, check, formatStep, verdict } from './backup-steps';

describe('the backup drill', () => {
  it('passes when every step passed, and fails naming each failed step or when nothing ran', () => {
    const ok = { name: 'restore', ms: 1200, ok: true, detail: '3 files' };
    expect(verdict([ok, { ...ok, name: 'pull', ms: 300 }])).toEqual({ ok: true, line: 'PASS: 2 steps in 1.5 s' });
    expect(verdict([ok, { ...ok, name: 'pdf', ok: false }, { ...ok, name: 'photo', ok: false }])).toEqual({ ok: false, line: 'FAIL: pdf; photo' });
    expect(verdict([]).ok).toBe(false);
  });

  it('prints a step with its time, ok or FAIL, and what it found', () => {
    expect(formatStep({ name: 'backup', ms: 2345, ok: true, detail: 'db.dump 120 kB' })).toBe('[   2.35 s] ok    backup — db.dump 120 kB');
    expect(formatStep({ name: 'pdf', ms: 5, ok: false, detail: '' })).toBe('[   0.01 s] FAIL  pdf');
  });

  it('records a failed check with its message, stops there, and still runs the clean-up', async () => {
    const printed: string[] = [];
    const drill = new Drill((line) => printed.push(line));
    const kept = await drill.step<number>('seed', async (keep) => {
      keep(42);
      return '5 users';
    });
    expect(kept).toBe(42);
    let after = false;
    await expect(
      (async () => {
        await drill.step('pdf', async () => {
          check(false, 'answered 404');
          return '';
        });
        after = true;
      })(),
    ).rejects.toBeInstanceOf(StepFailed);
    expect(after).toBe(false);
    await drill.always('clean-up', async () => {
      throw new Error('drop database failed\nsecond line');
    });
    expect(drill.steps.map((s) => [s.name, s.ok, s.detail])).toEqual([
      ['seed', true, '5 users'],
      ['pdf', false, 'answered 404'],
      ['clean-up', false, 'drop database failed | second line'],
    ]);
    expect(drill.verdict()).toEqual({ ok: false, line: 'FAIL: pdf; clean-up' });
    expect(printed).toHaveLength(3);
  });
});
