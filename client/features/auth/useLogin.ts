import { useState } from 'react';
import type { ApiError } from '../../data/api';
import { startLogin } from '../../data/api/auth';

/**
 * Starts sign-in; keeps a busy flag for the button and the error if the redirect URL could
 * not be fetched. `returnTo: where /auth/callback sends the person once signed in (else the dashboard or setup).
 */
export function useLogin(returnTo?: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const login = async () => {
    setBusy(true);
    setError(null);
    try {
      await startLogin(returnTo);
    } catch (e) {
      console.warn('sign-in could not start', e);
      setError(e as ApiError);
      setBusy(false);
    }
  };
  return { login, busy, error };
}
