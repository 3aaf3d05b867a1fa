import { setTestFault } from './support/faults';
import { expect, test } from './support/fixtures';

/** The ten sections of spec section 2, as the bundled content titles them. */
const SECTIONS = [
  '1. Information we collect',
  '2. How we use your information',
  '3. Consent',
  '4. Cookies',
  '5. Third-party services',
  '6. Data storage and security',
  '7. Disclosure of information',
  '8. Your rights',
  '9. Contact us',
  '10. Updates to this policy',
];

test('shows the ten sections of the policy with its effective date', async ({
  page,
  consoleErrors,
  expectAccessible,
}) => {
  await page.goto('/privacy-policy');
  await expect(page).toHaveTitle('Privacy Policy | TCSA');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(SECTIONS);
  await expect(page.getByText(/^Effective date:/)).toHaveText('Effective date: January 1, 2025');
  await expect(page.locator('time')).toHaveAttribute('datetime', '2025-01-01');
  await expect(
    page.getByText(/Personal Information Protection and Electronic Documents Act/),
  ).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'tcsa.telfer@gmail.com' }),
  ).toHaveAttribute('href', 'mailto:tcsa.telfer@gmail.com');
  await expectAccessible();
  expect(consoleErrors).toEqual([]);
});

test(
  'the footer link leads to the policy',
  { tag: '@one-width' },
  async ({ page, consoleErrors }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(SECTIONS.length);
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'shows a clear error when the policy cannot be loaded',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors, expectAccessible }) => {
    await setTestFault(context, baseURL, 'privacyPolicy=error');
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to load the privacy policy. Please try again later.',
    );
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'says so when the policy has not been published',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors }) => {
    await setTestFault(context, baseURL, 'privacyPolicy=empty');
    await page.goto('/privacy-policy');
    await expect(page.getByText('The privacy policy has not been published yet.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'shows a loading text while the policy is read',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors }) => {
    await setTestFault(context, baseURL, 'privacyPolicy=slow');
    await page.goto('/privacy-policy', { waitUntil: 'commit' });
    const status = page.getByRole('main').getByRole('status');
    await expect(status).toHaveText('Loading privacy policy...');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(SECTIONS);
    await expect(status).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  },
);
