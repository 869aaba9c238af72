/**
 * The e-invoicing unit's secrets at rest: its private key and the secrets ZATCA gave with
 * each certificate are stored encrypted with AES-256-GCM under config.einvoicing.key
 * (EINVOICING_KEY), so the database alone (a backup, a replica, a leaked dump) cannot sign
 * invoices or speak to ZATCA for a company. Each value has its own random 96-bit nonce;
 * the company's id (a company has one unit) is bound in as additional data, so a value
 * copied to another company's unit does not open there. Stored as `v1.<nonce>.<tag>.<ciphertext>` in base64url.
 */
import crypto from 'node:crypto';
import type { Config } from '../../config';
import { certificatePem } from './zatca/pki';

/** The AES-256-GCM key (config.einvoicing.key): 32 bytes. */
export type SecretsKey = Buffer;

const VERSION = 'v1';

export function encryptSecret(key: SecretsKey, plaintext: string, companyId: string): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(companyId));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plaintext; throws when the key, the company or the stored text is not the one it was sealed with. */
export function decryptSecret(key: SecretsKey, sealed: string, companyId: string): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('not an encrypted e-invoicing secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(companyId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The columns of einvoicing_units these functions read. */
export interface UnitSecrets {
  company_id: string;
  private_key_encrypted: string | null;
  production_token: string | null;
  production_secret_encrypted: string | null;
}

/** What ZATCA's API authenticates a unit with: the certificate's binarySecurityToken and its secret (basic auth). */
export interface ZatcaCredentials {
  token: string;
  secret: string;
}

/**
 * The certificate inside a binarySecurityToken: ZATCA's token is the base64 of the
 * certificate's base64 DER text.
 */
export const certificateOfToken = (binarySecurityToken: string): string => Buffer.from(binarySecurityToken, 'base64').toString('utf8');

/** A ready unit's signing key and production certificate, as signInvoice takes them. */
export function unitSigningKey(unit: UnitSecrets, key: SecretsKey): { privateKeyPem: string; certificatePem: string } {
  if (!unit.private_key_encrypted || !unit.production_token) throw new Error('the e-invoicing unit is not onboarded');
  return { privateKeyPem: decryptSecret(key, unit.private_key_encrypted, unit.company_id), certificatePem: certificatePem(certificateOfToken(unit.production_token)) };
}

/** A ready unit's production credentials for clearance. */
export function unitCredentials(unit: UnitSecrets, config: Pick<Config, 'einvoicing'>): ZatcaCredentials {
  if (!unit.production_token || !unit.production_secret_encrypted) throw new Error('the e-invoicing unit is not onboarded');
  return { token: unit.production_token, secret: decryptSecret(config.einvoicing.key, unit.production_secret_encrypted, unit.company_id) };
}
