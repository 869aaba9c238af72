/**
 * The decode limit on its own: tasks that never finish until the test says so, so what
 * runs at once is exactly what the limit let start.
 */
import { describe, expect, it } from 'vitest';
import { KeyedLimit } from './decode-limit';

/** A task the test finishes by hand, noting when it started. */
function task(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { run: () => (started.push(name), done.then(() => name)), finish: () => finish() };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedLimit', () => {
  it('runs at most perKey tasks of one key and total in all; the others wait their turn', async () => {
    const limit = new KeyedLimit(1, 2);
    const started: string[] = [];
    const a1 = task(started, 'a1');
    const a2 = task(started, 'a2');
    const b1 = task(started, 'b1');
    const c1 = task(started, 'c1');
    const results = [limit.run('a', a1.run), limit.run('a', a2.run), limit.run('b', b1.run), limit.run('c', c1.run)];
    await tick();
    // a2 waits for a1 (its key), c1 for room in all; b1 is not held back behind a2.
    expect(started).toEqual(['a1', 'b1']);
    expect([limit.active(), limit.active('a'), limit.queued]).toEqual([2, 1, 2]);

    a1.finish();
    await tick();
    // The first waiting task that fits goes next: a2 came before c1.
    expect(started).toEqual(['a1', 'b1', 'a2']);
    b1.finish();
    await tick();
    expect(started).toEqual(['a1', 'b1', 'a2', 'c1']);
    a2.finish();
    c1.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'b1', 'c1']);
    expect([limit.active(), limit.active('a'), limit.queued]).toEqual([0, 0, 0]);
  });

  it('frees the room of a task that fails', async () => {
    const limit = new KeyedLimit(1, 1);
    await expect(limit.run('a', () => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(await limit.run('a', async () => 'next')).toBe('next');
    expect(limit.active()).toBe(0);
  });
});
