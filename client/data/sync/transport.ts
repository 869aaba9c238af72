/**
 * The engine's two HTTP calls (GET /api/sync/pull, POST /api/sync/push) on plain fetch,
 * with no React or i18n, so the service worker can run them for Background Sync. A
 * failure is a SyncHttpError with the status (and Retry-After), or a SyncNetworkError
 * when no answer came (offline, timeout, aborted). A pulled page is parsed with the shared
 * schemas (each change by its entity's row schema), so what reaches the local store has
 * the types the screens read; a page that does not parse is a SyncProtocolError, and the
 * engine tries again later without storing any of it.
 */
import { pullPageSchema, pullResetSchema, type PullResponse, type PushBody, type PushResponse, type SyncEntity } from '../../../shared/sync';

export class SyncHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly retryAfterMs?: number,
  ) {
    super(`HTTP ${status} ${code}`);
    this.name = 'SyncHttpError';
  }
}

export class SyncNetworkError extends Error {
  constructor(cause?: unknown) {
    super('network', { cause });
    this.name = 'SyncNetworkError';
  }
}

export class SyncProtocolError extends Error {
  constructor(readonly issues: Array<{ path: string; message: string }>) {
    super(`unexpected answer: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    this.name = 'SyncProtocolError';
  }
}

/** A pulled page as the shared schemas read it; throws SyncProtocolError when it is not one. */
function parsePullPage(body: unknown): PullResponse {
  const reset = typeof body === 'object' && body !== null && 'reset' in body;
  const parsed = (reset ? pullResetSchema : pullPageSchema).safeParse(body);
  if (parsed.success) return parsed.data;
  throw new SyncProtocolError(parsed.error.issues.slice(0, 5).map((i) => ({ path: i.path.join('.'), message: i.message })));
}

export interface PullParams {
  cursor: string;
  limit: number;
  clientId: string;
  entities?: readonly SyncEntity[];
}

export interface SyncTransport {
  pull(params: PullParams): Promise<PullResponse>;
  push(body: PushBody): Promise<PushResponse>;
}

export interface HttpTransportOptions {
  fetch?: typeof fetch;
  /** '' in the page and the service worker (same origin). */
  baseUrl?: string;
  timeoutMs?: number;
}

export function createHttpTransport({ fetch: fetchImpl, baseUrl = '', timeoutMs = 45_000 }: HttpTransportOptions = {}): SyncTransport {
  async function call<T>(path: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await (fetchImpl ?? globalThis.fetch)(`${baseUrl}${path}`, {
        ...init,
        credentials: 'include',
        cache: 'no-store',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new SyncNetworkError(error);
    }
    if (!response.ok) {
      let code = `http_${response.status}`;
      try {
        const body = (await response.json()) as { code?: unknown };
        if (typeof body.code === 'string') code = body.code;
      } catch {
        /* not JSON */
      }
      const retryAfter = Number(response.headers.get('Retry-After'));
      throw new SyncHttpError(response.status, code, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined);
    }
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw new SyncNetworkError(error); // cut off mid-body
    }
  }

  return {
    pull({ cursor, limit, clientId, entities }) {
      const query = new URLSearchParams({ cursor, limit: String(limit), client_id: clientId });
      if (entities?.length) query.set('entities', entities.join(','));
      return call<unknown>(`/api/sync/pull?${query}`, { method: 'GET', headers: { Accept: 'application/json' } }).then(parsePullPage);
    },
    push(body) {
      return call<PushResponse>('/api/sync/push', {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    },
  };
}
