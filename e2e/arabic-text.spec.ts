/**
 * Arabic text at phone width, as it is drawn: a heading's lines and the text after it do
 * not touch (Arabic glyphs stand taller than Latin ones: marks, deep descenders), and two
 * sentences never run together on one line without a space. Measured on the glyphs' ink
 * (the canvas' measure of the text in the element's own font), not only on the boxes: a
 * line height shorter than the script lets the ink of one line cross into the next while
 * the boxes stay apart.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInDemo, signUpAs } from './page-models/Session';

test.use({ locale: 'ar-SA', viewport: { width: 390, height: 844 } });

interface Collision {
  heading: string;
  next: string;
  overlap: number;
}

/** Each visible heading of the main area whose glyphs reach into its own next line or the next text below it. */
function headingCollisions(page: Page): Promise<Collision[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    /** The ink boxes of a text node's lines, from its line fragments and its font's ink. */
    function inkLines(node: Text): Array<{ top: number; bottom: number; left: number; right: number }> {
      const style = getComputedStyle(node.parentElement!);
      canvas.font = style.font;
      const ink = canvas.measureText(node.data.trim());
      const range = document.createRange();
      range.selectNodeContents(node);
      return [...range.getClientRects()]
        .filter((r) => r.width > 0 && r.height > 0)
        .map((r) => {
          // A fragment's box starts at the primary font's ascent above the baseline.
          const baseline = r.top + ink.fontBoundingBoxAscent;
          return { top: baseline - ink.actualBoundingBoxAscent, bottom: baseline + ink.actualBoundingBoxDescent, left: r.left, right: r.right };
        });
    }
    const visibleText = (node: Node): node is Text =>
      node.nodeType === Node.TEXT_NODE && (node as Text).data.trim() !== '' && node.parentElement!.checkVisibility() && inkLines(node as Text).length > 0;
    const textsIn = (root: Node) => {
      const out: Text[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (visibleText(n)) out.push(n as Text);
      return out;
    };
    const main = document.querySelector('main') ?? document.body;
    const collisions: Collision[] = [];
    for (const heading of main.querySelectorAll<HTMLElement>('h1, h2, h3, h4')) {
      if (!heading.checkVisibility()) continue;
      const lines = textsIn(heading).flatMap(inkLines).sort((a, b) => a.top - b.top);
      if (!lines.length) continue;
      // Its own lines: a line's ink ends above the next line's ink begins.
      const rows: Array<{ top: number; bottom: number }> = [];
      for (const line of lines) {
        const row = rows.find((r) => Math.abs(r.top - line.top) < 2);
        if (row) row.bottom = Math.max(row.bottom, line.bottom);
        else rows.push({ top: line.top, bottom: line.bottom });
      }
      for (let i = 1; i < rows.length; i++) {
        const overlap = rows[i - 1]!.bottom - rows[i]!.top;
        if (overlap > 1) collisions.push({ heading: heading.textContent!.trim(), next: '(its own next line)', overlap });
      }
      // The first text after it in the page's order.
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
      walker.currentNode = heading;
      let next: Text | null = null;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (heading.contains(n)) continue;
        if (visibleText(n)) {
          next = n;
          break;
        }
      }
      if (!next) continue;
      const below = inkLines(next)[0]!;
      const last = rows[rows.length - 1]!;
      const overlap = last.bottom - below.top;
      const side = lines.some((l) => l.left < below.right && below.left < l.right);
      if (side && overlap > 1 && below.top > rows[0]!.top) collisions.push({ heading: heading.textContent!.trim(), next: next.data.trim(), overlap });
    }
    return collisions;
  });
}

/** Two visible texts on one line, touching, the first ending a sentence and the second starting one with no space between. */
function runTogether(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
    const texts: Array<{ text: string; rects: DOMRect[] }> = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const node = n as Text;
      if (node.data.trim() === '' || !node.parentElement!.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (rects.length) texts.push({ text: node.data, rects });
    }
    const found: string[] = [];
    for (let i = 1; i < texts.length; i++) {
      const a = texts[i - 1]!;
      const b = texts[i]!;
      if (!/[.!?؟]$/.test(a.text) || !/^[\p{L}\p{N}]/u.test(b.text)) continue;
      const end = a.rects[a.rects.length - 1]!;
      const start = b.rects[0]!;
      const sameLine = Math.abs(end.top - start.top) < 2;
      const touching = Math.min(Math.abs(end.left - start.right), Math.abs(start.left - end.right)) < 2;
      if (sameLine && touching) found.push(`${a.text.slice(-30)}|${b.text.slice(0, 30)}`);
    }
    return found;
  });
}

async function expectArabicTextClear(page: Page, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('list-skeleton')).toHaveCount(0);
  await page.screenshot({ path: `/tmp/shots/ar-390-${name}.png`, fullPage: true });
  expect(await headingCollisions(page), `${name}: headings touching the text below`).toEqual([]);
  expect(await runTogether(page), `${name}: sentences run together`).toEqual([]);
}

test('the dashboard greeting of a Latin company name and the pricing titles leave room for Arabic script', async ({ page }) => {
  await signUpAs(page, 'supplier', 'Al-Hadeed Steel Trading Co.');
  await expect(page.getByTestId('dashboard-greeting')).toContainText('Al-Hadeed Steel Trading Co.');
  // The greeting wraps at this width: its second line is where it used to collide.
  const lineTops = await page.getByTestId('dashboard-greeting').evaluate((h) => {
    const range = document.createRange();
    range.selectNodeContents(h);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lineTops).toBeGreaterThan(1);
  await expectArabicTextClear(page, 'dashboard');

  await page.goto('/pricing');
  await expect(page.getByTestId('comparison')).toBeVisible();
  await expectArabicTextClear(page, 'pricing');
});

test('the admin titles leave room for Arabic script', async ({ page }) => {
  await signInDemo(page, 'admin@demo.binaa.sa');
  await page.goto('/admin');
  await expect(page.getByTestId('admin-list')).toBeVisible();
  await expectArabicTextClear(page, 'admin');
});
