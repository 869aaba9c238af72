import { describe, expect, it } from 'vitest';
import { forgetReturnPath, rememberReturnPath, safeReturnPath, takeReturnPath } from './returnPath';

function memoryStorage() {
  const store = new Map<string, string>();
  return { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k), store };
}

describe('the page sign-in returns to', () => {
  it('keeps a path of this site', () => {
    expect(safeReturnPath('/invite/abc_DEF-123')).toBe('/invite/abc_DEF-123');
  });
  it('refuses another origin, the home page and the callback itself', () => {
    for (const value of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'invite/x', '/', '/auth/callback?code=1', 42, null]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });
  it('is read once', () => {
    const storage = memoryStorage();
    rememberReturnPath('/invite/tok', storage);
    expect(takeReturnPath(storage)).toBe('/invite/tok');
    expect(takeReturnPath(storage)).toBeNull();
  });
  it('is forgotten when a sign-in starts without one', () => {
    const storage = memoryStorage();
    rememberReturnPath('/invite/abandoned', storage);
    forgetReturnPath(storage);
    expect(takeReturnPath(storage)).toBeNull();
  });
  it('does not remember an unsafe path', () => {
    const storage = memoryStorage();
    rememberReturnPath('//evil.example', storage);
    expect(storage.store.size).toBe(0);
  });
});
