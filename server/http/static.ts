/**
 * Serves the built client (dist/): hashed assets cached for a year as immutable,
 * index.html, the service worker and the manifest never cached, and index.html for every
 * other page path so client-side routes survive a reload (single-page fallback).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import type { Context, Next } from 'koa';
import send from 'koa-send';

const NEVER_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);
const SERVER_PATHS = /^\/(api|connect|dev-idp)(\/|$)/;

export function serveClient(distDir: string) {
  const root = path.resolve(distDir);
  const hasIndex = () => fs.existsSync(path.join(root, 'index.html'));
  const setHeaders = (res: { setHeader(name: string, value: string): void }, file: string) => {
    const rel = '/' + path.relative(root, file).split(path.sep).join('/');
    if (rel.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    else if (NEVER_CACHE.has(rel)) res.setHeader('Cache-Control', 'no-cache');
    else res.setHeader('Cache-Control', 'public, max-age=3600');
  };

  return async function client(ctx: Context, next: Next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || SERVER_PATHS.test(ctx.path)) return next();
    if (ctx.path !== '/' && ctx.path !== '/index.html') {
      try {
        const served = await send(ctx, ctx.path, { root, setHeaders, index: false, hidden: false });
        if (served) return;
      } catch (err) {
        const status = (err as { status?: number }).status;
        if (status !== 404 && status !== 400) throw err;
      }
      // A missing file with an extension is a real 404, not a page.
      if (path.extname(ctx.path)) return next();
    }
    if (!ctx.accepts('html') || !hasIndex()) return next();
    await send(ctx, 'index.html', { root, setHeaders });
  };
}

/**
 * The Content-Security-Policy sources ('sha256-…') of the inline scripts in the built
 * index.html (the pre-rendered landing page's, client/app/prerender/inlineScript.ts, which
 * also starts the app), so script-src allows exactly those and no other inline script.
 * Follows index.html as it is rebuilt under a running server (`npm run dev` beside
 * `npm run build`): a stale hash would leave the app unstarted. Looks at the file at
 * most once a second.
 */
export function inlineScriptHashes(distDir: string): () => string[] {
  const file = path.join(path.resolve(distDir), 'index.html');
  let checked = 0;
  let mtime = -1;
  let hashes: string[] = [];
  return () => {
    if (Date.now() - checked < 1000) return hashes;
    checked = Date.now();
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    // The same array until the page changes: a caller may compare it by identity.
    if (!stat) {
      if (mtime !== -1) [mtime, hashes] = [-1, []];
      return hashes;
    }
    if (stat.mtimeMs !== mtime) {
      mtime = stat.mtimeMs;
      const html = fs.readFileSync(file, 'utf8');
      hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
        ([, body]) => `'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`,
      );
    }
    return hashes;
  };
}
