import { setTestFault } from './support/faults';
import { expect, test } from './support/fixtures';
import { SITE_ROUTES } from './support/routes';

// The first read opens the server's database; on a busy machine that can take longer than a test.
test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  expect((await api.get('/api/events/', { timeout: 110_000 })).status()).toBe(200);
  await api.dispose();
});

test('sitemap.xml lists every page and every event, at absolute URLs of one origin', async ({
  request,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const xml = await response.text();
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  const origin = new URL(locations[0]!).origin;
  expect(origin).toMatch(/^https?:\/\/[^/]+$/);

  const events = (await (await request.get('/api/events/')).json()) as { id: number }[];
  expect(events.length).toBeGreaterThan(0);
  const expected = [
    ...SITE_ROUTES.map((route) => route.path),
    ...events.map((event) => `/events/${event.id}`),
  ].map((path) => new URL(path, origin).toString());
  expect([...locations].sort()).toEqual([...expected].sort());
});

test('sitemap.xml still lists the pages when the events cannot be read', async ({
  context,
  baseURL,
}) => {
  await setTestFault(context, baseURL, 'events=error');
  const xml = await (await context.request.get('/sitemap.xml')).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  expect(paths.sort()).toEqual(SITE_ROUTES.map((route) => route.path).sort());
});

test('robots.txt allows the site, keeps crawlers out of the Studio and the API, and names the sitemap', async ({
  request,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const lines = (await response.text()).trim().split('\n');
  expect(lines).toEqual([
    'User-Agent: *',
    'Allow: /',
    'Disallow: /studio',
    'Disallow: /api',
    '',
    expect.stringMatching(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/),
  ]);
});

test('every page has its canonical URL, its own description and Open Graph fields with an image', async ({
  page,
}) => {
  // Nine pages in one test: one page's worth of time each, not thirty seconds for them all.
  test.setTimeout(SITE_ROUTES.length * 15_000);
  const descriptions = new Set<string>();
  let origin: string | undefined;
  for (const route of SITE_ROUTES) {
    await page.goto(route.path);
    await expect(page).toHaveTitle(route.title);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    origin ??= new URL(canonical!).origin;
    // Next.js writes the home page's canonical URL without its slash; both forms are the same URL.
    expect(new URL(canonical!).toString(), route.path).toBe(new URL(route.path, origin).toString());
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    const description = await meta('meta[name="description"]');
    expect(description?.length, `${route.path} description`).toBeGreaterThan(50);
    descriptions.add(description!);
    expect(await meta('meta[property="og:description"]')).toBe(description);
    expect(new URL((await meta('meta[property="og:url"]'))!).toString()).toBe(
      new URL(canonical!).toString(),
    );
    expect(await meta('meta[property="og:title"]')).toBe(route.title);
    expect(await meta('meta[property="og:image"]'), `${route.path} og:image`).toMatch(
      /^https?:\/\//,
    );
  }
  expect(descriptions.size).toBe(SITE_ROUTES.length);
});

test("an event page's canonical URL is its own", async ({ page }) => {
  const [event] = (await (await page.request.get('/api/events/')).json()) as { id: number }[];
  await page.goto(`/events/${event!.id}`);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!).pathname).toBe(`/events/${event!.id}`);
  expect(
    await page.locator('meta[property="og:image"]').first().getAttribute('content'),
  ).toBeTruthy();
});
