/** The company's profile row from the local store, with its tax profile inside (it arrives with the sync, and an edit shows at once). */
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { rowKey } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';

export function useCompanyTaxProfile(accountId: string) {
  const { db } = useLocalData();
  const row = useLiveQuery(() => db.profile.get(accountId), [db, accountId]);
  return row?.tax_profile ?? null;
}

/** How the outbox names the company's profile row (its "waiting to send" mark and refusals). */
export const companyProfileKey = (accountId: string) => rowKey('profile', accountId);
