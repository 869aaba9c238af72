/**
 * Web Push on this device: whether it can be asked for, subscribing (the browser's
 * permission, the push manager's subscription with the server's VAPID key, stored on the
 * server for this device), the user's choices per category, and what the device shows
 * (the server pushes nothing about the item in the foreground).
 */
import { useCallback, useEffect, useState } from 'react';
import { PUSH_CATEGORIES, type PushPreferences } from '../../../shared/push';
import { pushPublicKey, readPushPreferences, removeSubscription, reportShown, savePushPreferences, saveSubscription } from '../api/push';
import { deviceId } from './device';
import { readPersonal, writePersonal } from '../session/personalData';

export type PushState = 'unsupported' | 'off' | 'on' | 'denied';

const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The mutations after whose first the app offers push: a bid, an order, a transport request. */
export const ASK_AFTER = new Set(['bid.create', 'instant_order.create', 'transport_request.create']);

/**
 * Whether to offer push now (after such a first write): supported, never asked, not
 * decided in the browser. Not when storage is refused: it could not remember the answer.
 */
export function shouldOfferPush(userId: string): boolean {
  if (!pushSupported() || Notification.permission !== 'default') return false;
  return readPersonal(userId, 'pushOffered') === null;
}

/** Never offer again to this person on this device (either answer); refused storage (private mode): asked again next time. */
export function markPushOffered(userId: string): void {
  writePersonal(userId, 'pushOffered', new Date().toISOString());
}

const toKey = (b64: string) => {
  const raw = atob(b64.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return navigator.serviceWorker.getRegistration();
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks the browser (call it from a click), subscribes and stores the subscription on the server. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const publicKey = await pushPublicKey();
  const reg = await navigator.serviceWorker.ready;
  if (!publicKey) return 'unsupported';
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toKey(publicKey) }));
  await sendSubscription(sub);
  return 'on';
}

async function sendSubscription(sub: PushSubscription): Promise<void> {
  await saveSubscription(deviceId(), sub.toJSON());
}

/**
 * On each start of a signed-in app with permission granted: the server's copy follows the
 * browser's (a new session, a rotated subscription).
 */
export async function refreshPushSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const sub = await (await registration())?.pushManager.getSubscription();
  if (sub) await sendSubscription(sub).catch(() => undefined);
}

export async function disablePush(): Promise<void> {
  const sub = await (await registration())?.pushManager.getSubscription();
  await removeSubscription(deviceId()).catch(() => undefined);
  await sub?.unsubscribe();
}

/** What this device shows now (path and query), or null when hidden; only devices that get pushes say it. */
export async function reportForeground(path: string | null): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  await reportShown(deviceId(), path).catch(() => undefined);
}

/** The user's choices per category (online; every category on until changed). */
export function usePushPreferences() {
  const [prefs, setPrefs] = useState<PushPreferences | undefined>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    let live = true;
    readPushPreferences().then(
      (p) => live && setPrefs(p),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, []);
  const save = useCallback(async (next: PushPreferences) => {
    const before = prefs;
    setPrefs(next);
    try {
      setPrefs(await savePushPreferences(next));
      setError(undefined);
    } catch (e) {
      setPrefs(before);
      setError(e);
    }
  }, [prefs]);
  return { prefs, error, save, categories: PUSH_CATEGORIES };
}
