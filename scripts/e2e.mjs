#!/usr/bin/env node
/**
 * The browser half of `npm test`: build the client, check the
 * landing page's JavaScript budget, then run Playwright against the real server on a
 * free port with a fresh data directory. Without a Chromium it says so in one loud
 * line and exits 0, unless REQUIRE_BROWSER=1, which makes that a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireBrowser = process.env.REQUIRE_BROWSER === '1';

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('node', ['scripts/check-size.mjs', 'dist']);

if (!existsSync(chromium)) {
  console.error(`!!!!! BROWSER TESTS SKIPPED: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH) !!!!!`);
  process.exit(requireBrowser ? 1 : 0);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'binaa-e2e-'));
const env = { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: String(await freePort()), E2E_DATA_DIR: dataDir };
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
