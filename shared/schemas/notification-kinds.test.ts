/**
 * One list of notification kinds (NOTIFICATION_PARAMS) ties the server's stored texts to
 * the client's renderers: every kind the server can send has its sentence in every
 * language on both sides, neither side knows a kind the list does not, and both sides
 * fill a sentence from the same params, all of them carried by the kind.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '../../server/modules/notifications/messages';
import { LANGUAGES } from '../constants';
import { NOTIFICATION_KINDS, NOTIFICATION_PARAMS } from './notification';

type Sentence = { title: string; message: string };

/**
 * The client's sentences of one language, by kind (kinds.bid.new -> 'bid.new'): one, or
 * one per plural form for a kind that counts (title_one, message_one, title_other, ...).
 */
function clientKinds(lang: string): Record<string, Sentence[]> {
  const file = path.join(__dirname, '../../client/i18n/locales', lang, 'notifications.json');
  const kinds = JSON.parse(readFileSync(file, 'utf8')).kinds as Record<string, Record<string, Record<string, string>>>;
  // A form's title or message may be one for all counts (a counted message under one title).
  const forms = (keys: Record<string, string>): Sentence[] => {
    const suffixes = [...new Set(Object.keys(keys).map((k) => k.replace(/^(title|message)/, '')))];
    const plural = suffixes.filter((suffix) => suffix !== '');
    return (plural.length > 0 ? plural : ['']).map((suffix) => ({ title: keys[`title${suffix}`] ?? keys.title, message: keys[`message${suffix}`] ?? keys.message }));
  };
  return Object.fromEntries(Object.entries(kinds).flatMap(([area, verbs]) => Object.entries(verbs).map(([verb, keys]) => [`${area}.${verb}`, forms(keys)])));
}

/** The server's texts of a kind in one language: the one text, and its text for several when it counts. */
function serverTexts(kind: (typeof NOTIFICATION_KINDS)[number], lang: (typeof LANGUAGES)[number]): Sentence[] {
  const text: Sentence & { several?: Sentence } = NOTIFICATION_MESSAGES[kind][lang];
  return text.several ? [text, text.several] : [text];
}

const placeholders = (texts: Sentence[], pattern: RegExp) =>
  [...new Set(texts.flatMap((s) => [...`${s.title} ${s.message}`.matchAll(pattern)].map((m) => m[1])))].sort();
const serverFields = (texts: Sentence[]) => placeholders(texts, /\{(\w+)\}/g);
/** i18next placeholders, with or without a format ({{count, number}}). */
const clientFields = (texts: Sentence[]) => placeholders(texts, /\{\{(\w+)(?:,[^}]*)?\}\}/g);

describe('notification kinds', () => {
  const kinds = [...NOTIFICATION_KINDS].sort();

  it('has the server write every kind of the list in every language, and no other kind', () => {
    expect(Object.keys(NOTIFICATION_MESSAGES).sort()).toEqual(kinds);
    for (const kind of kinds) {
      for (const lang of LANGUAGES) {
        for (const text of serverTexts(kind, lang)) expect(text?.title && text.message, `${kind} ${lang}`).toBeTruthy();
      }
    }
  });

  it('has the client render every kind of the list in every language, and no other kind', () => {
    for (const lang of LANGUAGES) {
      const client = clientKinds(lang);
      expect(Object.keys(client).sort(), lang).toEqual(kinds);
      for (const kind of kinds) {
        expect(client[kind].length, `${kind} ${lang}`).toBeGreaterThan(0);
        for (const form of client[kind]) expect(form.title && form.message, `${kind} ${lang}`).toBeTruthy();
      }
    }
  });

  it('fills the server text and the client sentence of a kind from the same params, all of them the kind carries', () => {
    for (const kind of kinds) {
      const carried = Object.keys(NOTIFICATION_PARAMS[kind].shape);
      for (const lang of LANGUAGES) {
        const server = serverFields(serverTexts(kind, lang));
        // The client's {{count}} is the kind's counted param (a trial's days reach t() as
        // count, render.ts), and every plural form fills the same params (the count itself
        // only where the form shows it).
        const counted = carried.includes('count') ? 'count' : carried.includes('days') ? 'days' : 'count';
        const client = (texts: Sentence[]) => clientFields(texts).map((f) => (f === 'count' ? counted : f)).sort();
        const withoutCount = (fields: string[]) => fields.filter((f) => f !== counted);
        for (const form of clientKinds(lang)[kind]) expect(withoutCount(client([form])), `${kind} ${lang}`).toEqual(withoutCount(server));
        expect(client(clientKinds(lang)[kind]), `${kind} ${lang}`).toEqual(server);
        for (const field of server) expect(carried, `${kind} ${lang}: {${field}}`).toContain(field);
      }
    }
  });
});
