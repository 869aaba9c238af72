import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_END_REASONS } from '../../../shared/push';
import { attachLiveStream, reconnectDelay, RECONNECT_MAX_MS } from './stream';

/** A stand-in EventSource the test drives: opens, errors and server events on demand. */
class FakeSource extends EventTarget {
  static made: FakeSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSource.made.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: string) {
    this.dispatchEvent(data === undefined ? new Event(type) : new MessageEvent(type, { data }));
  }
}

describe('the live stream on the page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSource.made = [];
  });
  afterEach(() => vi.useRealTimers());

  it('doubles the wait before each reconnect up to a minute, with jitter, and starts again after a success', () => {
    expect([0, 1, 2, 3].map((n) => reconnectDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(0, () => 0)).toBe(500);

    const onChange = vi.fn();
    const detach = attachLiveStream({ onChange, EventSourceImpl: FakeSource as unknown as typeof EventSource });
    expect(FakeSource.made).toHaveLength(1);
    vi.spyOn(Math, 'random').mockReturnValue(1);
    FakeSource.made[0].emit('error');
    expect(FakeSource.made[0].closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.made).toHaveLength(2);
    FakeSource.made[1].emit('error');
    vi.advanceTimersByTime(1999);
    expect(FakeSource.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSource.made).toHaveLength(3);
    // Open: pull once for what was missed, and the next failure waits 1 s again.
    FakeSource.made[2].emit('open');
    expect(onChange).toHaveBeenCalledTimes(1);
    FakeSource.made[2].emit('change');
    expect(onChange).toHaveBeenCalledTimes(2);
    FakeSource.made[2].emit('error');
    vi.advanceTimersByTime(1000);
    expect(FakeSource.made).toHaveLength(4);
    detach();
    expect(FakeSource.made[3].closed).toBe(true);
  });

  it('stays closed once the server ends the stream (signed out)', () => {
    const onEnd = vi.fn();
    attachLiveStream({ onChange: () => {}, onEnd, EventSourceImpl: FakeSource as unknown as typeof EventSource });
    FakeSource.made[0].emit('end', LIVE_END_REASONS.session);
    FakeSource.made[0].emit('error');
    vi.advanceTimersByTime(120_000);
    expect(onEnd).toHaveBeenCalledWith(LIVE_END_REASONS.session);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(FakeSource.made).toHaveLength(1);
  });

  it("stays closed when the server replaced this tab's stream with a newer one of the same person (no reconnect to close another tab's)", () => {
    const onEnd = vi.fn();
    attachLiveStream({ onChange: () => {}, onEnd, EventSourceImpl: FakeSource as unknown as typeof EventSource });
    FakeSource.made[0].emit('open');
    FakeSource.made[0].emit('end', LIVE_END_REASONS.replaced);
    FakeSource.made[0].emit('error'); // the server closes the response after `end`
    vi.advanceTimersByTime(120_000);
    expect(onEnd).toHaveBeenCalledWith(LIVE_END_REASONS.replaced);
    expect(FakeSource.made).toHaveLength(1);
    expect(FakeSource.made[0].closed).toBe(true);
  });
});
