/** The signed-in user's own profile from the local store (it arrives with the first sync, and an edit shows at once). */
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { rowKey } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';
import type { Profile } from '../../data/types';

export function useMyProfile(userId: string): Profile | undefined {
  const { db } = useLocalData();
  return useLiveQuery(() => db.profile.get(userId), [db, userId]);
}

/** How the outbox names the profile (its "waiting to send" mark). */
export const profileKey = (userId: string) => rowKey('profile', userId);
