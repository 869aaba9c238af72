/**
 * The company's team: members (its drivers among them), invite links and joining through
 * one. None of it is in the offline store (a team changes rarely, is read by few screens,
 * and an invite's token must not sit on a device longer than the screen that shows it),
 * so all of it is online-only REST (shared/schemas/company.ts), and the screens say so
 * when offline.
 */
import type { InviteRole } from '../../../shared/constants';
import {
  companyInviteCreatedSchema,
  companyInvitePreviewSchema,
  companyInviteSchema,
  companyJoinedSchema,
  companyMemberSchema,
  type CompanyInvite,
  type CompanyInviteCreated,
  type CompanyInvitePreview,
  type CompanyJoined,
  type CompanyMember,
} from '../../../shared/schemas/company';
import { companyStandingSchema, type CompanyStanding } from '../../../shared/schemas/company-suspension';
import { api } from './client';
import { useRemote } from '../useRemote';

export type { CompanyInvite, CompanyInviteCreated, CompanyInvitePreview, CompanyJoined, CompanyMember };

const BASE = '/api/company';

const members = async () => companyMemberSchema.array().parse((await api.get<unknown>(`${BASE}/members`)).data);

/** The team (owner and members; a driver is refused). `reload` bumps to fetch again after a write. */
export function useCompanyMembers(enabled: boolean, reload: number) {
  return useRemote<CompanyMember[] | null>(async () => (enabled ? members() : null), [enabled, reload]);
}

/** The company's drivers (members whose role is driver), by name: the transport company picks the driver of a job from them. */
export function useCompanyDrivers() {
  return useRemote<CompanyMember[]>(async () => {
    const drivers = (await members()).filter((m) => m.role === 'driver');
    return drivers.sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email));
  }, []);
}

/** The open invites: the owner's only (null for anyone else, without asking). */
export function useCompanyInvites(enabled: boolean, reload: number) {
  return useRemote<CompanyInvite[] | null>(async () => (enabled ? companyInviteSchema.array().parse((await api.get<unknown>(`${BASE}/invites`)).data) : null), [enabled, reload]);
}

export async function createInvite(role: InviteRole): Promise<CompanyInviteCreated> {
  return companyInviteCreatedSchema.parse((await api.post<unknown>(`${BASE}/invites`, { role })).data);
}

export async function revokeInvite(id: string): Promise<void> {
  await api.request('DELETE', `${BASE}/invites/${encodeURIComponent(id)}`);
}

export async function removeMember(userId: string): Promise<void> {
  await api.request('DELETE', `${BASE}/members/${encodeURIComponent(userId)}`);
}

/** What an invite link offers, for anyone holding it (signed in or not). */
export function useInvitePreview(token: string) {
  return useRemote<CompanyInvitePreview>(async () => companyInvitePreviewSchema.parse((await api.get<unknown>(`${BASE}/invites/${encodeURIComponent(token)}`)).data), [token]);
}

export async function acceptInvite(token: string): Promise<CompanyJoined> {
  return companyJoinedSchema.parse((await api.post<unknown>(`${BASE}/invites/${encodeURIComponent(token)}/accept`, {})).data);
}

/** Whether a company is suspended (its public page says so, never why); nothing is asked for while `companyId` is empty. */
export function useCompanyStanding(companyId: string) {
  return useRemote<CompanyStanding | null>(async () => {
    if (!companyId) return null;
    return companyStandingSchema.parse((await api.get<unknown>(`/api/companies/${companyId}/suspension`)).data);
  }, [companyId]);
}
