/**
 * The company's people a site may name (its manager, its approvers): the owner and the
 * members, drivers aside. The team is not in the offline store (data/api/company.ts), so
 * it is read when there is a connection, again when the connection comes back, and the
 * screens say so when it cannot be read.
 */
import { useCompanyMembers, type CompanyMember } from '../../data/api/company';
import { useSession } from '../../data/session';
import { useOnline } from '../../ui/useOnline';

/** Whether the signed-in person is the company's owner (a session cached before teams has no role: its account's own). */
export function useIsOwner(): boolean {
  const { session } = useSession();
  return session.status === 'signedIn' && (!session.user.member_role || session.user.member_role === 'owner');
}

export interface SiteMembers {
  /** undefined while loading or when it could not be read */
  list: CompanyMember[] | undefined;
  /** it could not be read (offline, or the request failed) */
  unavailable: boolean;
  /** a member's name (their email when they have none), or null when unknown */
  nameOf: (userId: string) => string | null;
}

export function useSiteMembers(): SiteMembers {
  const online = useOnline();
  const remote = useCompanyMembers(true, online ? 1 : 0);
  const list = remote.data?.filter((m) => m.role !== 'driver').sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner') || (a.name ?? a.email).localeCompare(b.name ?? b.email)) ?? undefined;
  const byId = new Map((list ?? []).map((m) => [m.user_id, m.name ?? m.email]));
  return { list, unavailable: !online || (!!remote.error && !remote.data), nameOf: (id) => byId.get(id) ?? null };
}
