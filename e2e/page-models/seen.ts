/**
 * Text as a person reads it. Every value in a translated sentence sits between the
 * invisible marks FSI (U+2068) and PDI (U+2069) (client/i18n/bidi.ts), and Playwright's
 * text matching normalises whitespace but not these marks. An expectation that spans a
 * value and the words around it ("Step 1 of 4") is written `seen('Step 1 of 4')`: a
 * pattern that allows the marks around any character. `exact: false` for toContainText.
 */
const MARKS = '[\\u2068\\u2069]*';
const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function seen(text: string, { exact = true } = {}): RegExp {
  const body = MARKS + Array.from(text).map((c) => (/\s/.test(c) ? '\\s+' : escape(c))).join(MARKS) + MARKS;
  return new RegExp(exact ? `^${body}$` : body);
}
