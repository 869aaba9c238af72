/**
 * A development identity provider served by the same server, so sign-in works on a fresh
 * machine without Google. It speaks the same authorization-code flow with PKCE (S256),
 * state and nonce as Google does, and its sign-in page is a plain HTML form (email, name).
 * It cannot run in production: mountDevIdp refuses, and createApp never calls it there.
 */
import crypto from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../config';
import { validationFailed } from '../../shared/errors';

export const DEV_CLIENT_ID = 'binaa-dev-client';
/** grant's provider key, so sign-in starts at /connect/devidp */
export const DEV_PROVIDER_NAME = 'devidp';
export const devIssuer = (publicUrl: string) => `${publicUrl}/dev-idp`;
/** The one redirect_uri registered for the development client: grant's callback. */
const devRedirectUri = (publicUrl: string) => `${publicUrl}/connect/${DEV_PROVIDER_NAME}/callback`;

interface PendingCode {
  email: string;
  name: string;
  nonce?: string;
  challenge: string;
  redirectUri: string;
  expiresAt: number;
}

const b64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

function signHs256(payload: object, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const sig = crypto.createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(params: Record<string, string>, error?: string): string {
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  // It names the app's icon, or the browser asks /favicon.ico, which answers 404.
  return `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>تسجيل الدخول التجريبي · Development sign-in</title>
<link rel="icon" type="image/png" href="/icons/icon-192.png">
<style>body{font-family:system-ui,'Noto Sans Arabic',sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
label{display:block;margin-block:1rem .25rem}input[type=email],input[type=text]{inline-size:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}
button{margin-block-start:1.5rem;padding:.7rem 1.5rem;font-size:1rem}.err{color:#b00020}</style></head>
<body><h1>تسجيل الدخول التجريبي</h1><p>Development identity provider: not available in production.</p>
${error ? `<p class="err" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="POST" action="/dev-idp/authorize">${hidden}
<label for="email">البريد الإلكتروني · Email</label><input id="email" name="email" type="email" required autocomplete="email">
<label for="name">الاسم · Name</label><input id="name" name="name" type="text" autocomplete="name">
<button type="submit">دخول · Sign in</button></form></body></html>`;
}

const AUTH_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'state', 'nonce', 'code_challenge', 'code_challenge_method', 'scope'] as const;

export function devIdpRouter(config: Config, clientSecret: string): Router {
  if (config.production) throw new Error('The development identity provider cannot run in production');
  const codes = new Map<string, PendingCode>();
  const router = new Router({ prefix: '/dev-idp' });
  const redirectUri = devRedirectUri(config.publicUrl);

  function checkAuthParams(p: Record<string, unknown>): Record<string, string> {
    const params: Record<string, string> = {};
    for (const k of AUTH_PARAMS) if (typeof p[k] === 'string') params[k] = p[k] as string;
    if (params.client_id !== DEV_CLIENT_ID) throw validationFailed('unknown client_id');
    if (params.response_type !== 'code') throw validationFailed('response_type must be code');
    // The whole URL, as a provider compares a registered redirect_uri: a prefix would let
    // /connect/../../evil through, and the browser would carry the code to /evil.
    if (params.redirect_uri !== redirectUri) throw validationFailed('redirect_uri not registered');
    if (params.code_challenge_method !== 'S256' || !params.code_challenge) throw validationFailed('PKCE S256 required');
    if (!params.state) throw validationFailed('state required');
    return params;
  }

  router.get('/authorize', (ctx: Context) => {
    const params = checkAuthParams(ctx.query as Record<string, unknown>);
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = page(params);
  });

  router.post('/authorize', (ctx: Context) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const params = checkAuthParams(body);
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const name = typeof body.name === 'string' ? body.name.trim().slice(0, 120) : '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = page(params, 'بريد إلكتروني غير صالح · Invalid email');
      return;
    }
    const code = crypto.randomBytes(24).toString('base64url');
    codes.set(code, {
      email,
      name: name || email.split('@')[0],
      nonce: params.nonce,
      challenge: params.code_challenge,
      redirectUri: params.redirect_uri,
      expiresAt: Date.now() + 60_000,
    });
    const target = new URL(params.redirect_uri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', params.state);
    ctx.redirect(target.toString());
  });

  router.post('/token', (ctx: Context) => {
    const body = (ctx.request.body ?? {}) as Record<string, string>;
    const pending = codes.get(body.code ?? '');
    codes.delete(body.code ?? '');
    const fail = (error: string) => {
      ctx.status = 400;
      ctx.body = { error };
    };
    if (body.grant_type !== 'authorization_code') return fail('unsupported_grant_type');
    if (body.client_id !== DEV_CLIENT_ID || body.client_secret !== clientSecret) return fail('invalid_client');
    if (!pending || pending.expiresAt < Date.now() || pending.redirectUri !== body.redirect_uri) return fail('invalid_grant');
    const challenge = crypto.createHash('sha256').update(body.code_verifier ?? '').digest('base64url');
    if (challenge !== pending.challenge) return fail('invalid_grant');
    const now = Math.floor(Date.now() / 1000);
    const idToken = signHs256(
      {
        iss: devIssuer(config.publicUrl),
        sub: `dev:${pending.email}`,
        aud: DEV_CLIENT_ID,
        email: pending.email,
        email_verified: true,
        name: pending.name,
        nonce: pending.nonce,
        iat: now,
        exp: now + 300,
      },
      clientSecret,
    );
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { access_token: crypto.randomBytes(24).toString('base64url'), token_type: 'Bearer', expires_in: 300, id_token: idToken };
  });

  return router;
}
