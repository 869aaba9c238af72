/**
 * index.html's inline script: which pre-rendered page it shows, and when it starts the
 * app. Its language must be the one i18next will render (else the live page would
 * replace the copy with another language), so the choice is compared with i18next's own
 * detector under the app's settings.
 */
import { afterEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_DETECTION, LANGUAGE_STORAGE_KEY, toLanguageCode } from '../../i18n/languages';
import { inlineScript, showPrerenderedLanding, type PrerenderOptions } from './inlineScript';

const OPTIONS: PrerenderOptions = {
  languages: ['ar', 'en', 'zh'],
  rtl: ['ar'],
  fallback: 'ar',
  languageKey: LANGUAGE_STORAGE_KEY,
  sessionKey: 'binaa.session.v1',
  titles: { ar: 'سوق بناء', en: 'Binaa Market', zh: 'Binaa 建材市场' },
  templates: { '/': 'prerender-', '/services': 'prerender-services-' },
  entry: '/assets/index-abc.js',
  preload: ['/assets/react-abc.js', '/assets/fluent-abc.js'],
  screens: { '/services': ['/assets/ServicesScreen-abc.js', '/assets/Tab-abc.js', '/assets/Badge-abc.js', '/assets/Card-abc.js'] },
};

interface Visit {
  path?: string;
  search?: string;
  stored?: Record<string, string>;
  languages?: string[];
}

function visit({ path = '/', search = '', stored = {}, languages = ['ar-SA'] }: Visit) {
  const root = { children: [] as unknown[], appendChild: (node: unknown) => root.children.push(node) };
  const head = { children: [] as Array<Record<string, string>>, appendChild: (node: Record<string, string>) => head.children.push(node) };
  const doc = {
    documentElement: { lang: 'ar', dir: 'rtl' },
    title: 'سوق بناء',
    head,
    getElementById: (id: string) => {
      if (id === 'root') return root;
      const [, page, lang] = /^prerender-(services-)?(\w+)$/.exec(id) ?? [];
      return lang ? { content: { cloneNode: () => `${page ? 'services' : 'landing'} in ${lang}` } } : null;
    },
    createElement: (tag: string) => ({ tag }),
  };
  const frames: Array<() => void> = [];
  const tasks: Array<() => void> = [];
  const win = {
    document: doc,
    location: { pathname: path, search },
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    navigator: { languages, language: languages[0] },
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void) => tasks.push(f),
  };
  const shown = showPrerenderedLanding(win as unknown as Window, OPTIONS);
  const scripts = () => head.children.filter((c) => c.tag === 'script').map((c) => c.src);
  const preloads = () => head.children.filter((c) => c.tag === 'link' && c.rel === 'modulepreload').map((c) => c.href);
  /** Runs the next queued task (and returns false when none is queued). */
  const task = () => {
    const next = tasks.shift();
    next?.();
    return next !== undefined;
  };
  return { shown, root, doc, head, frames, tasks, task, scripts, preloads };
}

/** The language i18next settles on for a visitor, with the app's detection settings. */
async function i18nextChoice({ stored = {}, languages = [] }: Visit): Promise<string> {
  const storage = new Map(Object.entries(stored));
  const globals = {
    window: { localStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v), removeItem: () => {} } },
    navigator: { languages, language: languages[0] },
    document: { documentElement: { lang: DEFAULT_LANGUAGE, getAttribute: () => DEFAULT_LANGUAGE } },
  };
  for (const [name, value] of Object.entries(globals)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  const i18n = i18next.createInstance();
  await i18n.use(LanguageDetector).init({
    resources: Object.fromEntries(LANGUAGES.map((l) => [l.code, { common: { x: l.code } }])),
    supportedLngs: LANGUAGES.map((l) => l.code),
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: DEFAULT_LANGUAGE,
    detection: LANGUAGE_DETECTION,
  });
  return toLanguageCode(i18n.resolvedLanguage ?? i18n.language);
}

const saved = Object.fromEntries(['window', 'navigator', 'document'].map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));
afterEach(() => {
  for (const [name, descriptor] of Object.entries(saved)) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (globalThis as Record<string, unknown>)[name];
  }
});

