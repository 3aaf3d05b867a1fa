import { expect, test } from './support/fixtures';
import { setTestCopy } from './support/test-copy';

/**
 * Copy as an import or the API may store it: Portable Text in a plain field, empty headings, and
 * titles that no English word list foresaw. The pages show words, the bundled words where a
 * field is empty, and keep every title on a phone's screen.
 */

const BLOCKS = (text: string) => [
  {
    _type: 'block',
    _key: 'b1',
    style: 'normal',
    markDefs: [],
    children: [{ _type: 'span', _key: 's1', text, marks: [] }],
  },
];

test(
  'Portable Text in the home title and message shows as their words, never a 500',
  { tag: '@one-width' },
  async ({ page, context, baseURL, consoleErrors }) => {
    await setTestCopy(context, baseURL, {
      homePage: {
        heroTitle: BLOCKS('WELCOME TO TCSA'),
        heroMessage: BLOCKS('Where Telfer students meet.'),
        ctaText: { not: 'a string' },
      },
    });
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('WELCOME TO TCSA');
    await expect(page.getByText('Where Telfer students meet.')).toBeVisible();
    // An object where a text belongs: the bundled words.
    await expect(page.getByRole('link', { name: 'Join us' }).first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'empty or blank headings and button show their bundled words',
  { tag: '@one-width' },
  async ({ page, context, baseURL }) => {
    await setTestCopy(context, baseURL, {
      homePage: {
        ctaText: '',
        roadmapTitle: '   ',
        teamTitle: '',
        eventsTitle: '\n',
        eventsMoreLabel: '',
        sponsorsTitle: ' ',
      },
    });
    expect((await page.goto('/'))?.status()).toBe(200);
    const hero = page.locator('section[aria-labelledby="page-title"]');
    await expect(hero.getByRole('link', { name: 'Join us' })).toBeVisible();
    for (const [id, text] of [
      ['roadmap-title', 'CLUB ROADMAP'],
      ['team-title', 'OUR TEAM STRUCTURE'],
      ['events-title', 'UPCOMING EVENTS'],
      ['sponsors-title', 'Our Sponsors & Partners'],
    ] as const) {
      await expect(page.locator(`#${id}`)).toHaveText(text);
    }
    await expect(
      page.getByRole('link', { name: 'More events' }).locator('[aria-hidden="true"]'),
    ).toHaveText('M O R E');
  },
);

for (const title of [
  '渥太华大学泰尔弗商学院中国学生会欢迎',
  'INTERNATIONALIZATION',
  'TCSA INTERNATIONALIZATION COMMITTEE',
]) {
  test(
    `the animated title "${title}" stays on a 390 px screen, and the message under it`,
    // Sets its own 390 px window: the same test in either project.
    { tag: '@one-width' },
    async ({ page, context, baseURL }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await setTestCopy(context, baseURL, { homePage: { heroTitle: title } });
      expect((await page.goto('/'))?.status()).toBe(200);
      const heading = page.locator('h1[data-animated]');
      await expect(heading).toHaveAttribute('data-animated', 'true');
      // Every letter has come in (the animation runs to its end).
      await page.waitForFunction(() =>
        [...document.querySelectorAll('h1[data-animated] [style]')].every(
          (letter) => getComputedStyle(letter).opacity === '1',
        ),
      );
      const boxes = await page.evaluate(() => {
        const rect = (element: Element | null) => {
          const box = element?.getBoundingClientRect();
          return box ? { left: box.left, right: box.right } : null;
        };
        const letters = [...document.querySelectorAll('h1[data-animated] [style]')].map((letter) =>
          rect(letter),
        );
        return {
          heading: rect(document.querySelector('h1[data-animated]')),
          letters,
          width: document.documentElement.clientWidth,
          scrollWidth: document.documentElement.scrollWidth,
        };
      });
      expect(boxes.scrollWidth).toBeLessThanOrEqual(390);
      expect(boxes.heading!.left).toBeGreaterThanOrEqual(0);
      expect(boxes.heading!.right).toBeLessThanOrEqual(boxes.width);
      for (const letter of boxes.letters) {
        expect(letter!.left).toBeGreaterThanOrEqual(0);
        expect(letter!.right).toBeLessThanOrEqual(boxes.width);
      }
      const message = page.locator('section[aria-labelledby="page-title"] p').first();
      await expect(message).toBeInViewport();
      const messageBox = await message.boundingBox();
      expect(messageBox!.x).toBeGreaterThanOrEqual(0);
      expect(messageBox!.x + messageBox!.width).toBeLessThanOrEqual(390);
      await page.screenshot({ path: test.info().outputPath('title-390.png') });
    },
  );
}

test(
  'with reduced motion the long title shows at once, still within the screen',
  { tag: '@one-width' },
  async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    await setTestCopy(context, baseURL, { homePage: { heroTitle: 'INTERNATIONALIZATION 国际化' } });
    const page = await context.newPage();
    await page.goto('/');
    const opacities = await page.evaluate(() =>
      [...document.querySelectorAll('h1[data-animated] [style]')].map(
        (letter) => getComputedStyle(letter).opacity,
      ),
    );
    expect(opacities.length).toBeGreaterThan(0);
    expect(new Set(opacities)).toEqual(new Set(['1']));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await context.close();
  },
);

test(
  'the page-not-found tab keeps its title once the page has loaded',
  { tag: '@one-width' },
  async ({ page }) => {
    const response = await page.goto('/no-such-page', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    // What streams in after the first paint (the page's metadata) must not put the site's title back.
    await page.waitForTimeout(1000);
    expect(await page.title()).toBe('Page not found | TCSA');
  },
);
