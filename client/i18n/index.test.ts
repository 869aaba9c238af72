/**
 * The i18n module also loads in Node: the build's pre-render imports it through the
 * landing page. Node 22 and later have a global `navigator`, which must not make it
 * behave as in a browser (detect the machine's language, write to a document).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('i18n in Node', () => {
  it('initialises without a document even when a global navigator names a language', async () => {
    vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US'], userAgent: 'Node.js/24' });
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);
    try {
      const { i18n, i18nReady } = await import('./index');
      const stuck = new Promise((_, reject) => setTimeout(() => reject(new Error('i18n never became ready')), 5000));
      await Promise.race([i18nReady, stuck]);
      // Give i18next's deferred language change its turn.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(errors).toEqual([]);
      // Node's navigator is not the visitor's language: nothing is detected.
      expect(i18n.language).not.toBe('en');
      expect(i18n.t('common:app.title')).not.toBe('app.title');
    } finally {
      process.off('uncaughtException', onError);
      process.off('unhandledRejection', onError);
    }
  });
});
