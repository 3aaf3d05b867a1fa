import { expect, scrollThroughPage, test } from './support/fixtures';
import { SITE_ROUTES } from './support/routes';

for (const route of SITE_ROUTES) {
  test(`${route.path} answers 200 with its title, heading, no console errors and no axe violations from top to bottom`, async ({
    page,
    consoleErrors,
    expectAccessible,
  }) => {
    // A sweep of the whole page (scroll, then axe over every section) is the heaviest check of the
    // suite; on a loaded two-core machine the home page alone has taken just over 30 s.
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(route.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(route.heading);
    await page.waitForLoadState('networkidle');
    await scrollThroughPage(page);
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  });
}

test('an unknown route shows the site not-found page with status 404', async ({
  page,
  consoleErrors,
  expectAccessible,
}) => {
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('© 2025 TCSA');
  await expectAccessible();
  // The 404 document itself is reported by Chromium as a failed resource load; nothing else may be.
  expect(consoleErrors.filter((text) => !text.includes('404'))).toEqual([]);
});
