import { expect, test } from './support/fixtures';

test('/studio without a Sanity project speaks to an executive and to the developer', async ({
  page,
  consoleErrors,
  expectAccessible,
}) => {
  const response = await page.goto('/studio');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Connect the content studio | TCSA');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'The content studio is not connected yet',
  );
  const main = page.getByRole('main');
  const executives = main.getByRole('region', { name: 'For club executives' });
  await expect(executives).toContainText('where the club edits the words of the website');
  await expect(executives).toContainText("Ask the club's technical lead (the super admin");
  // Where each kind of edit lives, and how a reviewer gets a preview link: never from a server's
  // output, which executives do not see.
  await expect(executives).toContainText('Events and registrations, membership and payments');
  await expect(executives.getByRole('link', { name: '/admin' })).toHaveAttribute('href', '/admin');
  await expect(executives.getByRole('link', { name: 'Site content' })).toHaveAttribute(
    'href',
    '/admin/content',
  );
  await expect(executives).toContainText('or ask whoever runs the site for it');
  await expect(executives).not.toContainText('npm start');
  const developers = main.getByRole('region', { name: /For the developer/ });
  // The project is read when the server starts: a restart is enough, no new build.
  await expect(developers).toContainText('the server reads these values when it starts');
  for (const text of [
    'NEXT_PUBLIC_SANITY_PROJECT_ID',
    'NEXT_PUBLIC_SANITY_DATASET',
    'SANITY_API_READ_TOKEN',
    'npm run content:import',
    'studio/dataset/production.ndjson',
    // The README's steps that the page used to leave out: the preview secret and the webhook.
    'SANITY_PREVIEW_SECRET',
    'SANITY_REVALIDATE_SECRET',
    '/api/revalidate',
    'Projection: {_type, _id}',
  ]) {
    await expect(main).toContainText(text);
  }
  // The studio is not for search engines.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectAccessible();

  await page.getByRole('link', { name: 'Back to the site' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'TELFER CHINESE STUDENT ASSOCIATION' }),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a Studio tool path shows the same page', async ({ page }) => {
  const response = await page.goto('/studio/structure/servicesPage');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'The content studio is not connected yet',
  );
});

/**
 * What the connect page may download in scripts (bytes on the wire): the framework's, about 150 KB,
 * never the Studio's (about 5 MB).
 */
const CONNECT_PAGE_SCRIPT_BUDGET_BYTES = 400 * 1024;

test('/studio without a Sanity project does not download the Studio', async ({ page }) => {
  const scripts: Promise<[url: string, bytes: number]>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(request.sizes().then((sizes) => [request.url(), sizes.responseBodySize]));
  });
  await page.goto('/studio', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'The content studio is not connected yet',
  );
  const loaded = await Promise.all(scripts);
  const total = loaded.reduce((sum, [, bytes]) => sum + bytes, 0);
  expect(loaded.length, 'the page loads its scripts').toBeGreaterThan(0);
  expect(
    total,
    `scripts of /studio:\n${loaded.map(([url, bytes]) => `${bytes} ${url}`).join('\n')}`,
  ).toBeLessThan(CONNECT_PAGE_SCRIPT_BUDGET_BYTES);
});

test('the link preview image comes from the site settings and is served offline', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const imageUrl = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(imageUrl).toMatch(/\/content-assets\/[0-9a-f]{40}-1200x630\.jpg$/);
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
    'content',
    /TCSA logo/,
  );
  const image = await request.get(new URL(imageUrl ?? '').pathname);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
  expect((await image.body()).byteLength).toBeGreaterThan(10_000);
});

test('the footer shows the social accounts and the page carries the club contact email', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('[data-badge="short-video"]')).toHaveAttribute(
    'href',
    'https://www.douyin.com/user/tcsa_telfer',
  );
  await expect(page.locator('[data-badge="lifestyle"]')).toContainText('@TCSA渥大');
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
    '@type': 'Organization',
    email: 'tcsa.telfer@gmail.com',
  });
});
