#!/usr/bin/env node
/**
 * Draws the PWA icons (192, 512 and a maskable 512) from one SVG, rendered by the
 * system Chromium through playwright-core, into client/public/icons/. Run it again
 * after changing the drawing; the PNGs are committed so the build does not need a browser.
 */
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'client/public/icons');
mkdirSync(outDir, { recursive: true });

/** A building with a crane on the brand blue. `inset` shrinks the drawing into the maskable safe zone. */
function svg({ rounded, inset }) {
  const s = 1 - inset * 2;
  const t = `translate(${512 * inset} ${512 * inset}) scale(${s})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1a7fd4"/><stop offset="1" stop-color="#0a4a82"/></linearGradient></defs>
  <rect width="512" height="512" rx="${rounded ? 112 : 0}" fill="url(#g)"/>
  <g transform="${t}" fill="#ffffff">
    <rect x="96" y="392" width="320" height="24" rx="6"/>
    <rect x="136" y="232" width="120" height="160"/>
    <rect x="272" y="184" width="104" height="208"/>
    <g fill="#0f6cbd">
      <rect x="156" y="256" width="28" height="28"/><rect x="208" y="256" width="28" height="28"/>
      <rect x="156" y="304" width="28" height="28"/><rect x="208" y="304" width="28" height="28"/>
      <rect x="292" y="208" width="24" height="28"/><rect x="332" y="208" width="24" height="28"/>
      <rect x="292" y="256" width="24" height="28"/><rect x="332" y="256" width="24" height="28"/>
      <rect x="292" y="304" width="24" height="28"/><rect x="332" y="304" width="24" height="28"/>
      <rect x="180" y="352" width="32" height="40"/>
    </g>
    <rect x="112" y="96" width="16" height="296"/>
    <rect x="112" y="96" width="232" height="16"/>
    <rect x="326" y="112" width="4" height="48"/>
    <rect x="312" y="160" width="32" height="14" rx="3" fill="#ffb900"/>
  </g>
</svg>`;
}

const targets = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0 },
  // Maskable: full-bleed background, drawing inside the central 80 % safe zone.
  { file: 'icon-maskable-512.png', size: 512, rounded: false, inset: 0.1 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const target of targets) {
    const page = await browser.newPage({ viewport: { width: target.size, height: target.size } });
    const html = `<html><body style="margin:0;background:transparent">${svg(target).replace('width="512" height="512"', `width="${target.size}" height="${target.size}"`)}</body></html>`;
    await page.setContent(html);
    await page.locator('svg').screenshot({ path: path.join(outDir, target.file), omitBackground: true });
    await page.close();
    console.log(`wrote client/public/icons/${target.file}`);
  }
} finally {
  await browser.close();
}
