/** Saving the profile through the outbox: shown at once, sent when online, refused visibly. */
import { useCallback } from 'react';
import type { ProfileUpsertInput } from '../../../shared/schemas/profile';
import { useLocalData } from '../../data/local/DataProvider';
import { useMutate } from '../../data/local/hooks';
import type { Profile } from '../../data/types';

/** Writes the edit locally and answers the profile as it now shows (for the session's copy). */
export function useSaveProfile() {
  const mutate = useMutate();
  const { db } = useLocalData();
  return useCallback(
    async (userId: string, input: ProfileUpsertInput): Promise<Profile | undefined> => {
      await mutate('profile.save', input);
      return db.profile.get(userId);
    },
    [mutate, db],
  );
}
