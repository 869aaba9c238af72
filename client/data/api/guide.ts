/**
 * The role guide's closing, kept on the person's account (POST /api/users/me/guide-seen),
 * so a device they sign in on next knows it from its first session answer. Online only: a
 * closing made offline is sent on a later visit (GuideDialog), the browser's own flag
 * keeping the guide closed here meanwhile.
 */
import { guideSeenSchema } from '../../../shared/schemas/user';
import { api } from './client';

let sent = false;

export async function recordGuideSeen(): Promise<void> {
  if (sent) return;
  guideSeenSchema.parse((await api.post<unknown>('/api/users/me/guide-seen', {})).data);
  sent = true;
}