describe("index.html's inline script", () => {
  it('shows the copy in the language i18next will choose, for every mix of stored choice and browser languages', async () => {
    const storedChoices = [undefined, 'ar', 'en', 'zh', 'fr', 'en-GB'];
    const browsers = [['ar-SA'], ['en-US', 'en'], ['zh-CN'], ['fr-FR', 'zh-TW', 'en'], ['de-DE'], ['pt-BR', 'en-US'], []];
    for (const choice of storedChoices) {
      for (const languages of browsers) {
        const stored: Record<string, string> = choice ? { [LANGUAGE_STORAGE_KEY]: choice } : {};
        const expected = await i18nextChoice({ stored, languages });
        const page = visit({ stored, languages });
        expect(page.shown, `${choice} ${languages.join(',')}`).toBe(expected);
        expect(page.root.children).toEqual([`landing in ${expected}`]);
      }
    }
  });

  it('sets the language, direction and title of the document with the copy', () => {
    const english = visit({ languages: ['en-US'] });
    expect(english.doc.documentElement).toEqual({ lang: 'en', dir: 'ltr' });
    expect(english.doc.title).toBe('Binaa Market');
    const arabic = visit({ languages: ['ar-SA'] });
    expect(arabic.doc.documentElement).toEqual({ lang: 'ar', dir: 'rtl' });
  });

  it('starts the app only once the copy has had its frame', () => {
    const page = visit({});
    expect(page.scripts()).toEqual([]);
    page.frames.forEach((f) => f());
    expect(page.scripts()).toEqual([]);
    while (page.task());
    expect(page.scripts()).toEqual(['/assets/index-abc.js']);
    expect(page.head.children.filter((c) => c.tag === 'link').map((c) => [c.rel, c.href])).toEqual([
      ['modulepreload', '/assets/react-abc.js'],
      ['modulepreload', '/assets/fluent-abc.js'],
    ]);
  });

  it("preloads the catalogue's screen with the entry's modules, a few per task, the entry first", () => {
    const page = visit({ path: '/services' });
    page.frames.forEach((f) => f());
    page.task();
    expect(page.scripts()).toEqual(['/assets/index-abc.js']);
    expect(page.head.children[0]).toMatchObject({ tag: 'script' });
    expect(page.preloads()).toEqual(['/assets/react-abc.js', '/assets/fluent-abc.js', '/assets/ServicesScreen-abc.js', '/assets/Tab-abc.js']);
    expect(page.task()).toBe(true);
    expect(page.preloads()).toEqual([...OPTIONS.preload, ...OPTIONS.screens['/services']]);
    expect(page.task()).toBe(false);
    // Another page preloads the entry's modules alone.
    const landing = visit({});
    landing.frames.forEach((f) => f());
    while (landing.task());
    expect(landing.preloads()).toEqual(OPTIONS.preload);
  });

  it('shows the catalogue its own copy, in the language i18next will choose', () => {
    const page = visit({ path: '/services', languages: ['en-US'] });
    expect(page.shown).toBe('en');
    expect(page.root.children).toEqual(['services in en']);
    expect(page.doc.documentElement).toEqual({ lang: 'en', dir: 'ltr' });
    expect(visit({ path: '/services', stored: { [LANGUAGE_STORAGE_KEY]: 'zh' } }).root.children).toEqual(['services in zh']);
  });

  it.each([
    ['on another page', { path: '/dashboard' }],
    ['on a page with the same start', { path: '/services/other' }],
    ['on the catalogue with a query (the transport tab, the join dialog)', { path: '/services', search: '?tab=transport' }],
    ['on the catalogue to a visitor remembered as signed in', { path: '/services', stored: { 'binaa.session.v1': '{"user":{"id":"u1"}}' } }],
    ['to a visitor this device remembers as signed in (the landing page sends them on)', { stored: { 'binaa.session.v1': '{"user":{"id":"u1"}}' } }],
    ['after a refused sign-in (the live page shows why)', { search: '?login_error=denied' }],
  ])('shows nothing and starts the app at once %s', (_, options: Visit) => {
    const page = visit(options);
    expect(page.shown).toBeNull();
    expect(page.root.children).toEqual([]);
    expect(page.scripts()).toEqual(['/assets/index-abc.js']);
  });

  it('is a script that closes no element early, whatever the titles say', () => {
    const text = inlineScript({ ...OPTIONS, titles: { ...OPTIONS.titles, en: '</script><script>alert(1)</script>' } });
    expect(text).not.toMatch(/<\/script/i);
    expect(text.startsWith('(function showPrerenderedLanding(')).toBe(true);
  });
});
