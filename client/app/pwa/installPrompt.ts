/**
 * When the install prompt may show: 30 s after the install event,
 * unless the app already runs installed or the prompt was dismissed before.
 */
export const INSTALL_DISMISSED_KEY = 'binaa.installPromptDismissed';

export function isInstalled(): boolean {
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches ?? false;
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function wasDismissed(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberDismissal(storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(INSTALL_DISMISSED_KEY, '1');
  } catch {
    // Private mode without storage: the prompt may come back next visit.
  }
}

/** Milliseconds until the prompt may show, or null when it must not show at all. */
export function installPromptDelay(
  eventAt: number | null,
  now: number,
  delayMs: number,
  installed: boolean,
  dismissed: boolean,
): number | null {
  if (eventAt === null || installed || dismissed) return null;
  return Math.max(0, eventAt + delayMs - now);
}
