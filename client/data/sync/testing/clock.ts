/** Test support: a virtual clock for the engine's timers; nothing fires until a test advances it. */
import type { Timers } from '../engine';

export class Clock implements Timers {
  t = 1_000_000;
  private next = 1;
  private timers = new Map<number, { due: number; fn: () => void }>();
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.timers.set(id, { due: this.t + ms, fn });
    return id;
  };
  clearTimeout = (id: unknown) => void this.timers.delete(id as number);
  /** Moves time on, firing what falls due, earliest first. */
  advance(ms: number) {
    this.t += ms;
    for (const [id, timer] of [...this.timers].sort((a, b) => a[1].due - b[1].due)) {
      if (timer.due > this.t) continue;
      this.timers.delete(id);
      timer.fn();
    }
  }
  /** How long until each scheduled timer falls due. */
  pending() {
    return [...this.timers.values()].map((t) => t.due - this.t);
  }
}
