import type { Page } from '@playwright/test';

/**
 * Watches, frame by frame from the next page load on, whether the element `selector`
 * names is hidden again after it was first shown: what a user sees as the screen
 * flashing to a spinner (React hides a shown screen when something in it suspends).
 * Resolves to how many frames it was hidden after having been shown.
 */
export async function watchHiddenAfterShown(page: Page, selector: string): Promise<() => Promise<number>> {
  await page.addInitScript((sel) => {
    const state = { shown: false, hiddenFrames: 0 };
    (window as unknown as { hiddenAfterShown: typeof state }).hiddenAfterShown = state;
    const frame = () => {
      const element = document.querySelector(sel);
      const visible = !!element && element.checkVisibility();
      if (visible) state.shown = true;
      else if (state.shown) state.hiddenFrames += 1;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, selector);
  return () => page.evaluate(() => (window as unknown as { hiddenAfterShown: { hiddenFrames: number } }).hiddenAfterShown.hiddenFrames);
}
