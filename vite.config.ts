/**
 * Client build: Vite with the root in client/, output in dist/ (served by the server),
 * and the PWA (manifest + a TypeScript service worker built with injectManifest).
 * The manifest is Arabic first. `build.manifest` is on so that
 * scripts/check-size.mjs can follow the landing page's static imports.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// With its extension, as Vite's native config loader will want it.
import { prerenderLanding } from './client/app/prerender/plugin.ts';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig(({ command, mode }) => {
  // A build follows its mode, never the environment's NODE_ENV: `npm start` with the
  // server's documented default NODE_ENV=development must still ship React's production
  // bundle and the service worker (main.tsx registers it only when import.meta.env.PROD).
  // Vite reads process.env.NODE_ENV after loading this file; `vite build --mode
  // development` still makes a development build on purpose.
  if (command === 'build') process.env.NODE_ENV = mode === 'development' ? 'development' : 'production';
  return {
    root: 'client',
    publicDir: 'public',
    build: {
      outDir: '../dist',
      emptyOutDir: true,
      manifest: true,
      target: 'es2022',
      sourcemap: false,
      modulePreload: {
        // The entry's own dynamic imports (main.tsx's boot groups) skip Vite's preload step:
        // index.html's inline script has preloaded their files already, and Vite's helper,
        // matching each of some forty files against every link in the head, took 13 ms
        // unthrottled (about 50 ms on a phone four times slower) inside the entry's task.
        resolveDependencies: (_file, deps, { hostId, hostType }) => (hostType === 'js' && /^assets\/index-[\w-]+\.js$/.test(hostId) ? [] : deps),
      },
    },
    plugins: [
      react(),
      // The landing page as HTML in index.html, painted before the JavaScript arrives.
      prerenderLanding(path.join(here, 'client')),
      VitePWA({
        strategies: 'injectManifest',
        // Resolved against Vite's root (client/), so give the absolute path of client/.
        srcDir: path.join(here, 'client'),
        filename: 'sw.ts',
        // main.tsx registers the worker itself with workbox-window (update prompt).
        injectRegister: false,
        manifestFilename: 'manifest.webmanifest',
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        },
        manifest: {
          id: '/',
          name: 'سوق بناء',
          short_name: 'بناء',
          description: 'سوق مواد البناء للموردين والمقاولين والجهات الحكومية وشركات النقل',
          lang: 'ar',
          dir: 'rtl',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          theme_color: '#0f6cbd',
          background_color: '#ffffff',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
      }),
    ],
    server: {
      // `npm run dev` serves the API on 3000; the Vite dev server forwards calls to it.
      proxy: { '/api': 'http://localhost:3000' },
    },
  };
});
