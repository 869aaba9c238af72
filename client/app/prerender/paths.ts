/**
 * The paths index.html carries a pre-rendered copy of, and the id of each copy's
 * <template> per language. The landing page keeps its plain `prerender-{language}`.
 */
export const PRERENDERED_PATHS = ['/', '/services'] as const;
export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

export const templatePrefix = (path: PrerenderedPath): string => (path === '/' ? 'prerender-' : `prerender${path.replace(/\//g, '-')}-`);
