import { SEED_DESIGNS } from '@/lib/db/seed/listings';
import { setTestFault } from './support/faults';
import { expect, test } from './support/fixtures';

test('shows the Design Portfolio: each design with image, title and optional description', async ({
  page,
  consoleErrors,
  expectAccessible,
}) => {
  await page.goto('/designs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Design Portfolio');
  const cards = page.getByTestId('design-card');
  await expect(cards).toHaveCount(SEED_DESIGNS.length);
  for (const [index, design] of SEED_DESIGNS.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(design.title);
    // The heading names the design; its image has empty alternative text so it is not said twice.
    const image = card.locator('img');
    await expect(image).toHaveAttribute('alt', '');
    await expect(image).toHaveAttribute('src', `/media/designs/${design.slug}.svg`);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    if (design.description) {
      await expect(card.locator('p')).toHaveText(design.description);
    } else {
      await expect(card.locator('p')).toHaveCount(0);
    }
  }
  await page.waitForLoadState('networkidle');
  await expectAccessible();
  expect(consoleErrors).toEqual([]);
});

test(
  'shows Error: Failed to load designs when they cannot be loaded',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors, expectAccessible }) => {
    await setTestFault(context, baseURL, 'designs=error');
    await page.goto('/designs');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Error: Failed to load designs',
    );
    await expect(page.getByTestId('design-card')).toHaveCount(0);
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'says the data is invalid when the designs answer is not a list',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors }) => {
    await setTestFault(context, baseURL, 'designs=invalid');
    await page.goto('/designs');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Error: Invalid data format received from server',
    );
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'says so when there are no designs',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors, expectAccessible }) => {
    await setTestFault(context, baseURL, 'designs=empty');
    await page.goto('/designs');
    await expect(page.getByText('No designs available at the moment.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'shows a loading text while the designs are read',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors }) => {
    await setTestFault(context, baseURL, 'designs=slow');
    await page.goto('/designs', { waitUntil: 'commit' });
    const status = page.getByRole('main').getByRole('status');
    await expect(status).toHaveText('Loading designs...');
    await expect(page.getByTestId('design-card')).toHaveCount(SEED_DESIGNS.length);
    await expect(status).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  },
);
