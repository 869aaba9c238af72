/** Saving the signed-in user's profile (setup). */
import { profileSchema, type Profile } from '../../../shared/schemas/profile';
import { api } from './client';

export async function saveProfile(input: Record<string, unknown>): Promise<Profile> {
  return profileSchema.parse((await api.post<unknown>('/api/profiles', input)).data);
}
