/**
 * How many tasks run at once, in all and per key: a task waits until both have room, and
 * waiting tasks start in the order they came among those that fit (one key at its limit
 * does not hold back another key's task behind it). Used to bound image decoding
 * (image.ts), whose memory is the decoded pixels, not the bytes uploaded.
 */
export class KeyedLimit {
  private running = 0;
  private readonly runningFor = new Map<string, number>();
  private readonly waiting: Array<{ key: string; start: () => void }> = [];

  constructor(
    readonly perKey: number,
    readonly total: number,
  ) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.waiting.push({ key, start });
      this.dispatch();
    });
    try {
      return await task();
    } finally {
      this.running--;
      const left = this.runningFor.get(key)! - 1;
      if (left) this.runningFor.set(key, left);
      else this.runningFor.delete(key);
      this.dispatch();
    }
  }

  /** Tasks running now, in all or for one key. */
  active(key?: string): number {
    return key === undefined ? this.running : (this.runningFor.get(key) ?? 0);
  }

  /** Tasks waiting for room. */
  get queued(): number {
    return this.waiting.length;
  }

  private dispatch(): void {
    for (let i = 0; i < this.waiting.length && this.running < this.total; ) {
      const { key, start } = this.waiting[i];
      if (this.active(key) < this.perKey) {
        this.waiting.splice(i, 1);
        this.running++;
        this.runningFor.set(key, this.active(key) + 1);
        start();
      } else i++;
    }
  }
}
