/**
 * The download of everything Binaa holds about the signed-in person (shared/schemas/
 * account-export.ts): start it, follow its progress while the server prepares it, and the
 * link to its ZIP once ready. Online only: the export is built on the server, and a
 * device's copy of the person's data is not what the right of access asks for.
 */
import { useCallback, useEffect, useState } from 'react';
import { accountExportSchema, accountExportStateSchema, accountExportDownloadUrl, type AccountExport } from '../../../shared/schemas/account-export';
import { api } from './client';
import type { ApiError } from './index';

export { accountExportDownloadUrl };
export type { AccountExport };

const PATH = '/api/account/export';
/** How often the progress is asked again while the export prepares. */
const POLL_MS = 1500;

/** The latest export and a start; polls while it prepares. */
export function useAccountExport() {
  const [job, setJob] = useState<AccountExport | null | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  const [starting, setStarting] = useState(false);

  const read = useCallback(async () => {
    try {
      setJob(accountExportStateSchema.parse((await api.get<unknown>(PATH)).data));
      setError(undefined);
    } catch (e) {
      setError(e as ApiError);
    }
  }, []);

  useEffect(() => {
    void read();
  }, [read]);

  useEffect(() => {
    if (job?.status !== 'preparing') return;
    const timer = setTimeout(() => void read(), POLL_MS);
    return () => clearTimeout(timer);
  }, [job, read]);

  const start = useCallback(async () => {
    setStarting(true);
    try {
      setJob(accountExportSchema.parse((await api.post<unknown>(PATH, {})).data));
      setError(undefined);
    } catch (e) {
      setError(e as ApiError);
    } finally {
      setStarting(false);
    }
  }, []);

  return { job, error, starting, start };
}
