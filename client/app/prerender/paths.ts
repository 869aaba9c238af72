/**
 * The paths index.html carries a pre-rendered copy of, and the id of each copy's
 * <template> per language. The landing page keeps its plain `prerender-{language}`.
 */
export const PRERENDERED_PATHS = ['/', '/services'] as const;
export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/**
 * The module of each page's screen when it loads apart from the entry (the client root's
 * path): the inline script preloads its modules with the entry's, a few per task.
 */
export const PRERENDERED_SCREEN_MODULES: Record<PrerenderedPath, string | null> = {
  '/': null,
  '/services': 'features/services/ServicesScreen.tsx',
};

export const templatePrefix = (path: PrerenderedPath): string => (path === '/' ? 'prerender-' : `prerender${path.replace(/\//g, '-')}-`);

/**
 * The modules main.tsx imports one group per task before the first render (a path under
 * the client root, or a package's): the inline script preloads their files with the
 * entry's, so each group is fetched by the time main.tsx asks for it.
 */
export const BOOT_MODULES = ['i18n/index.ts', 'app/ThemedProvider.tsx', 'react-dom/client', 'app/mount.tsx'] as const;
