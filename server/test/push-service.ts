/**
 * A local push service for tests: https on localhost with a throw-away certificate, a
 * subscription per device with real keys (P-256 and a 16-byte auth secret, as a browser
 * makes them), and the decryption of what arrives as RFC 8291 (aes128gcm, RFC 8188)
 * says, written here with node:crypto so the server's encryption is checked against the
 * standard rather than against the library that produced it.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

interface Received {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface TestSubscription {
  device: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: crypto.ECDH;
  authSecret: Buffer;
}

export async function startPushService() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost',
  ], { stdio: 'ignore' });
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
  const received: Received[] = [];
  /** the status to answer per device (default 201) */
  const answer = new Map<string, number>();
  const server = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const device = req.url!.split('/').pop()!;
      received.push({ device, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.get(device) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    host: `localhost:${port}`,
    ca: cert,
    received,
    answer,
    subscription(device = crypto.randomBytes(8).toString('hex')): TestSubscription {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = crypto.randomBytes(16);
      return {
        device,
        endpoint: `https://localhost:${port}/push/${device}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291 section 3.4 and RFC 8188: one aes128gcm body decrypted with the subscription's private keys. */
export function decryptPush(sub: TestSubscription, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (records.length > rs) throw new Error('more than one record');
  const uaPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(asPublic);
  // PRK_key = HMAC(auth_secret, ecdh_secret); IKM = HMAC(PRK_key, "WebPush: info" 0x00 ua_public as_public 0x01)
  const prkKey = hmac(sub.authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  // RFC 8188: PRK = HMAC(salt, IKM); CEK and NONCE from it.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any padding of zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** The VAPID header's JWT checked with the server's public key (RFC 8292): audience and signature. */
export function verifyVapid(authorization: string, publicKey: string, audience: string): Record<string, unknown> {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization);
  if (!m) throw new Error(`not a vapid header: ${authorization}`);
  const [token, k] = [m[1], m[2]];
  if (k !== publicKey) throw new Error('another key');
  const [h, p, s] = token.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  const ok = crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('bad signature');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  if (claims.aud !== audience) throw new Error(`audience ${claims.aud}`);
  return claims;
}
