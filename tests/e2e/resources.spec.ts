import type { Page } from '@playwright/test';
import { SEED_CAROUSEL } from '@/lib/db/seed/images';
import { SEED_RESOURCES } from '@/lib/db/seed/listings';
import { setTestFault } from './support/faults';
import { expect, test } from './support/fixtures';

function slideshow(page: Page) {
  return page.getByRole('region', { name: 'Resource highlights' });
}

function dot(page: Page, number: number) {
  return slideshow(page).getByRole('button', {
    name: new RegExp(`^Show slide ${number} of ${SEED_CAROUSEL.length}`),
  });
}

/** The number of the current slide, from the dots' aria-current. */
async function currentSlide(page: Page): Promise<number> {
  const dots = slideshow(page).getByRole('button', { name: /^Show slide/ });
  const states = await dots.evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('aria-current')),
  );
  return states.indexOf('true') + 1;
}

/**
 * Installs a paused fake clock and waits until the page is interactive (the pause button answers),
 * leaving the slideshow playing with a fresh 3 s delay started at the paused instant.
 */
async function openWithPausedClock(page: Page) {
  await page.clock.install({ time: new Date('2026-03-02T10:00:00') });
  await page.goto('/resources');
  await page.clock.pauseAt(new Date('2026-03-02T10:01:00'));
  const pause = slideshow(page).getByRole('button', { name: 'Pause slideshow' });
  const play = slideshow(page).getByRole('button', { name: 'Play slideshow' });
  // Clicks before hydration do nothing: retry until the button answers.
  await expect(async () => {
    if (!(await play.isVisible())) await pause.click({ timeout: 2000 });
    await expect(play).toBeVisible({ timeout: 2000 });
  }).toPass();
  await play.click();
  await expect(pause).toBeVisible();
}

test('shows the hero, the slideshow of linked images and the Explore More cards', async ({
  page,
  consoleErrors,
  expectAccessible,
}) => {
  await page.goto('/resources');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('USEFUL RESOURCES');
  await expect(page.locator('[data-hero-media="image"] img')).toHaveAttribute(
    'src',
    /\/media\/hero\/resources\.svg$/,
  );

  const dots = slideshow(page).getByRole('button', { name: /^Show slide/ });
  await expect(dots).toHaveCount(SEED_CAROUSEL.length);
  for (const [index, slide] of SEED_CAROUSEL.entries()) {
    await expect(dots.nth(index)).toHaveAccessibleName(
      `Show slide ${index + 1} of ${SEED_CAROUSEL.length}: ${slide.title}`,
    );
  }
  await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
  const first = slideshow(page).getByRole('link', { name: SEED_CAROUSEL[0].title });
  await expect(first).toBeVisible();
  await expect(first).toHaveAttribute('href', SEED_CAROUSEL[0].link);
  // Only the shown slide can be reached: the others are inert.
  await expect(slideshow(page).getByRole('link')).toHaveCount(1);
  await expect(slideshow(page).getByRole('button', { name: 'Pause slideshow' })).toBeVisible();

  await expect(page.getByRole('heading', { level: 2, name: 'Explore More' })).toBeVisible();
  const cards = page.getByTestId('resource-card');
  await expect(cards).toHaveCount(SEED_RESOURCES.length);
  for (const [index, resource] of SEED_RESOURCES.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(resource.title);
    await expect(card).toContainText(resource.description);
    const learnMore = card.getByRole('link', {
      name: `Learn More about ${resource.title} (opens in a new tab)`,
    });
    await expect(learnMore).toHaveText(/^Learn More about /);
    await expect(learnMore).toHaveAttribute('href', resource.url);
    await expect(learnMore).toHaveAttribute('target', '_blank');
    await expect(learnMore).toHaveAttribute('rel', /\bnoopener\b/);
  }
  await expect(cards.first().locator('img')).toHaveAttribute('src', /\/media\/resources\/.+\.svg$/);

  await page.waitForLoadState('networkidle');
  await expectAccessible();
  expect(consoleErrors).toEqual([]);
});

