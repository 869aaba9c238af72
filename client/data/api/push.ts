/**
 * Web Push over REST: the server's VAPID key, this device's subscription, the user's
 * choices per category and what the device shows now (shared/push.ts). Online only: a
 * subscription belongs to the browser of this moment, and a choice is read back as saved.
 */
import { pushKeySchema, pushPreferencesSchema, type PushPreferences } from '../../../shared/push';
import { api } from './client';

/** The server's VAPID public key, null when push is off. */
export async function pushPublicKey(): Promise<string | null> {
  return pushKeySchema.parse((await api.get<unknown>('/api/push/key')).data).public_key;
}

/** The browser's subscription as toJSON() gives it, stored for this device (one per device). */
export async function saveSubscription(deviceId: string, subscription: PushSubscriptionJSON): Promise<void> {
  await api.put('/api/push/subscription', { device_id: deviceId, endpoint: subscription.endpoint, keys: subscription.keys });
}

export async function removeSubscription(deviceId: string): Promise<void> {
  await api.request('DELETE', '/api/push/subscription', undefined, { device_id: deviceId });
}

export async function reportShown(deviceId: string, path: string | null): Promise<void> {
  await api.post('/api/live/foreground', { device_id: deviceId, path });
}

export async function readPushPreferences(): Promise<PushPreferences> {
  return pushPreferencesSchema.parse((await api.get<unknown>('/api/push/preferences')).data);
}

export async function savePushPreferences(next: PushPreferences): Promise<PushPreferences> {
  return pushPreferencesSchema.parse((await api.put<unknown>('/api/push/preferences', next)).data);
}
