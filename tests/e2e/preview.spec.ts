import { expect, test } from './support/fixtures';
import { E2E_PREVIEW_SECRET } from './support/server';

/**
 * Draft previews on the bundled dataset: the services page has a published version and a draft
 * with another hero message; the Xiaohongshu account, referenced by the site settings, has a
 * draft with another handle.
 */

const PUBLISHED_MESSAGE =
  'Video, design, web and event services by Telfer students, for clubs, companies and community partners.';
const DRAFT_MESSAGE =
  'Now booking for the winter term: tell us about your project and our team will reply within three days.';

const enablePath = (secret: string, redirect = '/services') =>
  `/api/draft-mode/enable?secret=${encodeURIComponent(secret)}&redirect=${encodeURIComponent(redirect)}`;

test(
  '/services shows its published copy and no preview banner',
  { tag: '@one-width' },
  async ({ page, consoleErrors }) => {
    const response = await page.goto('/services');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('COLLABORATE WITH US');
    await expect(page.getByText(PUBLISHED_MESSAGE)).toBeVisible();
    await expect(page.getByText(DRAFT_MESSAGE)).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Preview mode' })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  },
);

test('preview shows the drafts with the banner, and Exit preview brings back the published copy', async ({
  page,
  consoleErrors,
  expectAccessible,
}) => {
  const response = await page.goto(enablePath(E2E_PREVIEW_SECRET));
  expect(new URL(page.url()).pathname).toBe('/services');
  expect(response?.status()).toBe(200);
  // A preview is never stored in a shared cache.
  expect(response?.headers()['cache-control']).toMatch(/private/);
  expect(response?.headers()['cache-control']).toMatch(/no-store/);

  await expect(page.getByText(DRAFT_MESSAGE)).toBeVisible();
  await expect(page.getByText(PUBLISHED_MESSAGE)).toHaveCount(0);
  const banner = page.getByRole('complementary', { name: 'Preview mode' });
  await expect(banner).toBeVisible();
  // The banner names the page it shows in preview.
  await expect(banner.getByTestId('preview-page')).toHaveText(
    'You are seeing drafts of “Services” (/services) that are not published yet.',
  );
  // The footer's badges follow the drafts through the site settings' reference.
  await expect(page.locator('[data-badge="lifestyle"]')).toContainText('@TCSA_uOttawa');
  await expectAccessible();

  // The banner shows on every page while preview is on.
  await page.goto('/events');
  await expect(page.getByRole('complementary', { name: 'Preview mode' })).toBeVisible();
  await page.goto('/services');

  await banner.getByRole('button', { name: 'Exit preview' }).click();
  await page.waitForURL((url) => url.pathname === '/services' && url.search === '');
  await expect(page.getByText(PUBLISHED_MESSAGE)).toBeVisible();
  await expect(page.getByText(DRAFT_MESSAGE)).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Preview mode' })).toHaveCount(0);
  await expect(page.locator('[data-badge="lifestyle"]')).toContainText('@TCSA渥大');
  expect(consoleErrors).toEqual([]);
});

test(
  'the banner calls the home page Home, not by the club’s name first in its tab',
  { tag: '@one-width' },
  async ({ page }) => {
    await page.goto(enablePath(E2E_PREVIEW_SECRET, '/'));
    expect(new URL(page.url()).pathname).toBe('/');
    const banner = page.getByRole('complementary', { name: 'Preview mode' });
    await expect(banner.getByTestId('preview-page')).toHaveText(
      'You are seeing drafts of “Home” (/) that are not published yet.',
    );
  },
);

test(
  'the banner links to the same page as published, and the preview goes on',
  { tag: '@one-width' },
  async ({ page, context }) => {
    await page.goto(enablePath(E2E_PREVIEW_SECRET));
    const banner = page.getByRole('complementary', { name: 'Preview mode' });
    await expect(page.getByText(DRAFT_MESSAGE)).toBeVisible();
    const link = banner.getByRole('link', { name: /See the published page/ });
    await expect(link).toHaveAttribute('target', '_blank');
    const [published] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await published.waitForLoadState();
    expect(new URL(published.url()).pathname).toBe('/services');
    await expect(published.getByText(PUBLISHED_MESSAGE)).toBeVisible();
    await expect(published.getByText(DRAFT_MESSAGE)).toHaveCount(0);
    await expect(published.getByRole('complementary', { name: 'Preview mode' })).toHaveCount(0);
    // The reviewer's own tab is still in preview.
    await page.reload();
    await expect(page.getByText(DRAFT_MESSAGE)).toBeVisible();
    await published.close();
  },
);

test(
  'a wrong or missing secret shows a page saying the link is not valid and whom to ask',
  { tag: '@one-width' },
  async ({ page, expectAccessible }) => {
    for (const [path, explanation] of [
      [enablePath('not-the-secret'), 'The secret in this link is wrong or out of date.'],
      ['/api/draft-mode/enable?redirect=/services', 'This link has no secret in it.'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe('/preview-link-not-valid');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'This preview link is not valid',
      );
      await expect(page.getByRole('main')).toContainText(explanation);
      await expect(page.getByRole('link', { name: 'tcsa.telfer@gmail.com' })).toHaveAttribute(
        'href',
        'mailto:tcsa.telfer@gmail.com',
      );
      // In the site's layout, and not for search engines.
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    }
    await expectAccessible();
  },
);

test(
  'a client that is not a browser keeps the JSON answer with 401',
  { tag: '@one-width' },
  async ({ request }) => {
    for (const path of [
      enablePath('not-the-secret'),
      '/api/draft-mode/enable?redirect=/services',
    ]) {
      const response = await request.get(path, {
        headers: { accept: 'application/json' },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(401);
      expect(await response.json()).toHaveProperty('error');
    }
  },
);

test(
  'a wrong or missing secret leaves the page published',
  { tag: '@one-width' },
  async ({ page }) => {
    for (const path of [
      enablePath('not-the-secret'),
      '/api/draft-mode/enable?redirect=/services',
    ]) {
      await page.goto(path);
    }
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).not.toContain('__prerender_bypass');

    await page.goto('/services');
    await expect(page.getByText(PUBLISHED_MESSAGE)).toBeVisible();
    await expect(page.getByText(DRAFT_MESSAGE)).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Preview mode' })).toHaveCount(0);
  },
);

test(
  'the enable route never redirects to another site',
  { tag: '@one-width' },
  async ({ request }) => {
    for (const target of [
      'https://evil.example/services',
      '//evil.example/services',
      '/\\evil.example',
    ]) {
      const response = await request.get(enablePath(E2E_PREVIEW_SECRET, target), {
        maxRedirects: 0,
      });
      expect(response.status()).toBe(307);
      expect(response.headers()['location']).toBe('/');
    }
  },
);
