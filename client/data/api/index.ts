/**
 * The one door to the HTTP API. Every call sends the session cookie and JSON; every
 * failure becomes an ApiError whose message is already in the reader's language:
 * the translation of `errors:<code>`, else the server's `error`, else 'HTTP {status}'.
 * Screens never call fetch themselves.
 */
import { TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '../../../shared/constants';
import type { ErrorBody } from '../../../shared/errors';

export type Translate = (key: string, options?: Record<string, unknown>) => string | undefined;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: NonNullable<ErrorBody['details']>;

  constructor(message: string, status: number, code: string, details: ErrorBody['details'] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details ?? [];
  }
}

/** The network failed before any response (offline, DNS, aborted). */
export class NetworkError extends ApiError {
  constructor(message: string) {
    super(message, 0, 'network_error');
    this.name = 'NetworkError';
  }
}

export interface ApiResponse<T> {
  data: T;
  /** X-Total-Count of a list, else null. */
  total: number | null;
  /** Set when the list stops at `total` although more rows match (X-Total-Count-Capped). */
  totalCapped?: true;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** Returns undefined when there is no translation for the key. */
  translate: Translate;
  /** The interface language, sent as Accept-Language so computed names (categories) match it. */
  language?: () => string | undefined;
}

export type Query = Record<string, string | number | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function isErrorBody(body: unknown): body is Partial<ErrorBody> {
  return typeof body === 'object' && body !== null;
}

export function createApiClient({ fetch: fetchImpl, translate, language }: ApiClientOptions) {
  const doFetch = (input: string, init: RequestInit) => (fetchImpl ?? globalThis.fetch)(input, init);

  async function toError(response: Response): Promise<ApiError> {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    const code = isErrorBody(body) && typeof body.code === 'string' ? body.code : `http_${response.status}`;
    const serverMessage = isErrorBody(body) && typeof body.error === 'string' ? body.error : undefined;
    const details = isErrorBody(body) && Array.isArray(body.details) ? body.details : [];
    const message =
      translate(`errors:${code}`) ??
      serverMessage ??
      translate('errors:http_status', { status: response.status }) ??
      `HTTP ${response.status}`;
    return new ApiError(message, response.status, code, details);
  }

  async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<ApiResponse<T>> {
    const lang = language?.();
    const headers: Record<string, string> = { Accept: 'application/json', ...(lang ? { 'Accept-Language': lang } : {}) };
    const init: RequestInit = { method, credentials: 'include', headers };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await doFetch(withQuery(path, query), init);
    } catch {
      throw new NetworkError(translate('errors:network_error') ?? 'Network error');
    }
    if (!response.ok) throw await toError(response);
    const totalHeader = response.headers.get(TOTAL_COUNT_HEADER);
    const total = totalHeader === null ? null : Number(totalHeader);
    const capped = response.headers.get(TOTAL_COUNT_CAPPED_HEADER) === 'true';
    const text = response.status === 204 ? '' : await response.text();
    const data = (text ? JSON.parse(text) : null) as T;
    return { data, total: Number.isFinite(total) ? total : null, ...(capped ? { totalCapped: true as const } : {}) };
  }

  return {
    request,
    get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
    post: <T>(path: string, body: unknown) => request<T>('POST', path, body),
    put: <T>(path: string, body: unknown = {}) => request<T>('PUT', path, body),
  };
}

