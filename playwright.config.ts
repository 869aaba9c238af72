/**
 * Browser tests: the system Chromium at phone size, against the real server on a free
 * port with a fresh database, demo data included: embedded PGlite in E2E_DATA_DIR, or
 * the empty Postgres database E2E_DATABASE_URL names. Nothing is built or created here:
 * scripts/e2e.mjs runs `vite build` first, picks the port and makes the database (on
 * Postgres when TEST_DATABASE_URL is set).
 */
import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Set once in the main process; workers inherit the environment.
process.env.E2E_PORT ??= '4310';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'binaa-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  // Two workers on two cores: the run is bound by the CPU (a third worker, or each file's
  // tests spread over the workers, made a quiet machine's run slower, not faster).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // A flow of two or three people signing up, syncing and acting takes some 45 s alone on
  // a two-core machine, and an offline one waits out the engine's backoff: room for the
  // other worker's load. On a slower machine of the same kind the longest flows took 2.2
  // to 3 minutes.
  timeout: 300_000,
  // A device's first screen waits for its first sync, which on a busy machine has taken
  // more than ten seconds.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    ...devices['Pixel 7'],
    // CSS pixels decide layout, overflow and what axe sees; the Pixel's 2.625 device pixels
    // per CSS pixel only made Chromium paint and encode seven times the pixels of every
    // frame and screenshot. At 1 the screen tour took half the CPU and half the time.
    deviceScaleFactor: 1,
    baseURL,
    locale: 'ar-SA',
    timezoneId: 'Asia/Riyadh',
    // A trace records a snapshot of the page at every action, for every test, kept or not:
    // in CI only a retry records one (a test that fails once runs again, traced).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'phone', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      SEED_DEMO: '1', // the tests sign in as demo accounts and bid on demo projects
      PUBLIC_URL: baseURL,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: 'admin-e2e@example.sa',
      // POST /api/test/clock: a bid queued offline meets a deadline that passed (offline-sync.spec.ts);
      // GET /api/test/writes: what a write left on the server, to tell an action applied once from twice.
      TEST_CLOCK: '1',
    },
  },
});
