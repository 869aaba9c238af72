/**
 * Types for translation keys built from data (`t(\`status.${s}\`)`): the names under a
 * branch of a namespace, so the data's type says which keys it may build and the type
 * check refuses a name the Arabic locale (client/i18n/i18next.d.ts) does not have.
 */
import type { TypeOptions } from 'i18next';
import type { Namespace } from './languages';

type Resources = TypeOptions['resources'];

type Branch<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? Branch<T[Head], Rest>
    : Record<never, never>
  : P extends keyof T
    ? T[P]
    : Record<never, never>;

/** The names directly under `path` in namespace `ns`: KeysUnder<'dashboard', 'stats'> is 'title' | 'products' | … */
export type KeysUnder<N extends Namespace, P extends string> = keyof Branch<Resources[N & keyof Resources], P> & string;

/**
 * A lookup of a key that comes from data (an error code, a status a newer server may
 * send), always with the text to show when the locale lacks it. Any `t` fits.
 */
export type LookupWithFallback = (key: string, options: { defaultValue: string } & Record<string, unknown>) => string;
