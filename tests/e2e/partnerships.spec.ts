import { SEED_SPONSORS } from '@/lib/db/seed/listings';
import { setTestFault } from './support/faults';
import { expect, test } from './support/fixtures';

const longSponsor = SEED_SPONSORS.find((sponsor) => Array.from(sponsor.description).length > 150)!;
const shortSponsor = SEED_SPONSORS.find(
  (sponsor) => Array.from(sponsor.description).length <= 150,
)!;
const unlinkedSponsor = SEED_SPONSORS.find((sponsor) => sponsor.link === null)!;

test('shows one card per sponsor with logo, name, description and Learn more', async ({
  page,
  consoleErrors,
  expectAccessible,
}) => {
  await page.goto('/partnerships');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('OUR PARTNERS');
  const cards = page.getByTestId('sponsor-card');
  await expect(cards).toHaveCount(SEED_SPONSORS.length);
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(
    SEED_SPONSORS.map((sponsor) => sponsor.name),
  );

  for (const sponsor of SEED_SPONSORS) {
    const card = cards.filter({ has: page.getByRole('heading', { name: sponsor.name }) });
    const logo = card.getByRole('img', { name: `${sponsor.name} logo` });
    await expect(logo).toHaveAttribute('src', `/media/sponsors/${sponsor.slug}.svg`);
    // Logos below the fold load lazily.
    await logo.scrollIntoViewIfNeeded();
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    const learnMore = card.getByRole('link', {
      name: `Learn more about ${sponsor.name} (opens in a new tab)`,
    });
    if (sponsor.link) {
      await expect(learnMore).toHaveText(/^Learn more about /);
      await expect(learnMore).toHaveAttribute('href', sponsor.link);
      await expect(learnMore).toHaveAttribute('target', '_blank');
      await expect(learnMore).toHaveAttribute('rel', /\bnoopener\b/);
    } else {
      await expect(learnMore).toHaveCount(0);
    }
  }
  // The seed supplies no social links, as the spec says: no Instagram icons.
  await expect(page.getByRole('link', { name: /on Instagram/ })).toHaveCount(0);
  await expect(cards.filter({ hasText: unlinkedSponsor.name }).getByRole('link')).toHaveCount(0);

  const shortCard = cards.filter({ hasText: shortSponsor.name });
  await expect(shortCard).toContainText(shortSponsor.description);
  await expect(shortCard.getByRole('button')).toHaveCount(0);

  await page.waitForLoadState('networkidle');
  await expectAccessible();
  expect(consoleErrors).toEqual([]);
});

test(
  'a description over 150 characters shows 147 plus an ellipsis, with Show more / Show less',
  { tag: '@one-width' },
  async ({ page, consoleErrors, expectAccessible }) => {
    await page.goto('/partnerships');
    const card = page.getByTestId('sponsor-card').filter({ hasText: longSponsor.name });
    const collapsed = `${Array.from(longSponsor.description).slice(0, 147).join('')}...`;
    const description = card.locator('p');
    await expect(description).toHaveText(collapsed);

    const toggle = card.getByRole('button', { name: 'Show more' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Clicks before hydration do nothing: retry until the toggle answers.
    await expect(async () => {
      const button = card.getByRole('button');
      if ((await button.getAttribute('aria-expanded')) !== 'true')
        await button.click({ timeout: 2000 });
      await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 2000 });
    }).toPass();
    await expect(description).toHaveText(longSponsor.description);
    await expect(card.getByRole('button')).toHaveText('Show less');
    await expectAccessible();

    await card.getByRole('button', { name: 'Show less' }).click();
    await expect(description).toHaveText(collapsed);
    await expect(card.getByRole('button', { name: 'Show more' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // Keyboard works too.
    await card.getByRole('button', { name: 'Show more' }).focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: 'Show less' })).toBeFocused();
    await expect(description).toHaveText(longSponsor.description);
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'shows the failure text when the sponsors cannot be loaded',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors, expectAccessible }) => {
    await setTestFault(context, baseURL, 'sponsors=error');
    await page.goto('/partnerships');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to load sponsors');
    await expect(page.getByTestId('sponsor-card')).toHaveCount(0);
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'says the data is invalid when the sponsors answer is not an array',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors, expectAccessible }) => {
    await setTestFault(context, baseURL, 'sponsors=invalid');
    await page.goto('/partnerships');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Invalid data format received from server',
    );
    await expect(page.getByTestId('sponsor-card')).toHaveCount(0);
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'says so when there are no sponsors',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors, expectAccessible }) => {
    await setTestFault(context, baseURL, 'sponsors=empty');
    await page.goto('/partnerships');
    await expect(page.getByText('No sponsors available at the moment.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'shows Loading sponsors... while the sponsors are read',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors }) => {
    await setTestFault(context, baseURL, 'sponsors=slow');
    await page.goto('/partnerships', { waitUntil: 'commit' });
    const status = page.getByRole('main').getByRole('status');
    await expect(status).toHaveText('Loading sponsors...');
    await expect(page.getByTestId('sponsor-card')).toHaveCount(SEED_SPONSORS.length);
    await expect(status).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  },
);
