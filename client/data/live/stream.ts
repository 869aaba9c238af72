/**
 * The live stream (GET /api/live, Server-Sent Events): after a commit that touched what
 * this user may see, the server sends `change` and the engine pulls at once. The 30 s
 * poll and the other triggers stay as they are: they are the fallback while the stream
 * is down. A stream that fails reconnects after a growing, jittered wait (1 s doubling to
 * 60 s; at once when the browser comes back online); `end` closes it for good: the session
 * is over, or this tab's stream was the oldest of more than the server keeps for one
 * person (reconnecting would close another tab's, and so on around; this tab keeps the
 * poll). No React: the engine's side of the page.
 */
import { LIVE_EVENTS, type LiveEndReason } from '../../../shared/push';
import type { SyncEngine } from '../sync/engine';
import { deviceId } from './device';

const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 60_000;

/** The wait before reconnect number `attempt` (0 first): doubling, capped, with jitter in [50 %, 100 %]. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  return Math.round(Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt) * (0.5 + random() / 2));
}

export interface LiveStreamOptions {
  /** called on every `change` */
  onChange: () => void;
  /** the server ended the stream for good, saying why */
  onEnd?: (reason: LiveEndReason) => void;
  EventSourceImpl?: typeof EventSource;
  /** wait this long after the page has loaded before the first connection (default 0) */
  startAfterMs?: number;
}

export function attachLiveStream(opts: LiveStreamOptions): () => void {
  const ES = opts.EventSourceImpl ?? (typeof EventSource === 'undefined' ? undefined : EventSource);
  if (!ES) return () => {};
  let source: EventSource | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const open = () => {
    timer = null;
    if (stopped) return;
    source = new ES(`/api/live?device_id=${encodeURIComponent(deviceId())}`, { withCredentials: true });
    source.addEventListener('open', () => {
      attempt = 0;
      // Whatever committed while the stream was down: pull once.
      opts.onChange();
    });
    source.addEventListener(LIVE_EVENTS.change, () => opts.onChange());
    source.addEventListener(LIVE_EVENTS.end, (e) => {
      stopped = true;
      source?.close();
      opts.onEnd?.((e as MessageEvent).data);
    });
    source.addEventListener('error', () => {
      // The browser would retry on its own at a fixed pace; this backs off instead.
      source?.close();
      source = null;
      if (!stopped) retry(reconnectDelay(attempt++));
    });
  };
  const retry = (ms: number) => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(open, ms);
  };
  const online = () => {
    if (!source && !stopped) {
      attempt = 0;
      retry(0);
    }
  };
  const win = typeof window === 'undefined' ? undefined : window;
  win?.addEventListener('online', online);
  if (!opts.startAfterMs) open();
  else {
    const later = () => retry(opts.startAfterMs!);
    if (typeof document === 'undefined' || document.readyState === 'complete') later();
    else win?.addEventListener('load', later, { once: true });
  }
  return () => {
    stopped = true;
    win?.removeEventListener('online', online);
    if (timer !== null) clearTimeout(timer);
    source?.close();
  };
}

/**
 * The stream wired to the engine: a change asks for a cycle now. It opens a little after
 * the page has loaded (the engine syncs at start anyway): a request that never ends would
 * otherwise keep the page from ever being "network idle", which tools such as Lighthouse
 * wait for.
 */
export const attachLiveSync = (engine: SyncEngine) => attachLiveStream({ onChange: () => engine.schedule(0), startAfterMs: 3000 });
