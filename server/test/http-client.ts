/**
 * A small cookie-keeping HTTP client for tests: it behaves like one browser (one cookie
 * jar, the app's Origin on writes, JSON bodies) and never follows redirects on its own,
 * so tests can read every Location header.
 */
export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly origin: string = base,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  keepCookies(headers: Headers) {
    for (const c of headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = any>(
    method: string,
    path: string,
    opts: { json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ): Promise<Res<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (this.cookies.size) headers.Cookie = this.cookieHeader();
    if (!['GET', 'HEAD'].includes(method) && !('Origin' in headers)) headers.Origin = this.origin;
    let body = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(new URL(path, this.base), { method, headers, body, redirect: 'manual' });
    this.keepCookies(res.headers);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }
  post<T = any>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { json: json ?? {}, headers });
  }
  put<T = any>(path: string, json?: unknown) {
    return this.request<T>('PUT', path, { json });
  }
  patch<T = any>(path: string, json?: unknown) {
    return this.request<T>('PATCH', path, { json });
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}
