/** The session (who is signed in), cached on the device for offline starts. */
export { SessionProvider, useSession, type SessionState } from './SessionProvider';
