/**
 * The settings this server makes for itself outside production, where an operator has set
 * none: keys derived from the session secret or kept in DATA_DIR, so they survive restarts
 * and differ per machine. Production never uses them: config.ts refuses to start without
 * the real ones.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from './config';

/**
 * The development gateway's keys: a fixed publishable key (it is public anyway) and a
 * secret key and webhook token derived from the session secret, so they differ per
 * machine and are never production's (production refuses to start without its own).
 */
export function developmentMoyasar(apiUrl: string, sessionSecret: string): Config['moyasar'] {
  const derive = (what: string) => crypto.createHmac('sha256', sessionSecret).update(`dev-moyasar ${what}`).digest('hex').slice(0, 32);
  return {
    publishableKey: 'pk_test_binaa_development',
    secretKey: `sk_test_${derive('secret key')}`,
    webhookSecret: derive('webhook secret'),
    apiUrl,
    dev: true,
  };
}

/** The development register's key: derived from the session secret, so it differs per machine. */
export function developmentWathqKey(sessionSecret: string): string {
  return crypto.createHmac('sha256', sessionSecret).update('dev-wathq api key').digest('hex').slice(0, 32);
}

/** A VAPID key pair kept in DATA_DIR, so development subscriptions survive restarts; never used in production. */
export function developmentVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const keys = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string') return keys;
  } catch {
    /* none yet: make them */
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** A secret kept in DATA_DIR so development sessions survive restarts; never used in production. */
export function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
