import type { Page, Response } from '@playwright/test';

/** The site's own script chunks the page runs during `visit`, with their text as served. */
export async function chunksRunBy(
  page: Page,
  visit: () => Promise<void>,
): Promise<Map<string, string>> {
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
