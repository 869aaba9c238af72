/**
 * Serves the built client (dist/): hashed assets cached for a year as immutable,
 * index.html, the service worker and the manifest never cached, and index.html for every
 * other page path so client-side routes survive a reload (single-page fallback).
 */
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
