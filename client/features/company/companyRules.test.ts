import { describe, expect, it } from 'vitest';
import type { CompanyInvitePreview } from '../../data/api/company';
import { canRemove, homeAfterJoining, inviteView, sortMembers, companyAbilities, viewAfterRefusal, type InviteInputs } from './companyRules';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

describe('company abilities', () => {
  it('lets the owner of a transport company invite members and drivers', () => {
    expect(companyAbilities('owner', 'transport')).toEqual({ canSee: true, canManage: true, inviteRoles: ['member', 'driver'] });
  });
  it('offers drivers only to a transport company', () => {
    for (const role of ['supplier', 'contractor', 'government', 'admin'] as const) expect(companyAbilities('owner', role).inviteRoles, role).toEqual(['member']);
  });
  it('shows members the team read-only', () => {
    expect(companyAbilities('member', 'transport')).toEqual({ canSee: true, canManage: false, inviteRoles: [] });
  });
  it('shows a driver, or someone without a company, no team', () => {
    expect(companyAbilities('driver', 'driver').canSee).toBe(false);
    expect(companyAbilities(null, undefined).canSee).toBe(false);
    expect(companyAbilities(undefined, 'supplier').canSee).toBe(false);
  });
  it('lets the owner remove members and drivers, never the owner or themself', () => {
    const owner = companyAbilities('owner', 'transport');
    expect(canRemove(owner, { role: 'driver', user_id: OTHER }, ME)).toBe(true);
    expect(canRemove(owner, { role: 'member', user_id: OTHER }, ME)).toBe(true);
    expect(canRemove(owner, { role: 'owner', user_id: ME }, ME)).toBe(false);
    expect(canRemove(companyAbilities('member', 'transport'), { role: 'driver', user_id: OTHER }, ME)).toBe(false);
  });
  it('lists the owner first, then by who joined first', () => {
    const rows = [
      { role: 'driver' as const, joined_at: '2026-03-01T00:00:00.000Z' },
      { role: 'member' as const, joined_at: '2026-02-01T00:00:00.000Z' },
      { role: 'owner' as const, joined_at: '2026-04-01T00:00:00.000Z' },
    ];
    expect(sortMembers(rows).map((r) => r.role)).toEqual(['owner', 'member', 'driver']);
  });
});

const preview = (state: CompanyInvitePreview['state']): CompanyInvitePreview => ({
  company_name: 'Najd Transport',
  company_role: 'transport',
  role: 'driver',
  expires_at: '2026-12-03T09:00:00.000Z',
  state,
});
const base: InviteInputs = { preview: preview('valid'), errorCode: undefined, loading: false, session: 'signedIn', hasCompany: false };

describe('what the invite page shows', () => {
  it('offers Join to a signed-in person without a company', () => {
    expect(inviteView(base)).toBe('join');
  });
  it('asks a signed-out visitor to sign in', () => {
    expect(inviteView({ ...base, session: 'signedOut' })).toBe('signIn');
  });
  it('explains to someone in a company that they must leave it first', () => {
    expect(inviteView({ ...base, hasCompany: true })).toBe('inCompany');
  });
  it('says why a link no longer works, signed in or not', () => {
    for (const state of ['expired', 'used', 'revoked'] as const) {
      expect(inviteView({ ...base, preview: preview(state) })).toBe(state);
      expect(inviteView({ ...base, preview: preview(state), session: 'signedOut' })).toBe(state);
    }
  });
  it('says a link the server does not know is not valid', () => {
    expect(inviteView({ ...base, preview: undefined, errorCode: 'invite_not_found' })).toBe('notFound');
  });
  it('tells a lost connection from a failure', () => {
    expect(inviteView({ ...base, preview: undefined, errorCode: 'network_error' })).toBe('offline');
    expect(inviteView({ ...base, preview: undefined, errorCode: 'http_502' })).toBe('failed');
  });
  it('waits for the preview, then for the session', () => {
    expect(inviteView({ ...base, preview: undefined, loading: true })).toBe('loading');
    expect(inviteView({ ...base, session: 'loading' })).toBe('loading');
  });
  it('turns a refused Join into the reason', () => {
    expect(viewAfterRefusal('already_in_company')).toBe('inCompany');
    expect(viewAfterRefusal('invite_expired')).toBe('expired');
    expect(viewAfterRefusal('invite_used')).toBe('used');
    expect(viewAfterRefusal('unauthenticated')).toBe('signIn');
    expect(viewAfterRefusal('internal_error')).toBeNull();
  });
  it('sends a new driver to their jobs and a new member to the dashboard', () => {
    const paths = { jobs: '/jobs', dashboard: '/dashboard' };
    expect(homeAfterJoining('driver', paths)).toBe('/jobs');
    expect(homeAfterJoining('member', paths)).toBe('/dashboard');
  });
});
