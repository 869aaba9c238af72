/**
 * The client build must not follow the server's NODE_ENV: `npm start` with the README's
 * default NODE_ENV=development once shipped React's development bundle (220 KB gzip on
 * the landing page instead of 156) and no service worker registration.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from 'vite';

const saved = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = saved;
});

describe('vite.config.ts', () => {
  it('builds for production whatever NODE_ENV the shell has', async () => {
    for (const env of ['development', 'test', undefined]) {
      if (env === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = env;
      // the arguments `vite build` passes: mode and default NODE_ENV production
      const config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'build', 'production', 'production');
      expect(config.isProduction, String(env)).toBe(true);
    }
  });

  it('still makes a development build when asked for one by mode', async () => {
    process.env.NODE_ENV = 'production';
    const config = await resolveConfig({ configFile: 'vite.config.ts', mode: 'development', logLevel: 'silent' }, 'build', 'production', 'production');
    expect(config.isProduction).toBe(false);
  });
});