test(
  'Learn More opens the resource in a new tab',
  { tag: '@one-width' },
  async ({ page, context, consoleErrors }) => {
    const resource = SEED_RESOURCES[0]!;
    await context.route(`${resource.url}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Telfer</title><h1>Telfer</h1>' }),
    );
    await page.goto('/resources');
    const [opened] = await Promise.all([
      page.waitForEvent('popup'),
      page
        .getByRole('link', { name: `Learn More about ${resource.title} (opens in a new tab)` })
        .click(),
    ]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe(resource.url);
    // The site's own tab stays where it was.
    await expect(page).toHaveURL(/\/resources$/);
    expect(await opened.evaluate(() => window.opener)).toBeNull();
    expect(consoleErrors).toEqual([]);
  },
);

test('plays by itself on the real clock @one-width', async ({ page, consoleErrors }) => {
  // The fake clock's tests below hold the timing to the millisecond; this one proves the show
  // moves on with nothing faked, the same at any width. Its limit only says it does not hang.
  await page.goto('/resources');
  await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
  await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true', { timeout: 10_000 });
  expect(consoleErrors).toEqual([]);
});

test(
  'moves on after exactly 3000 ms and loops back to the first slide',
  { tag: '@one-width' },
  async ({ page, consoleErrors }) => {
    await openWithPausedClock(page);
    const start = await currentSlide(page);
    const count = SEED_CAROUSEL.length;
    for (let step = 1; step <= count; step += 1) {
      await page.clock.runFor(2999);
      expect(await currentSlide(page)).toBe(((start - 1 + step - 1) % count) + 1);
      await page.clock.runFor(1);
      await expect(dot(page, ((start - 1 + step) % count) + 1)).toHaveAttribute(
        'aria-current',
        'true',
      );
    }
    expect(await currentSlide(page)).toBe(start);
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'a dot shows its slide and the slideshow keeps playing from there',
  { tag: '@one-width' },
  async ({ page, consoleErrors }) => {
    await openWithPausedClock(page);
    await page.clock.runFor(1000);
    const target = ((await currentSlide(page)) % SEED_CAROUSEL.length) + 2;
    await dot(page, target).click();
    await expect(dot(page, target)).toHaveAttribute('aria-current', 'true');
    await expect(
      slideshow(page).getByRole('link', { name: SEED_CAROUSEL[target - 1]!.title }),
    ).toBeVisible();
    // The chosen slide gets a full 3 s, then the show goes on.
    await page.clock.runFor(2999);
    expect(await currentSlide(page)).toBe(target);
    await page.clock.runFor(1);
    await expect(dot(page, (target % SEED_CAROUSEL.length) + 1)).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(slideshow(page).getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'the pause button stops the slideshow and play starts it again',
  { tag: '@one-width' },
  async ({ page, consoleErrors, expectAccessible }) => {
    await openWithPausedClock(page);
    const pause = slideshow(page).getByRole('button', { name: 'Pause slideshow' });
    await expect(pause).toBeVisible();
    await expect(pause).toHaveText('Pause slideshow');
    await pause.click();
    const play = slideshow(page).getByRole('button', { name: 'Play slideshow' });
    await expect(play).toBeVisible();
    const shown = await currentSlide(page);
    await page.clock.runFor(15_000);
    expect(await currentSlide(page)).toBe(shown);
    // A dot still works while paused, and does not restart the show.
    const other = (shown % SEED_CAROUSEL.length) + 1;
    await dot(page, other).click();
    await expect(dot(page, other)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(15_000);
    expect(await currentSlide(page)).toBe(other);

    await play.click();
    await page.clock.runFor(3000);
    await expect(dot(page, (other % SEED_CAROUSEL.length) + 1)).toHaveAttribute(
      'aria-current',
      'true',
    );
    // axe waits on timers: let the clock run again.
    await page.clock.resume();
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'waits while keyboard focus is inside the slideshow',
  { tag: '@one-width' },
  async ({ page, consoleErrors }) => {
    await openWithPausedClock(page);
    const shown = await currentSlide(page);
    await slideshow(page).getByRole('button', { name: 'Pause slideshow' }).focus();
    await page.keyboard.press('Tab');
    await expect(dot(page, 1)).toBeFocused();
    await page.clock.runFor(10_000);
    expect(await currentSlide(page)).toBe(shown);
    // Focus leaves: the show goes on.
    await page.getByRole('heading', { level: 2, name: 'Explore More' }).click();
    await page.clock.runFor(3000);
    await expect(dot(page, (shown % SEED_CAROUSEL.length) + 1)).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'does not play by itself for visitors who prefer reduced motion',
  { tag: '@one-width' },
  async ({ page, consoleErrors, expectAccessible }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install({ time: new Date('2026-03-02T10:00:00') });
    await page.goto('/resources');
    await page.clock.pauseAt(new Date('2026-03-02T10:01:00'));
    const play = slideshow(page).getByRole('button', { name: 'Play slideshow' });
    await expect(play).toBeVisible();
    await page.clock.runFor(15_000);
    expect(await currentSlide(page)).toBe(1);
    // The visitor may still start it.
    await play.click();
    await page.clock.runFor(3000);
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
    // axe waits on timers: let the clock run again.
    await page.clock.resume();
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'shows the slideshow error and keeps the resources',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors, expectAccessible }) => {
    await setTestFault(context, baseURL, 'resourceCarouselImages=error');
    await page.goto('/resources');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to load slideshow images',
    );
    await expect(slideshow(page)).toHaveCount(0);
    await expect(page.getByTestId('resource-card')).toHaveCount(SEED_RESOURCES.length);
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'shows the resources error and keeps the slideshow',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors, expectAccessible }) => {
    await setTestFault(context, baseURL, 'resources=error');
    await page.goto('/resources');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to load resources');
    await expect(page.getByTestId('resource-card')).toHaveCount(0);
    await expect(dot(page, 1)).toBeVisible();
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'says so when the resources answer is not a list',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors }) => {
    await setTestFault(context, baseURL, 'resources=invalid,resourceCarouselImages=invalid');
    await page.goto('/resources');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText([
      'Invalid data format received from server',
      'Invalid data format received from server',
    ]);
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'shows the empty states',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors, expectAccessible }) => {
    await setTestFault(context, baseURL, 'resources=empty,resourceCarouselImages=empty');
    await page.goto('/resources');
    await expect(page.getByText('No slideshow images available at the moment.')).toBeVisible();
    await expect(page.getByText('No resources available at the moment.')).toBeVisible();
    await expect(slideshow(page)).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'a hero image failure is only logged: the hero keeps its default background',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors }) => {
    await setTestFault(context, baseURL, 'resourceHeroImage=error');
    await page.goto('/resources');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('USEFUL RESOURCES');
    await expect(page.locator('[data-hero-media="error"]')).toHaveCount(1);
    await expect(page.locator('[data-hero-media] img')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await expect(dot(page, 1)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'shows the loading texts while the slideshow and the resources are read',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors }) => {
    await setTestFault(context, baseURL, 'resourceCarouselImages=slow,resources=slow');
    await page.goto('/resources', { waitUntil: 'commit' });
    const main = page.getByRole('main');
    await expect(
      main.getByRole('status').filter({ hasText: 'Loading slideshow...' }),
    ).toBeVisible();
    await expect(
      main.getByRole('status').filter({ hasText: 'Loading resources...' }),
    ).toBeVisible();
    await expect(dot(page, 1)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('resource-card')).toHaveCount(SEED_RESOURCES.length);
    await expect(main.getByRole('status')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  },
);
