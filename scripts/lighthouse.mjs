#!/usr/bin/env node
/**
 * Lighthouse (the npm package, mobile preset: simulated slow 4G and a 4x slower CPU)
 * on a running server's landing page, with the system Chromium started through
 * playwright-core and driven over its remote debugging port.
 *
 *   node scripts/lighthouse.mjs [url]      (default http://localhost:3000/)
 *
 * Prints the performance score and the main metrics; writes the full report to
 * .lighthouse/report.json (git-ignored).
 */
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';

const url = process.argv[2] ?? 'http://localhost:3000/';

const port = await new Promise((resolve) => {
  const server = net.createServer().listen(0, () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const { lhr } = result;
  const metric = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
  mkdirSync('.lighthouse', { recursive: true });
  writeFileSync('.lighthouse/report.json', result.report);
  console.log(`Lighthouse ${lhr.lighthouseVersion} (${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod}) on ${url}`);
  console.log(`performance: ${Math.round(lhr.categories.performance.score * 100)}`);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    console.log(`${id}: ${metric(id)}`);
  }
} finally {
  await browser.close();
}
