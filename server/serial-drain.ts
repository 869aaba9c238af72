/**
 * A queue's drain in one process (push messages, documents for ZATCA): one pass at a time,
 * and a kick while a pass runs makes it run once more after it, so what was queued
 * meanwhile does not wait for the next kick. The promise a kick returns resolves once the
 * drain is idle (tests and shutdown wait on it).
 */
export class SerialDrain {
  private running?: Promise<void>;
  private again = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pass();
      } while (this.again);
    })()
      .catch(this.onError)
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** The drain running now, if one is. */
  get current(): Promise<void> | undefined {
    return this.running;
  }
}
