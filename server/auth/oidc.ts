/**
 * The OpenID Connect provider grant talks to: Google in production, the development
 * identity provider otherwise, or whatever a test injects (oauth2-mock-server).
 */
import crypto from 'node:crypto';
import grant from 'grant';
import type { Config } from '../config';
import { DEV_CLIENT_ID, DEV_PROVIDER_NAME, devIssuer } from './dev-idp';

export interface OidcProvider {
  /** grant's provider key; the sign-in URL is /connect/<name> */
  name: string;
  clientId: string;
  clientSecret: string;
  /** accepted `iss` values of the id_token (grant checks aud and nonce, we check iss) */
  issuers: string[];
  /** for providers grant does not know by name */
  authorizeUrl?: string;
  tokenUrl?: string;
}

export function defaultProvider(config: Config): OidcProvider {
  if (config.google) {
    return {
      name: 'google',
      clientId: config.google.clientId,
      clientSecret: config.google.clientSecret,
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
    };
  }
  if (config.production) throw new Error('Google credentials are required in production');
  return {
    name: DEV_PROVIDER_NAME,
    clientId: DEV_CLIENT_ID,
    // The dev provider and the app share a process; a fresh secret per start is enough.
    clientSecret: crypto.randomBytes(24).toString('base64url'),
    issuers: [devIssuer(config.publicUrl)],
    authorizeUrl: `${config.publicUrl}/dev-idp/authorize`,
    tokenUrl: `${config.publicUrl}/dev-idp/token`,
  };
}

export const AUTH_DONE_PATH = '/api/auth/done';

/** grant's Koa middleware: authorization-code flow with state, nonce and PKCE, kept in the session. */
export function grantMiddleware(config: Config, provider: OidcProvider) {
  const providerConfig: Record<string, unknown> = {
    key: provider.clientId,
    secret: provider.clientSecret,
    scope: ['openid', 'email', 'profile'],
    response: ['tokens', 'jwt'],
    callback: AUTH_DONE_PATH,
  };
  if (provider.authorizeUrl) {
    Object.assign(providerConfig, { authorize_url: provider.authorizeUrl, access_url: provider.tokenUrl, oauth: 2 });
  }
  return grant.koa()({
    defaults: {
      origin: config.publicUrl,
      prefix: '/connect',
      transport: 'session',
      state: true,
      nonce: true,
      pkce: true,
    },
    [provider.name]: providerConfig,
  });
}
