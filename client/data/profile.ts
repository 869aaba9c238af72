/** Saving the signed-in user's profile (setup). */
import { api } from './client';
import type { Profile } from './types';

export async function saveProfile(input: Record<string, unknown>): Promise<Profile> {
  return (await api.post<Profile>('/api/profiles', input)).data;
}
