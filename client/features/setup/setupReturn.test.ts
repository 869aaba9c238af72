import { describe, expect, it } from 'vitest';
import type { SessionState } from '../../data/session';
import { setupReturnTo } from './setupReturn';

const user = { id: 'u1', email: 'a@b.sa', name: 'A' } as never;
const profile = { role: 'contractor' } as never;
const signedIn = (over: Partial<Extract<SessionState, { status: 'signedIn' }>>): SessionState => ({
  status: 'signedIn', user, profile: null, unconfirmed: false, expired: false, ...over,
});

describe('where /setup takes a person on to', () => {
  it('to the route they were sent from once the server confirms a profile the cached session lacked', () => {
    expect(setupReturnTo({ from: '/dashboard?tab=x' }, signedIn({ profile }), false)).toBe('/dashboard?tab=x');
  });

  it('nowhere while the session is the cached one, without a profile, or while they save the form themselves', () => {
    expect(setupReturnTo({ from: '/dashboard' }, signedIn({ profile, unconfirmed: true }), false)).toBeNull();
    expect(setupReturnTo({ from: '/dashboard' }, signedIn({}), false)).toBeNull();
    expect(setupReturnTo({ from: '/dashboard' }, signedIn({ profile }), true)).toBeNull();
    expect(setupReturnTo({ from: '/dashboard' }, { status: 'loading', user: null, profile: null }, false)).toBeNull();
  });

  it('nowhere when /setup was opened directly (editing the profile) or with a foreign address', () => {
    expect(setupReturnTo(null, signedIn({ profile }), false)).toBeNull();
    expect(setupReturnTo({ from: 'https://evil.example/' }, signedIn({ profile }), false)).toBeNull();
    expect(setupReturnTo({ from: '//evil.example/' }, signedIn({ profile }), false)).toBeNull();
  });
});
