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

/** The client's sentences of one language, by kind (kinds.bid.new -> 'bid.new'). */
function clientKinds(lang: string): Record<string, Sentence> {
  const file = path.join(__dirname, '../../client/i18n/locales', lang, 'notifications.json');
  const kinds = JSON.parse(readFileSync(file, 'utf8')).kinds as Record<string, Record<string, Sentence>>;
  return Object.fromEntries(Object.entries(kinds).flatMap(([area, verbs]) => Object.entries(verbs).map(([verb, s]) => [`${area}.${verb}`, s])));
}

const placeholders = (text: string, pattern: RegExp) => [...new Set([...text.matchAll(pattern)].map((m) => m[1]))].sort();
const serverFields = (s: Sentence) => placeholders(`${s.title} ${s.message}`, /\{(\w+)\}/g);
const clientFields = (s: Sentence) => placeholders(`${s.title} ${s.message}`, /\{\{(\w+)\}\}/g);

describe('notification kinds', () => {
  const kinds = [...NOTIFICATION_KINDS].sort();

  it('has the server write every kind of the list in every language, and no other kind', () => {
    expect(Object.keys(NOTIFICATION_MESSAGES).sort()).toEqual(kinds);
    for (const kind of kinds) {
      for (const lang of LANGUAGES) {
        const text = NOTIFICATION_MESSAGES[kind][lang];
        expect(text?.title && text.message, `${kind} ${lang}`).toBeTruthy();
      }
    }
  });

  it('has the client render every kind of the list in every language, and no other kind', () => {
    for (const lang of LANGUAGES) {
      const client = clientKinds(lang);
      expect(Object.keys(client).sort(), lang).toEqual(kinds);
      for (const kind of kinds) expect(client[kind].title && client[kind].message, `${kind} ${lang}`).toBeTruthy();
    }
  });

  it('fills the server text and the client sentence of a kind from the same params, all of them the kind carries', () => {
    for (const kind of kinds) {
      const carried = Object.keys(NOTIFICATION_PARAMS[kind].shape);
      for (const lang of LANGUAGES) {
        const server = serverFields(NOTIFICATION_MESSAGES[kind][lang]);
        expect(clientFields(clientKinds(lang)[kind]), `${kind} ${lang}`).toEqual(server);
        for (const field of server) expect(carried, `${kind} ${lang}: {${field}}`).toContain(field);
      }
    }
  });
});
