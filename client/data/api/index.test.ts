import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, createApiClient, type Translate } from './index';

const translations: Record<string, string> = {
  'errors:invalid_login_code': 'رابط تسجيل الدخول غير صالح',
  'errors:http_status': 'تعذّر إكمال الطلب (الرمز {{status}})',
  'errors:network_error': 'تعذّر الاتصال بالخادم',
};
const translate: Translate = (key, options) =>
  translations[key]?.replace('{{status}}', String(options?.status ?? ''));

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

describe('api client', () => {
  it('sends credentials and asks for JSON on reads, and reads X-Total-Count', async () => {
    const fetch = vi.fn(async () => json(200, [{ id: 1 }], { 'X-Total-Count': '42' }));
    const api = createApiClient({ fetch, translate });
    const result = await api.get('/api/products', { limit: 20, search: '', category: undefined });
    expect(fetch).toHaveBeenCalledWith('/api/products?limit=20', expect.objectContaining({ method: 'GET', credentials: 'include' }));
    expect(result).toEqual({ data: [{ id: 1 }], total: 42 });
  });

  it('reads X-Total-Count-Capped: the total is a floor, more rows match', async () => {
    const api = createApiClient({ fetch: async () => json(200, [{ id: 1 }], { 'X-Total-Count': '1000', 'X-Total-Count-Capped': 'true' }), translate });
    expect(await api.get('/api/products', { search: 'cement' })).toEqual({ data: [{ id: 1 }], total: 1000, totalCapped: true });
  });

  it('sends the interface language as Accept-Language', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(200, []));
    const api = createApiClient({ fetch, translate, language: () => 'zh' });
    await api.get('/api/products');
    expect((fetch.mock.calls[0][1]!.headers as Record<string, string>)['Accept-Language']).toBe('zh');
  });

  it('sends writes as JSON with the JSON content type', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(201, { ok: true }));
    const api = createApiClient({ fetch, translate });
    await api.post('/api/sessions', { code: 'abc' });
    const init = fetch.mock.calls[0][1]!;
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"code":"abc"}');
  });

  it('turns an error body into an ApiError with the translation of errors.<code>', async () => {
    const api = createApiClient({
      fetch: async () => json(400, { error: 'Invalid login code', code: 'invalid_login_code' }),
      translate,
    });
    const error = await api.post('/api/sessions', { code: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_login_code', message: 'رابط تسجيل الدخول غير صالح' });
  });

  it("falls back to the server's error text when the code has no translation", async () => {
    const details = [{ path: 'email', message: 'Required' }];
    const api = createApiClient({ fetch: async () => json(400, { error: 'Email is required', code: 'something_new', details }), translate });
    const error = (await api.post('/api/quick-signup', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Email is required');
    expect(error.details).toEqual(details);
  });

  it("falls back to 'HTTP {status}' when the body has neither", async () => {
    const bare = createApiClient({ fetch: async () => new Response('oops', { status: 502 }), translate: () => undefined });
    await expect(bare.get('/api/x')).rejects.toMatchObject({ status: 502, message: 'HTTP 502' });
    const translated = createApiClient({ fetch: async () => new Response('', { status: 500 }), translate });
    await expect(translated.get('/api/x')).rejects.toMatchObject({ message: 'تعذّر إكمال الطلب (الرمز 500)' });
  });

  it('reports a failed connection as a translated NetworkError', async () => {
    const api = createApiClient({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')), translate });
    const error = await api.get('/api/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: 'تعذّر الاتصال بالخادم' });
  });

  it('accepts an empty 204 answer', async () => {
    const api = createApiClient({ fetch: async () => new Response(null, { status: 204 }), translate });
    await expect(api.put('/api/notifications/mark-all-read')).resolves.toEqual({ data: null, total: null });
  });
});
