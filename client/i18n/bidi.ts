/**
 * Every value i18next puts into a translated sentence (a name, a place, a note, an amount
 * or date we formatted) is wrapped in Unicode first-strong isolates, FSI (U+2068) … PDI
 * (U+2069). Without them an Arabic place name in an English sentence shares one
 * bidirectional run with the words around it: "{{from}} to {{to}}" with two Arabic
 * places reads with the English "to" in the middle of a place and a neighbourhood torn
 * from its city. Inside an isolate the value takes the direction of its own first strong
 * letter and the sentence around it keeps its order.
 *
 * It is i18next's `escape` (i18n/index.ts), which runs on every interpolated value after
 * its format (`{{count, number}}` included): one place that every translated sentence goes
 * through. It replaces i18next's HTML escape, which React makes unneeded (React escapes
 * text) and which would show "&amp;" as text. Plurals pick their form from the raw count,
 * not from this text. A value that already is one isolate (a sentence's value that is
 * itself a wrapped value) is left as it is, so nothing is wrapped twice.
 *
 * Text outside t() (user text next to a translated label in JSX) is isolated by <bdi>.
 * Text that leaves the page (a share sheet's text) asks t() for `PLAIN_TEXT`.
 */

const FSI = '\u2068';
const PDI = '\u2069';
/** LRI, RLI and FSI open an isolate; PDI closes the innermost one. */
const OPENERS = new Set(['\u2066', '\u2067', FSI]);

/** Whether `text` is one isolate from its first character to its last. */
function isOneIsolate(text: string): boolean {
  if (!text.startsWith(FSI) || !text.endsWith(PDI)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (OPENERS.has(c)) depth++;
    else if (c === PDI && --depth === 0) return i === text.length - 1;
  }
  return false;
}

/** `text` in a first-strong isolate (once; empty text stays empty). */
function isolate(text: string): string {
  return text === '' || isOneIsolate(text) ? text : `${FSI}${text}${PDI}`;
}

/** i18next's interpolation options: every value isolated, no HTML escaping. */
export const BIDI_INTERPOLATION = { escapeValue: true, escape: isolate };

/** t() options for text that leaves the page (a share sheet): values as they are. */
export const PLAIN_TEXT = { interpolation: { escapeValue: false } };
