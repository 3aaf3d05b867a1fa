import type { Page, Response } from '@playwright/test';
import { COMPILE_HINT, siteChunksRunOnLoad } from '@/lib/build/compile-hints.mjs';
import { expect, scrollThroughPage, test } from './support/fixtures';

/** The site's own script chunks the page runs during `visit`, with their text as served. */
async function chunksRunBy(page: Page, visit: () => Promise<void>): Promise<Map<string, string>> {
  const paths = new Set<string>();
  const record = (response: Response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/_next/static/chunks/') && pathname.endsWith('.js'))
      paths.add(pathname);
  };
  page.on('response', record);
  await visit();
  page.off('response', record);
  const texts = await Promise.all(
    [...paths].map(
      async (pathname) => [pathname, await (await page.request.get(pathname)).text()] as const,
    ),
  );
  return new Map(texts);
}

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
