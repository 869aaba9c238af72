/**
 * A signed-in route sends a person without a profile to /setup, judged from the session
 * this device cached. The server may then say they have one after all: they finished
 * setup or joined a company by invite on another device since. The setup form is not
 * for them then, so /setup takes them on to where they were going.
 */
import type { SessionState } from '../../data/session';

/** The state /setup is opened with when a signed-in route sent the person there. */
export interface SetupReturn {
  from: string;
}

/**
 * Where /setup takes the person on to: the route they were sent from, once the server has
 * confirmed a profile (the cached one had none), unless they are saving the form
 * themselves (that save goes on to the dashboard).
 */
export function setupReturnTo(state: unknown, session: SessionState, saving: boolean): string | null {
  const from = (state as Partial<SetupReturn> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || saving) return null;
  if (session.status !== 'signedIn' || session.unconfirmed || !session.profile) return null;
  return from;
}
