/**
 * The company's drivers, read online (GET /api/company/members): the transport company
 * picks the driver of a job from them. Members are not in the offline store (they change
 * rarely and only the owner and members list them), so offline the screen says so.
 */
import { companyMemberSchema, type CompanyMember } from '../../shared/schemas/company';
import { api } from './client';
import { useRemote } from './useRemote';

export type { CompanyMember };

/** The company's drivers (members whose role is driver), by name. */
export function useCompanyDrivers() {
  return useRemote<CompanyMember[]>(async () => {
    const members = companyMemberSchema.array().parse((await api.get<unknown>('/api/company/members')).data);
    return members.filter((m) => m.role === 'driver').sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email));
  }, []);
}
