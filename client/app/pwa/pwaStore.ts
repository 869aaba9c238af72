/**
 * Tiny shared state for the PWA prompts: whether a new service worker is waiting, and
 * the deferred install event. Module-level so the early listeners in main.tsx and the
 * lazily loaded prompts see the same values.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  updateReady: boolean;
  applyUpdate: (() => void) | null;
  installEvent: BeforeInstallPromptEvent | null;
  installEventAt: number | null;
}

let state: PwaState = { updateReady: false, applyUpdate: null, installEvent: null, installEventAt: null };
const listeners = new Set<() => void>();

export function getPwaState(): PwaState {
  return state;
}

export function setPwaState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

export function subscribePwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Registered at start-up, before any prompt code loads, so the event is never missed. */
export function listenForInstallEvent(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setPwaState({ installEvent: event as BeforeInstallPromptEvent, installEventAt: Date.now() });
  });
  window.addEventListener('appinstalled', () => setPwaState({ installEvent: null }));
}
