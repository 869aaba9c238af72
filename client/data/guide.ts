/**
 * The role guide's closing, kept on the person's account (POST /api/users/me/guide-seen),
 * so a device they sign in on next knows it from its first session answer. Online only: a
 * closing made offline is sent on a later visit (GuideDialog), the browser's own flag
 * keeping the guide closed here meanwhile.
 */
import { api } from './client';

let sent = false;

export async function recordGuideSeen(): Promise<void> {
  if (sent) return;
  await api.post('/api/users/me/guide-seen', {});
  sent = true;
}
