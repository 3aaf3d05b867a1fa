import type { Locator, Page } from '@playwright/test';
import { interceptEmailJs } from './support/emailjs';
import { expect, isPhone, test } from './support/fixtures';

const SUCCESS = 'Registration successful! You are now registered for this event.';

// The first read opens the server's database; on a busy machine that can take longer than a test.
test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  expect((await api.get('/api/events/', { timeout: 110_000 })).status()).toBe(200);
  await api.dispose();
});

/** Presses Tab until `field` has the focus, as a keyboard user would. */
async function tabTo(page: Page, field: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await field.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached the field after ${limit} presses`);
}

test(
  'a keyboard-only visitor registers for an upcoming event and hears the result',
  { tag: '@one-width' },
  async ({ page, consoleErrors }, testInfo) => {
    const events = (await (await page.request.get('/api/events/')).json()) as {
      id: number;
      starts_at: string | null;
      capacity: number | null;
    }[];
    const event = events.find(
      (candidate) =>
        candidate.starts_at !== null &&
        Date.parse(candidate.starts_at) > Date.now() &&
        candidate.capacity === null,
    );
    if (!event) throw new Error('The seed has no upcoming event');
    const sends = await interceptEmailJs(page);
    await page.goto(`/events/${event.id}`);
    const form = page.getByRole('form', { name: 'Register for this Event' });
    const status = form.getByTestId('registration-status');
    // The live region is in the page before it fills, so screen readers announce the result.
    await expect(status).toHaveAttribute('role', 'status');
    await expect(status).toBeEmpty();

    await tabTo(page, form.getByLabel('First Name'));
    await page.keyboard.type('Ana');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Last Name')).toBeFocused();
    await page.keyboard.type('Li');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Email')).toBeFocused();
    const email = `keyboard.${testInfo.project.name}.${Date.now()}@example.org`;
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');

    await expect(status).toHaveText(SUCCESS);
    await expect(form.getByLabel('Email')).toHaveValue('');
    await expect.poll(() => sends.length).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
  },
);

test('the sticky navigation bar never covers the element that has the focus', async ({ page }) => {
  // Forty key presses on the home page, each followed by a round trip: about 30 s on a busy CI
  // machine, so the default budget of one page load is too short.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const navHeight = await page
    .getByRole('navigation', { name: 'Main' })
    .evaluate((nav) => nav.getBoundingClientRect().height);
  expect(navHeight).toBe(isPhone(page) ? 56 : 64);
  const padding = await page.evaluate(() =>
    parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
  );
  expect(padding).toBeGreaterThanOrEqual(navHeight);

  // Backwards from the end of the page, so that each element scrolls in at the top, under the bar.
  await page.keyboard.press('End');
  let checked = 0;
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Shift+Tab');
    const box = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body || element.closest('nav, header')) return null;
      const rect = element.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, text: element.textContent?.trim() ?? '' };
    });
    if (!box) continue;
    checked += 1;
    expect(box.top, `"${box.text}" is below the bar`).toBeGreaterThanOrEqual(navHeight);
    // In view (an element taller than the screen cannot fit whole).
    expect(box.top).toBeLessThan(page.viewportSize()!.height);
  }
  expect(checked).toBeGreaterThan(10);
});
