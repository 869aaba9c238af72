/**
 * Who may do what on the company screen, and what the invite page shows: plain functions the
 * screens read and the tests pin down. The server decides (owner_only, driver_needs_transport,
 * already_in_company); these only keep the screens from offering what it would refuse.
 */
import { INVITE_ROLES, type InviteRole, type MemberRole, type Role } from '../../../shared/constants';
import type { CompanyInvitePreview, CompanyMember } from '../../data/api/company';

export interface CompanyAbilities {
  /** Owner and members read the team; a driver, or someone without a company, does not. */
  canSee: boolean;
  /** Only the owner invites, sees open invites, revokes and removes. */
  canManage: boolean;
  /** What an invite may make someone: drivers only in a transport company. */
  inviteRoles: InviteRole[];
}

export function companyAbilities(memberRole: MemberRole | null | undefined, companyRole: Role | undefined): CompanyAbilities {
  const canManage = memberRole === 'owner';
  return {
    canSee: memberRole === 'owner' || memberRole === 'member',
    canManage,
    inviteRoles: canManage ? INVITE_ROLES.filter((r) => r !== 'driver' || companyRole === 'transport') : [],
  };
}

/** The owner removes anyone but themself (the owner); no one else removes anyone. */
export function canRemove(abilities: CompanyAbilities, member: Pick<CompanyMember, 'role' | 'user_id'>, me: string): boolean {
  return abilities.canManage && member.role !== 'owner' && member.user_id !== me;
}

/** The owner first, then by who joined first: the order a person reads a team in. */
export function sortMembers<T extends Pick<CompanyMember, 'role' | 'joined_at'>>(members: T[]): T[] {
  const rank = (m: T) => (m.role === 'owner' ? 0 : 1);
  return [...members].sort((a, b) => rank(a) - rank(b) || a.joined_at.localeCompare(b.joined_at));
}

/** What the invite page shows. */
export type InviteView =
  | 'loading'
  /** the preview could not be fetched: no connection */
  | 'offline'
  /** the preview could not be fetched for another reason (a retry may help) */
  | 'failed'
  | 'notFound'
  | 'expired'
  | 'used'
  | 'revoked'
  /** a valid invite, and no one signed in: sign in, then come back */
  | 'signIn'
  /** a valid invite, and the person already has a company: leave it first, no button */
  | 'inCompany'
  /** a valid invite for someone without a company: the Join button */
  | 'join';

export interface InviteInputs {
  preview: CompanyInvitePreview | undefined;
  /** The preview's error: its code (`invite_not_found`, `network_error`, `http_500`, ...). */
  errorCode: string | undefined;
  loading: boolean;
  session: 'loading' | 'signedOut' | 'signedIn';
  /** Signed in and already in a company (their own or another's). */
  hasCompany: boolean;
}

export function inviteView({ preview, errorCode, loading, session, hasCompany }: InviteInputs): InviteView {
  if (errorCode && !loading) {
    if (errorCode === 'invite_not_found' || errorCode === 'not_found' || errorCode === 'validation_failed') return 'notFound';
    return errorCode === 'network_error' ? 'offline' : 'failed';
  }
  if (!preview) return 'loading';
  if (preview.state !== 'valid') return preview.state;
  if (session === 'loading') return 'loading';
  if (session === 'signedOut') return 'signIn';
  return hasCompany ? 'inCompany' : 'join';
}

/** What a refused Join turns the page into: the reason it was refused, when it is one the page explains. */
export function viewAfterRefusal(code: string): InviteView | null {
  switch (code) {
    case 'already_in_company':
      return 'inCompany';
    case 'invite_expired':
      return 'expired';
    case 'invite_used':
      return 'used';
    case 'invite_not_found':
      return 'notFound';
    case 'unauthenticated':
      return 'signIn';
    default:
      return null;
  }
}

/** Where a new member goes after joining: a driver to their jobs, anyone else to the dashboard. */
export const homeAfterJoining = (role: InviteRole, paths: { jobs: string; dashboard: string }) => (role === 'driver' ? paths.jobs : paths.dashboard);
