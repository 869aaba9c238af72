/**
 * Translation keys are typed from the Arabic locale (i18next.d.ts): a key the locale
 * lacks fails the type check (`npm run typecheck` runs over this file), and at run time
 * it would show the raw key to the reader. Each `@ts-expect-error` below must stay an
 * error: should the typing stop refusing the key, the directive itself fails the check.
 */
import { describe, expect, it } from 'vitest';
import { i18n, i18nReady } from './index';
import type { KeysUnder } from './keys';

describe('typed translation keys', () => {
  it('accept a key of the Arabic locale and refuse a misspelt one', async () => {
    await i18nReady;
    const t = i18n.getFixedT('ar', 'common');
    expect(t('nav.dashboard')).toBe('لوحة التحكم');
    // @ts-expect-error a misspelt key
    expect(t('nav.dashbord')).toBe('nav.dashbord');
  });

  it('give a key built from data only the names under its branch', async () => {
    await i18nReady;
    const t = i18n.getFixedT('ar', 'common');
    const entry: KeysUnder<'common', 'nav'> = 'dashboard';
    expect(t(`nav.${entry}`)).toBe('لوحة التحكم');
    // @ts-expect-error a name the branch does not have
    const missing: KeysUnder<'common', 'nav'> = 'dashbord';
    expect(t(`nav.${missing}`)).toBe('nav.dashbord');
  });
});
