/**
 * The company's team: members, invite links and joining through one. None of it is in the
 * offline store (a team changes rarely, is read by few screens, and an invite's token must
 * not sit on a device longer than the screen that shows it), so all of it is online-only
 * REST (shared/schemas/company.ts), and the screens say so when offline.
 */
import type { InviteRole } from '../../shared/constants';
import type { CompanyInvite, CompanyInviteCreated, CompanyInvitePreview, CompanyJoined, CompanyMember } from '../../shared/schemas/company';
import { api } from './client';
import { useRemote } from './useRemote';

export type { CompanyInvite, CompanyInviteCreated, CompanyInvitePreview, CompanyJoined, CompanyMember };

const BASE = '/api/company';

/** The team (owner and members; a driver is refused). `reload` bumps to fetch again after a write. */
export function useCompanyMembers(enabled: boolean, reload: number) {
  return useRemote<CompanyMember[] | null>(async () => (enabled ? (await api.get<CompanyMember[]>(`${BASE}/members`)).data : null), [enabled, reload]);
}

/** The open invites: the owner's only (null for anyone else, without asking). */
export function useCompanyInvites(enabled: boolean, reload: number) {
  return useRemote<CompanyInvite[] | null>(async () => (enabled ? (await api.get<CompanyInvite[]>(`${BASE}/invites`)).data : null), [enabled, reload]);
}

export async function createInvite(role: InviteRole): Promise<CompanyInviteCreated> {
  return (await api.post<CompanyInviteCreated>(`${BASE}/invites`, { role })).data;
}

export async function revokeInvite(id: string): Promise<void> {
  await api.request('DELETE', `${BASE}/invites/${encodeURIComponent(id)}`);
}

export async function removeMember(userId: string): Promise<void> {
  await api.request('DELETE', `${BASE}/members/${encodeURIComponent(userId)}`);
}

/** What an invite link offers, for anyone holding it (signed in or not). */
export function useInvitePreview(token: string) {
  return useRemote<CompanyInvitePreview>(async () => (await api.get<CompanyInvitePreview>(`${BASE}/invites/${encodeURIComponent(token)}`)).data, [token]);
}

export async function acceptInvite(token: string): Promise<CompanyJoined> {
  return (await api.post<CompanyJoined>(`${BASE}/invites/${encodeURIComponent(token)}/accept`, {})).data;
}
