/**
 * A test's reader of an event stream (GET /api/live): the events as they arrive, with the
 * client's cookies, and whether the server ended the stream.
 */
import type { TestClient } from './http-client';

interface SseEvent {
  event: string;
  data: string;
  at: number;
}

export interface SseReader {
  status: number;
  events: SseEvent[];
  comments: number;
  /** resolves when the server closes the stream */
  closed: Promise<void>;
  /** the next event named `name` after those already taken, within `ms` */
  next(name: string, ms?: number): Promise<SseEvent>;
  /** how many `name` events arrived */
  count(name: string): number;
  close(): void;
}

export async function openStream(client: TestClient, path = '/api/live'): Promise<SseReader> {
  const abort = new AbortController();
  const res = await fetch(new URL(path, client.base), {
    headers: { Accept: 'text/event-stream', Cookie: client.cookieHeader() },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const taken = new Map<string, number>();
  const waiters = new Set<() => void>();
  const reader: SseReader = {
    status: res.status,
    events,
    comments: 0,
    closed: Promise.resolve(),
    async next(name, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const seen = events.filter((e) => e.event === name);
        const n = taken.get(name) ?? 0;
        if (seen.length > n) {
          taken.set(name, n + 1);
          return seen[n];
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${name} event within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.add(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    count: (name) => events.filter((e) => e.event === name).length,
    close: () => abort.abort(),
  };
  if (res.status !== 200 || !res.body) {
    await res.text().catch(() => {});
    return reader;
  }
  reader.closed = (async () => {
    const decoder = new TextDecoder();
    let buf = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += decoder.decode(chunk, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let event = 'message';
          let data = '';
          let any = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) reader.comments++;
            else if (line.startsWith('event:')) {
              event = line.slice(6).trim();
              any = true;
            } else if (line.startsWith('data:')) {
              data = line.slice(5).trim();
              any = true;
            }
          }
          if (any) events.push({ event, data, at: performance.now() });
          for (const w of waiters) w();
          waiters.clear();
        }
      }
    } catch {
      /* aborted by the test */
    }
    for (const w of waiters) w();
  })();
  return reader;
}
