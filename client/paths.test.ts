import { describe, expect, it } from 'vitest';
import { SHELL_ROUTE_PATTERN } from './paths';

describe('service worker shell routes', () => {
  it('serves the shell for client routes', () => {
    for (const path of ['/', '/services', '/auth/callback', '/setup', '/dashboard', '/instant-orders', '/quotes', '/rfqs/new', '/purchase-orders', '/purchase-orders/00000000-0000-4000-8000-000000000002', '/quotes/00000000-0000-4000-8000-000000000001', '/info/privacy', '/admin', '/company', '/jobs', '/invite/abc_DEF-123']) {
      expect(SHELL_ROUTE_PATTERN.test(path), path).toBe(true);
    }
  });
  it('leaves the API and the server-rendered sign-in pages to the network', () => {
    for (const path of ['/api/users/me', '/dev-idp/authorize', '/connect/google', '/servicesX', '/sw.js']) {
      expect(SHELL_ROUTE_PATTERN.test(path), path).toBe(false);
    }
  });
});
