import { describe, expect, it } from 'vitest';
import { INSTALL_PROMPT_DELAY_MS } from '../../../shared/constants';
import { INSTALL_DISMISSED_KEY, installPromptDelay, rememberDismissal, wasDismissed } from './installPrompt';

describe('install prompt timing', () => {
  it('waits 30 s after the install event', () => {
    expect(installPromptDelay(1_000, 1_000, INSTALL_PROMPT_DELAY_MS, false, false)).toBe(30_000);
    expect(installPromptDelay(1_000, 21_000, INSTALL_PROMPT_DELAY_MS, false, false)).toBe(10_000);
    expect(installPromptDelay(1_000, 99_000, INSTALL_PROMPT_DELAY_MS, false, false)).toBe(0);
  });
  it('never shows without the event, when installed, or once dismissed', () => {
    expect(installPromptDelay(null, 0, INSTALL_PROMPT_DELAY_MS, false, false)).toBeNull();
    expect(installPromptDelay(0, 0, INSTALL_PROMPT_DELAY_MS, true, false)).toBeNull();
    expect(installPromptDelay(0, 0, INSTALL_PROMPT_DELAY_MS, false, true)).toBeNull();
  });
  it('remembers the dismissal', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(wasDismissed(storage)).toBe(false);
    rememberDismissal(storage);
    expect(store.get(INSTALL_DISMISSED_KEY)).toBe('1');
    expect(wasDismissed(storage)).toBe(true);
  });
});
