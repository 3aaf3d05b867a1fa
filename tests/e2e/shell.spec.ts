import { expect, isPhone, test } from './support/fixtures';

const NAV = [
  ['Home', '/'],
  ['Events', '/events'],
  ['Alumni', '/alumni'],
  ['Join Us', '/joinus'],
  ['Membership', '/membership'],
  ['Resources', '/resources'],
  ['Services', '/services'],
  ['Partnerships', '/partnerships'],
];

test.describe('navigation bar', () => {
  test('starts with a skip link to the main content', { tag: '@one-width' }, async ({ page }) => {
    await page.goto('/events');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('has the seven links of the spec and Membership', async ({ page }) => {
    await page.goto('/events');
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (isPhone(page)) await nav.getByRole('button', { name: 'Open menu' }).click();
    const links = nav.getByRole('list').getByRole('link');
    await expect(links).toHaveText(NAV.map(([label]) => label!));
    for (const [index, [, href]] of NAV.entries()) {
      await expect(links.nth(index)).toHaveAttribute('href', href!);
    }
    await expect(nav.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
  });

  test('changes style only after more than 50 px of scroll', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const background = () => nav.evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect(nav).toHaveAttribute('data-scrolled', 'false');
    const before = await background();
    await page.evaluate(() => window.scrollTo(0, 50));
    await expect(nav).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 51));
    await expect(nav).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(background).toBe('rgb(143, 0, 26)');
    expect(before).not.toBe('rgb(143, 0, 26)');
  });
});

test.describe('hamburger menu at 390 px', () => {
  test.beforeEach(({ page }) => {
    test.skip(!isPhone(page), 'the hamburger exists only at 600 px and below');
  });

  test('opens, closes on the toggle, on a click outside, on Escape and on navigation', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: /menu/ });
    const menuLink = nav.getByRole('link', { name: 'Alumni' });

    await expect(menuLink).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menuLink).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menuLink).toBeHidden();

    await toggle.click();
    await page.mouse.click(200, 700);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await toggle.click();
    await menuLink.click();
    await expect(page).toHaveURL(/\/alumni$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('is operable with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /menu/ });
    await expect(toggle).toHaveAccessibleName('Open menu');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAccessibleName('Close menu');
    await page.keyboard.press('Tab');
    await expect(
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Home', exact: true }),
    ).toBeFocused();
  });
});

test.describe('footer', () => {
  test('shows the links, texts and social badges of the spec', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const links = footer.getByRole('navigation', { name: 'Footer' }).getByRole('link');
    await expect(links).toHaveText([
      'TCSA',
      'Events',
      'Alumni',
      'Join Us',
      'Membership',
      'Resources',
      'Services',
      'Partnerships',
      'Privacy Policy',
    ]);
    await expect(footer.getByText('Terms of Service', { exact: true })).toBeVisible();
    await expect(footer.getByText('© 2025 TCSA', { exact: true })).toBeVisible();

    const badges = footer.locator('[data-badge]');
    await expect(badges).toHaveCount(3);
    const linked = footer.getByRole('list', { name: 'Social media' }).getByRole('link');
    await expect(linked).toHaveCount(2);
    for (const link of await linked.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test(
    'badges are 50 px wide and widen to 150 px on hover and on focus',
    { tag: '@one-width' },
    async ({ page }) => {
      await page.goto('/');
      const badge = page
        .getByRole('contentinfo')
        .getByRole('link', { name: /opens in a new tab/ })
        .first();
      await badge.scrollIntoViewIfNeeded();
      const width = () => badge.evaluate((el) => el.getBoundingClientRect().width);
      expect(await width()).toBe(50);
      if (!isPhone(page)) {
        // Phones have no hover; there the handle shows on focus.
        await badge.hover();
        await expect.poll(width).toBe(150);
        await page.mouse.move(0, 0);
        await expect.poll(width).toBe(50);
      }
      await badge.focus();
      await expect.poll(width).toBe(150);
    },
  );
});
