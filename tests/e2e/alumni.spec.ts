import type { Locator, Page } from '@playwright/test';
import type { AlumnusDto } from '@/lib/api/contract';
import { setTestFault } from './support/faults';
import { expect, isPhone, test } from './support/fixtures';

const DEFAULT_AVATAR = '/images/default-avatar.svg';

const former = (page: Page) => page.getByRole('region', { name: 'Former Club Members' });
const telfer = (page: Page) => page.getByRole('region', { name: 'Telfer Alumni' });

/** Checks every card of a section against the people the API lists, in order. */
async function expectCards(section: Locator, people: AlumnusDto[]) {
  const cards = section.getByTestId('alumnus-card');
  await expect(cards).toHaveCount(people.length);
  for (const [index, person] of people.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(person.name);
    await expect(card).toContainText(person.position);
    await expect(card).toContainText(`Major: ${person.major}`);
    await expect(card.locator('img')).toHaveAttribute('src', person.pfp_img ?? DEFAULT_AVATAR);
    if (person.email) {
      await expect(card.getByRole('link', { name: person.email })).toHaveAttribute(
        'href',
        `mailto:${person.email}`,
      );
    } else {
      await expect(card.getByRole('link')).toHaveCount(0);
    }
  }
}

test.describe('/alumni', () => {
  test('lists the former club members and the Telfer alumni from the API', async ({
    page,
    request,
    consoleErrors,
    expectAccessible,
  }) => {
    const alumni = (await (await request.get('/api/alumni/')).json()) as AlumnusDto[];
    const telferAlumni = (await (await request.get('/api/telferAlumni/')).json()) as AlumnusDto[];
    const formerMembers = alumni.filter((person) => person.major !== 'Telfer');
    expect(formerMembers.length).toBeGreaterThan(0);
    expect(telferAlumni.length).toBeGreaterThan(0);
    // The seed has people without a picture, so the default avatar is on show.
    expect([...formerMembers, ...telferAlumni].some((person) => !person.pfp_img)).toBe(true);

    await page.goto('/alumni');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('MEET THE ALUMNI');
    await expect(page.locator('[data-hero-media="image"] img')).toHaveAttribute(
      'src',
      /\/media\/hero\/alumni\.svg/,
    );
    await expectCards(former(page), formerMembers);
    await expectCards(telfer(page), telferAlumni);

    const avatar = await request.get(DEFAULT_AVATAR);
    expect(avatar.status()).toBe(200);
    expect(avatar.headers()['content-type']).toContain('image/svg+xml');

    // Several cards a row on a desktop, one on a phone.
    const cards = former(page).getByTestId('alumnus-card');
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    if (isPhone(page)) expect(second!.y).toBeGreaterThan(first!.y);
    else expect(second!.y).toBe(first!.y);

    await page.waitForLoadState('networkidle');
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  });

  test(
    'says the alumni failed to load and still shows the Telfer alumni',
    { tag: '@one-width' },
    async ({ page, context, baseURL, consoleErrors, expectAccessible }) => {
      await setTestFault(context, baseURL!, 'alumni=error');
      await page.goto('/alumni');
      await expect(former(page).getByRole('alert')).toHaveText('Failed to load alumni');
      await expect(former(page).getByTestId('alumnus-card')).toHaveCount(0);
      await expect(telfer(page).getByTestId('alumnus-card').first()).toBeVisible();
      await expectAccessible();
      expect(consoleErrors).toEqual([]);
    },
  );

  test(
    'says the Telfer alumni failed to load and still shows the former members',
    { tag: '@one-width' },
    async ({ page, context, baseURL, consoleErrors }) => {
      await setTestFault(context, baseURL!, 'telferAlumni=error');
      await page.goto('/alumni');
      await expect(telfer(page).getByRole('alert')).toHaveText('Failed to load Telfer alumni');
      await expect(telfer(page).getByTestId('alumnus-card')).toHaveCount(0);
      await expect(former(page).getByTestId('alumnus-card').first()).toBeVisible();
      expect(consoleErrors).toEqual([]);
    },
  );

  test(
    'says when a section has nobody to show',
    { tag: '@one-width' },
    async ({ page, context, baseURL }) => {
      await setTestFault(context, baseURL!, 'alumni=empty,telferAlumni=empty');
      await page.goto('/alumni');
      await expect(former(page)).toContainText('No former club members to show yet.');
      await expect(telfer(page)).toContainText('No Telfer alumni to show yet.');
      await expect(page.getByTestId('alumnus-card')).toHaveCount(0);
    },
  );

  test(
    'says so when an answer is not a list',
    { tag: '@one-width' },
    async ({ page, context, baseURL }) => {
      await setTestFault(context, baseURL!, 'telferAlumni=invalid');
      await page.goto('/alumni');
      await expect(telfer(page).getByRole('alert')).toHaveText(
        'Invalid data format received from server',
      );
    },
  );

  test(
    'keeps the default hero background when the hero image cannot be read',
    { tag: '@one-width' },
    async ({ page, context, baseURL, consoleErrors }) => {
      await setTestFault(context, baseURL!, 'alumniHeroImage=error');
      await page.goto('/alumni');
      await expect(page.locator('[data-hero-media="error"]')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('MEET THE ALUMNI');
      await expect(former(page).getByTestId('alumnus-card').first()).toBeVisible();
      expect(consoleErrors).toEqual([]);
    },
  );
});
