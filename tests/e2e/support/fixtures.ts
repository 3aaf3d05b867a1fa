import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

type Fixtures = {
  /** Console errors and uncaught page errors seen during the test; each test asserts it stays empty. */
  consoleErrors: string[];
  /** Runs axe-core on the current page and fails on any violation, whatever its impact. */
  expectAccessible: (page?: Page) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      // Colours measured halfway through a fade are neither the old nor the new ones.
      await finishTransitions(target);
      // After an in-place navigation Next.js puts the new page's <title> in once its metadata
      // has streamed: a scan in between would miss a title every page has.
      await target.waitForFunction(() => document.title.trim() !== '');
      // In the page (legacy mode): by default the builder finishes every scan in a new page of
      // its own, which costs a renderer a scan and makes a scan three times slower, to reach
      // frames of other origins. The site embeds none, and a scan refuses to run if it ever does,
      // rather than skip one. Only the violations are detailed: the passes are not read.
      const pageOrigin = new URL(target.url()).origin;
      const foreignFrames = target
        .frames()
        .map((frame) => frame.url())
        .filter((url) => /^https?:/.test(url) && new URL(url).origin !== pageOrigin);
      expect(foreignFrames, 'frames of another origin, which an in-page scan misses').toEqual([]);
      const results = await new AxeBuilder({ page: target })
        .setLegacyMode(true)
        .options({ resultTypes: ['violations'] })
        .analyze();
      expect(
        results.violations.map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          help: violation.help,
          nodes: violation.nodes.map((node) => node.target.join(' ')),
        })),
      ).toEqual([]);
    });
  },
});

export { expect };

/** Whether the test runs in the 390 px phone project. */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) <= 600;
}

/**
 * Scrolls the page from top to bottom a screen at a time, so that every section that renders only
 * near the viewport (roadmap charts, gallery, team portraits) is in the page, then back to the top.
 */
export async function scrollThroughPage(page: Page): Promise<void> {
  const { height, screen } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    screen: window.innerHeight,
  }));
  for (let top = 0; top < height; top += screen) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  // Back at the top, the navigation bar (on the site's pages) turns transparent again.
  const scrolledBar = page.locator('[data-scrolled="true"]');
  if ((await page.locator('[data-scrolled]').count()) > 0) await expect(scrolledBar).toHaveCount(0);
  await finishTransitions(page);
}

/**
 * Waits until every finite CSS transition and animation of the page has run its course: back at
 * the top, the navigation bar fades from solid to transparent over the hero, and a contrast
 * check made halfway would measure its text against a colour it is leaving.
 */
export async function finishTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames: a class changed by the last scroll event starts its transition by then.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}
