/**
 * Everything one person keeps on this device, listed here and nowhere else: their local
 * database (`binaa-<userId>`: their rows, outbox and photos waiting, data/db/database.ts),
 * the small values of PERSONAL_ITEMS in localStorage under keys that name them, and the
 * TAB_ITEMS this tab holds for whoever is signed in. A phone is often shared on a site:
 * what one person keeps is read under their own sign-in only (a key names them, so a
 * session that expired and someone else signing in shows that person nothing of it), and
 * sign-out removes all of it. A new thing a person keeps is added here, or it outlives
 * their sign-out.
 *
 * Not anyone's, and so kept: the language, the install prompt's dismissal, the device id
 * push subscriptions are stored under, a sign-out still to reach the server, the role
 * guides seen, the service worker's cache of public product thumbnails, and the path a
 * tab returns to across the identity provider (it is set before anyone is signed in).
 */
const PERSONAL_ITEMS = {
  /** The request for quotation being built (features/rfqs/draft.ts). */
  rfqDraft: 'rfqDraft',
  /** A driver's consent to send their position with delivery steps (features/deliveries). */
  shareLocation: 'shareLocation',
  /** When the person was offered push notifications on this device (data/live/push.ts). */
  pushOffered: 'pushOffered',
} as const;

export type PersonalItem = keyof typeof PERSONAL_ITEMS;

/** sessionStorage keys of this tab's moment for whoever is signed in: the comparison being made, the plan left to pay for. */
export const TAB_ITEMS = ['binaa.compare', 'binaa.plan-checkout'] as const;

/**
 * Keys that earlier versions kept a person's values under, outside their prefix (the
 * draft and the location switch device-wide). Whose they are is not known, so nobody
 * gets them: they are removed at start and at every sign-out.
 */
const UNOWNED_KEYS = ['binaa.rfqDraft', 'binaa.driver.shareLocation'];
const isUnowned = (key: string) => UNOWNED_KEYS.includes(key) || key.startsWith('binaa.push.asked.');

const PREFIX = 'binaa.user.';
const personPrefix = (userId: string) => `${PREFIX}${userId}.`;

/** The localStorage key of one of a person's values. */
export const personalKey = (userId: string, item: PersonalItem) => `${personPrefix(userId)}${PERSONAL_ITEMS[item]}`;

/** The value, null when there is none, undefined when the browser refuses storage. */
export function readPersonal(userId: string, item: PersonalItem): string | null | undefined {
  try {
    return globalThis.localStorage?.getItem(personalKey(userId, item));
  } catch {
    return undefined;
  }
}

/** False when the browser refused (private mode, storage full): the value then lasts for the page only. */
export function writePersonal(userId: string, item: PersonalItem, value: string): boolean {
  try {
    globalThis.localStorage?.setItem(personalKey(userId, item), value);
    return true;
  } catch {
    return false;
  }
}

const forgetListeners = new Set<(userId: string) => void>();

/** Tells a module holding a person's values in memory that they are gone (its copy must go too). */
export function onPersonForgotten(listener: (userId: string) => void): () => void {
  forgetListeners.add(listener);
  return () => forgetListeners.delete(listener);
}

function removeKeys(storage: Storage | undefined, wanted: (key: string) => boolean) {
  if (!storage) return;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && wanted(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** Removes the values nobody owns (see UNOWNED_KEYS). */
export function removeUnownedValues(): void {
  try {
    removeKeys(globalThis.localStorage, isUnowned);
  } catch {
    /* storage blocked: nothing was kept either */
  }
}

/**
 * Sign-out, at once: every value the person keeps in storage (any key under their
 * prefix, so none is missed), this tab's items, the unowned ones, and the copies held
 * in memory. Their database goes with forgetPersonalDatabase once its screens are gone.
 */
export function forgetPersonalValues(userId: string): void {
  const prefix = personPrefix(userId);
  try {
    removeKeys(globalThis.localStorage, (key) => key.startsWith(prefix) || isUnowned(key));
  } catch {
    /* storage blocked: nothing was kept */
  }
  try {
    removeKeys(globalThis.sessionStorage, (key) => (TAB_ITEMS as readonly string[]).includes(key));
  } catch {
    /* as above */
  }
  for (const listener of forgetListeners) listener(userId);
}

/**
 * Deletes the person's database. Unsent writes in its outbox go with it: the sign-out
 * button asks first when there are any.
 */
export async function forgetPersonalDatabase(userId: string): Promise<void> {
  // Imported here: this module is in the landing page's bundle, Dexie is not.
  const { deleteUserDb } = await import('../db/database');
  await deleteUserDb(userId);
}
