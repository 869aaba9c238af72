/**
 * Resuming an upload after the server died in the middle of it: a real server process is
 * killed (SIGKILL, no goodbye) while a PATCH is still sending, a new process starts on the
 * same data directory and database, HEAD answers the bytes the first one stored, and the
 * rest finishes the upload into the same photo as an uninterrupted upload of those bytes.
 * On PGlite the processes share DATA_DIR/pglite; on Postgres, one schema.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, testConfig, type TestDb } from '../../test/harness';
import { signInWithDevIdp } from '../../test/sign-in';
import type { TestClient } from '../../test/http-client';
import { cameraJpeg, tusCreate, tusHead, tusPatch } from '../../test/tus';
import { processPhoto } from './image';

let dataDir: string;
let db: TestDb | undefined;
let port: number;
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port: p } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return p;
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/upload-process.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ...(db ? { APP_SCHEMA: db.schema } : {}) },
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      if (buf.includes('{"url"')) resolve();
    });
    child.once('exit', (code, signal) => reject(new Error(`upload server exited (${code ?? signal})`)));
  });
  return child;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-resume-'));
  if (process.env.TEST_DATABASE_URL) db = await createTestDb();
  port = await freePort();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await db?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A PATCH that sends `first` of its `total` bytes and then stalls, as on a dropped link. */
function stalledPatch(client: TestClient, location: string, offset: number, body: Buffer, first: number): http.ClientRequest {
  const req = http.request(new URL(location, client.base), {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
      'Content-Length': String(body.length),
      Cookie: client.cookieHeader(),
      Origin: client.origin,
    },
  });
  req.on('error', () => {}); // the server dies under it
  req.write(body.subarray(0, first));
  return req;
}

describe('an upload across a server crash', () => {
  it('resumes from the offset the killed server stored and makes the photo', { timeout: 120_000 }, async () => {
    const first = await startServer();
    const url = `http://127.0.0.1:${port}`;
    const client = await signInWithDevIdp({ url, config: testConfig(url) } as never, `resume-${crypto.randomBytes(4).toString('hex')}@test.binaa.sa`);
    expect((await client.post('/api/profiles', { role: 'supplier', company_name: 'مؤسسة الرفع' })).status).toBe(200);
    const product = await client.post('/api/products', { name: 'بلاط', price: 30, unit: 'م²' });
    expect(product.status).toBe(201);

    const jpeg = await cameraJpeg(2400, 1600, '#6b8e23');
    const created = await tusCreate(client, { productId: product.body.id, length: jpeg.length });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    // A first chunk arrives whole; the second is cut by the crash after 60% of it.
    const firstChunk = Math.floor(jpeg.length / 3);
    expect((await tusPatch(client, location, 0, jpeg.subarray(0, firstChunk))).status).toBe(204);
    const rest = jpeg.subarray(firstChunk);
    const sent = Math.floor(rest.length * 0.6);
    const stalled = stalledPatch(client, location, firstChunk, rest, sent);
    // Wait until the server has those bytes on disk, then kill it without warning.
    const upload = path.join(dataDir, 'uploads', location.split('/').pop()!);
    const deadline = Date.now() + 10_000;
    while (fs.statSync(upload).size < firstChunk + sent && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    stalled.destroy();

    await startServer();
    const head = await tusHead(client, location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(firstChunk + sent); // every byte that reached the dead server counts
    expect(head.headers.get('upload-length')).toBe(String(jpeg.length));

    const done = await tusPatch(client, location, offset, jpeg.subarray(offset));
    expect(done.status).toBe(200);
    // Byte for byte the same picture: the same files as an uninterrupted upload would make.
    expect(done.body.hash).toBe((await processPhoto(jpeg)).hash);
    const got = await client.get(`/api/products/${product.body.id}`);
    expect(got.body.photos.map((p: { hash: string }) => p.hash)).toEqual([done.body.hash]);
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual([]);
  });
});
