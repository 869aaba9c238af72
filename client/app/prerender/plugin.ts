/**
 * Vite plugin (builds only): writes the pre-rendered public pages (paths.ts) into index.html.
 * render.tsx runs in Node through a short-lived Vite server in SSR mode; its output goes
 * in as
 * - its style elements, in <head> (Griffel's rules, and the theme's variables on :root,
 *   theme.ts: the built app's FluentProvider writes none); the theme each copy's provider
 *   wrote as it rendered is dropped;
 * - one <template> per page and language (paths.ts names them), after #root, with buttons
 *   and the language picker `inert` until the live page replaces them (they would do
 *   nothing before; links are plain links and work);
 * - the inline script (inlineScript.ts) that copies the visitor's language into #root,
 *   then starts the app: Vite's module script and module preloads move into it.
 * It runs as the HTML is transformed, before the service worker's precache manifest
 * is written, so the precached index.html is this one.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createServer, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
// Imports with extensions: this module is part of vite.config.ts (Vite's native config loader wants them).
import { inlineScript } from './inlineScript.ts';
import type { PrerenderedLanding } from './render.tsx';
import { BOOT_MODULES, PRERENDERED_PATHS, PRERENDERED_SCREEN_MODULES, templatePrefix } from './paths.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY } from '../../i18n/languages.ts';
import { SESSION_CACHE_KEY } from '../../data/session/sessionCache.ts';

/** The theme variables FluentProvider writes into its element when rendered on a server (the pre-render runs in development mode). */
const THEME_STYLE = /<style id="fui-FluentProvider[^"]*">[^<]*<\/style>/g;

export function prerenderLanding(clientRoot: string): Plugin {
  return {
    name: 'binaa:prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const landing = await render(clientRoot);
        const templates = PRERENDERED_PATHS.flatMap((route) =>
          LANGUAGES.map(({ code }) => {
            const page = landing.pages[route][code]
              .replace(THEME_STYLE, '')
              .replace(/<(button|select)\b/g, '<$1 inert');
            return `<template id="${templatePrefix(route)}${code}">${page}</template>`;
          }),
        );
        // The app's scripts start from the inline script, after the first paint (inlineScript.ts).
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('index.html has no module script');
        const preload = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        // The entry's static imports, then the groups main.tsx imports a task apart, in that order.
        const bootFiles = [...new Set([...preload.map((m) => m[1]), ...BOOT_MODULES.flatMap((module) => chunkFiles(ctx.bundle, moduleFile(clientRoot, module)))])].filter((file) => file !== entry[1]);
        const withEntry = new Set([entry[1], ...bootFiles]);
        const screens = Object.fromEntries(
          PRERENDERED_PATHS.flatMap((route) => {
            const module = PRERENDERED_SCREEN_MODULES[route];
            return module ? [[route, chunkFiles(ctx.bundle, path.join(clientRoot, module)).filter((file) => !withEntry.has(file))]] : [];
          }),
        );
        const script = inlineScript({
          languages: LANGUAGES.map((l) => l.code),
          rtl: LANGUAGES.filter((l) => l.rtl).map((l) => l.code),
          fallback: DEFAULT_LANGUAGE,
          languageKey: LANGUAGE_STORAGE_KEY,
          sessionKey: SESSION_CACHE_KEY,
          titles: landing.titles,
          templates: Object.fromEntries(PRERENDERED_PATHS.map((route) => [route, templatePrefix(route)])),
          entry: entry[1],
          preload: bootFiles,
          screens,
        });
        if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
        return [entry[0], ...preload.map((m) => m[0])]
          .reduce((page, tag) => page.replace(tag, ''), html)
          // The page-wide stylesheet is a few hundred bytes: inline, it costs no round trip.
          .replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
            const asset = ctx.bundle?.[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
          })
          .replace('</head>', () => `${landing.styles}</head>`)
          .replace('<div id="root"></div>', () => `<div id="root"></div>${templates.join('')}<script>${script}</script>`);
      },
    },
  };
}

/** The file of a module named by its path under the client root or as a package's (react-dom/client). */
function moduleFile(clientRoot: string, module: string): string {
  const underRoot = path.join(clientRoot, module);
  return fs.existsSync(underRoot) ? underRoot : createRequire(path.join(clientRoot, 'main.tsx')).resolve(module);
}

/** The files of the chunk holding `module` and of every chunk it imports statically, as URLs. */
function chunkFiles(bundle: Rollup.OutputBundle | undefined, module: string): string[] {
  const chunks = Object.values(bundle ?? {}).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  // A module imported from elsewhere too may share a chunk with others, under no facade of its own.
  const root = chunks.find((c) => c.facadeModuleId === module) ?? chunks.find((c) => c.moduleIds.includes(module));
  if (!root) throw new Error(`no chunk is built from ${module}`);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const file of chunk.imports) visit(byFile.get(file)!);
  };
  visit(root);
  return [...files].map((file) => `/${file}`);
}

async function render(clientRoot: string): Promise<PrerenderedLanding> {
  const server = await createServer({
    configFile: false,
    root: clientRoot,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    plugins: [react()],
  });
  try {
    const module = await server.ssrLoadModule(path.join(clientRoot, 'app/prerender/render.tsx'));
    return await (module.renderLanding as () => Promise<PrerenderedLanding>)();
  } finally {
    await server.close();
  }
}
