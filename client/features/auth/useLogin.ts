import { useState } from 'react';
import type { ApiError } from '../../data/api';
import { startLogin } from '../../data/auth';

/** Starts sign-in; keeps a busy flag for the button and the error if the redirect URL could not be fetched. */
export function useLogin() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const login = async () => {
    setBusy(true);
    setError(null);
    try {
      await startLogin();
    } catch (e) {
      console.warn('sign-in could not start', e);
      setError(e as ApiError);
      setBusy(false);
    }
  };
  return { login, busy, error };
}
