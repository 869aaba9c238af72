/**
 * The periodic upkeep of one server process (sweeps, reminders, expiries: server/main.ts
 * names them), kept in one place so that shutdown can stop it: no timer fires once
 * stop() is called, and stop() resolves when the runs under way have finished, before the
 * database they write to is closed. A failed run is logged and tried again at its next
 * tick; each run is reported (`ran`) for the metrics. A tick that finds the task's previous
 * run still going skips: a slow sweep does not pile up copies of itself.
 */
import type { Logger } from 'pino';

export class Upkeep {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(private readonly opts: { logger: Logger; ran?: (task: string, ok: boolean) => void }) {}

  /** Runs `task` now (the promise resolves when it has, failed or not) unless it is already running or upkeep stopped. */
  run(name: string, task: () => Promise<unknown>): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const current = this.running.get(name);
    if (current) return current;
    const run = task()
      .then(
        () => this.opts.ran?.(name, true),
        (err) => {
          this.opts.logger.warn({ err, task: name }, 'upkeep task failed');
          this.opts.ran?.(name, false);
        },
      )
      .finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  /** Runs `task` every `everyMs` from now on (the timer never keeps the process up). */
  every(name: string, everyMs: number, task: () => Promise<unknown>): void {
    if (this.stopped) return;
    const timer = setInterval(() => void this.run(name, task), everyMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Runs `task` now, then every `everyMs`; resolves after the first run. */
  start(name: string, everyMs: number, task: () => Promise<unknown>): Promise<void> {
    this.every(name, everyMs, task);
    return this.run(name, task);
  }

  /** No more runs; resolves when those under way have finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers.clear();
    await Promise.all(this.running.values());
  }
}
