import { COMPILE_HINT, siteChunksRunOnLoad } from '@/lib/build/compile-hints.mjs';
import { chunksRunBy } from './support/chunks';
import { expect, scrollThroughPage, test } from './support/fixtures';

test("every script a home page visitor runs, the chart's and the gallery's included, compiles as it loads", async ({
  page,
}) => {
  const chunks = await chunksRunBy(page, async () => {
    await page.goto('/');
    await scrollThroughPage(page);
    await expect(page.getByTestId('roadmap').locator('canvas')).toHaveCount(2);
    await expect(page.getByTestId('gallery-canvas').locator('canvas')).toHaveCount(1);
  });

  expect(chunks.size).toBeGreaterThan(5);
  const withoutHint = [...chunks]
    .filter(([, text]) => !text.startsWith(COMPILE_HINT))
    .map(([path]) => path);
  expect(withoutHint).toEqual([]);
});

test("the Studio's own scripts are left to compile when called", async ({ page }) => {
  // The site's load-time chunks as the build lists them (the ones the hint was added to): a
  // chunk the Studio shares with the site, its chart or its gallery is the site's too.
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  const siteChunks = new Set(
    (await siteChunksRunOnLoad(distDir)).map((chunk) => `/_next/${chunk}`),
  );
  const studioChunks = await chunksRunBy(page, async () => {
    await page.goto('/studio');
    await page.waitForLoadState('networkidle');
  });

  const studioOnly = [...studioChunks].filter(([path]) => !siteChunks.has(path));
  expect(studioOnly.length).toBeGreaterThan(0);
  expect(
    studioOnly.filter(([, text]) => text.startsWith(COMPILE_HINT)).map(([path]) => path),
  ).toEqual([]);
});
