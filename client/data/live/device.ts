/**
 * This browser's device id: one per browser profile (every tab shares it), kept in
 * localStorage. The server keeps one push subscription per device and user, and the
 * item a device shows (no push about it).
 */
const KEY = 'binaa.device';

export function deviceId(): string {
  try {
    let id = localStorage.getItem(KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return (memory ??= crypto.randomUUID());
  }
}
let memory: string | undefined;
