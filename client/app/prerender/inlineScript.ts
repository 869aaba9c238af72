/**
 * The one inline script of index.html: before the first paint, it shows the page of
 * this path (the landing page, the services catalogue) pre-rendered in the visitor's
 * language (a <template> per page and language, plugin.ts), so the page paints while
 * React is still on its way; main.tsx's first render replaces it. The server allows
 * this script by its hash (server/http/static.ts), not by 'unsafe-inline'.
 *
 * The language is chosen as i18next's detector will choose it (i18n/index.ts): the
 * stored choice, else the first supported browser language, else Arabic. Nothing is
 * shown on another path, to a visitor the device remembers as signed in (the landing
 * page sends them on to the dashboard), after a refused sign-in (the page then shows
 * a message the copy does not have), or on the catalogue with a query (another tab, the
 * join dialog: not what the copy shows).
 */

export interface PrerenderOptions {
  languages: string[];
  rtl: string[];
  fallback: string;
  /** localStorage key of the chosen language (LANGUAGE_STORAGE_KEY). */
  languageKey: string;
  /** localStorage key of the cached signed-in session (data/session/sessionCache.ts). */
  sessionKey: string;
  titles: Record<string, string>;
  /** Per pre-rendered path, its templates' id before the language. */
  templates: Record<string, string>;
  /** The app's module script, and the modules it imports, as Vite wrote them into index.html. */
  entry: string;
  preload: string[];
  /** Per pre-rendered path whose screen loads apart from the entry: that screen's modules. */
  screens: Record<string, string[]>;
}

/**
 * Runs in the page as written here (plugin.ts inlines its source), so it stays plain:
 * no imports, no closures, nothing newer than what every browser the app supports runs.
 * Returns the language shown, or null.
 */
export function showPrerenderedLanding(win: Window, o: PrerenderOptions): string | null {
  const doc = win.document;
  // The app's scripts. After a pre-rendered page they start once it has painted: fetched
  // and run earlier, they delayed that paint (a fast connection brings them before the
  // page has painted, and running them blocks the paint), and on a slow one they
  // compete with the page for the first round trips.
  // A modulepreload link costs the main thread a few milliseconds to insert (about 4 ms
  // on a mid-range phone): the entry goes first and the links follow a few per task, so
  // no insertion blocks input for long.
  const PRELOADS_PER_TASK = 4;
  const start = () => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = o.entry;
    doc.head.appendChild(script);
    // The page's screen too, when it loads apart: the app's loader then finds its links
    // in place instead of inserting them all in one task.
    const screen = Object.prototype.hasOwnProperty.call(o.screens, win.location.pathname) ? o.screens[win.location.pathname] : [];
    const files = o.preload.concat(screen);
    const preload = (from: number) => {
      for (let i = from; i < Math.min(from + PRELOADS_PER_TASK, files.length); i++) {
        const link = doc.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = files[i];
        doc.head.appendChild(link);
      }
      if (from + PRELOADS_PER_TASK < files.length) win.setTimeout(() => preload(from + PRELOADS_PER_TASK), 0);
    };
    preload(0);
  };
  const shown = ((): string | null => {
    const path = win.location.pathname;
    const prefix = Object.prototype.hasOwnProperty.call(o.templates, path) ? o.templates[path] : null;
    if (prefix === null || /[?&]login_error=/.test(win.location.search) || (path !== '/' && win.location.search.length > 1)) return null;
    let stored: string | null = null;
    try {
      if (win.localStorage.getItem(o.sessionKey)) return null;
      stored = win.localStorage.getItem(o.languageKey);
    } catch {
      // Storage refused (private mode): nothing stored, nobody remembered.
    }
    const supported = (lng: string | null | undefined) => {
      const base = String(lng || '').toLowerCase().split('-')[0];
      return o.languages.indexOf(base) >= 0 ? base : null;
    };
    let lang = supported(stored);
    const browser = win.navigator.languages && win.navigator.languages.length ? win.navigator.languages : [win.navigator.language];
    for (let i = 0; !lang && i < browser.length; i++) lang = supported(browser[i]);
    lang = lang || o.fallback;
    const template = doc.getElementById(prefix + lang) as HTMLTemplateElement | null;
    const root = doc.getElementById('root');
    if (!template || !root) return null;
    doc.documentElement.lang = lang;
    doc.documentElement.dir = o.rtl.indexOf(lang) >= 0 ? 'rtl' : 'ltr';
    doc.title = o.titles[lang];
    root.appendChild(template.content.cloneNode(true));
    return lang;
  })();
  // A frame's callbacks run just before it paints; a task queued from there runs after.
  if (shown) win.requestAnimationFrame(() => win.setTimeout(start, 0));
  else start();
  return shown;
}

/** The script's text for index.html. */
export function inlineScript(options: PrerenderOptions): string {
  // "<" escaped in the data, so no value can close the script element.
  return `(${showPrerenderedLanding.toString()})(window, ${JSON.stringify(options).replace(/</g, '\\u003c')});`;
}
