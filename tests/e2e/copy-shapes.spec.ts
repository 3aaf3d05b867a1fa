import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import {
  PLANTED,
  PLANTED_WORDS,
  plantedDataset,
  readDataset,
  writeDataset,
} from './support/planted-dataset';
import { SITE_ROUTES } from './support/routes';
import { E2E_PREVIEW_SECRET, startSite } from './support/server';
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

test(
  'wrong-shaped copy in the bundled dataset: every page loads, published and in preview',
  // Plain HTTP against one server of its own: what is checked is the server's answer.
  { tag: '@one-width' },
  async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'tcsa-planted-'));
    const file = path.join(work, 'production.ndjson');
    const original = readDataset();
    writeDataset(file, original);
    const site = await startSite({ TCSA_TEST_DATASET: file });
    try {
      const events = (await (await fetch(`${site.baseURL}/api/events/`)).json()) as {
        id: number;
      }[];
      const pages = [
        ...SITE_ROUTES.map((route) => route.path),
        ...events.slice(0, 3).map((event) => `/events/${event.id}`),
        '/preview-link-not-valid',
        '/studio',
        '/no-such-page',
      ];
      // The fault cookie keeps these pages out of the page cache: each is rendered from the copy.
      const published = 'tcsa-test-fault=copy=none';
      const enable = await fetch(
        `${site.baseURL}/api/draft-mode/enable?secret=${E2E_PREVIEW_SECRET}&redirect=/`,
        { redirect: 'manual' },
      );
      const preview = [
        published,
        ...enable.headers.getSetCookie().map((cookie) => cookie.split(';')[0]),
      ].join('; ');
      expect(preview).toContain('__prerender_bypass=');

      const answers: string[] = [];
      const load = async (pagePath: string, cookie: string, round: string) => {
        const response = await fetch(`${site.baseURL}${pagePath}`, { headers: { cookie } });
        const body = await response.text();
        const expected = pagePath === '/no-such-page' ? 404 : 200;
        const wrong = response.status !== expected || body.includes('[object Object]');
        if (wrong) answers.push(`${round} ${pagePath}: ${response.status}`);
        return body;
      };
      const rounds = [
        ...Object.entries(PLANTED).map(([label, value]) => [label, value, 0] as const),
        ...(['rich text with a link', 'an object', 'a plain text'] as const).map(
          (label) => [`${label} in lists and objects`, PLANTED[label], 1] as const,
        ),
      ];
      for (const [label, value, depth] of rounds) {
        writeDataset(file, plantedDataset(original, value, depth));
        for (const pagePath of pages) await load(pagePath, published, label);
        // Preview reads the drafts perspective: the planted published documents and drafts.
        for (const pagePath of ['/', '/services', '/membership']) {
          const body = await load(pagePath, preview, `${label}, preview`);
          if (label === 'rich text with a link' && pagePath === '/') {
            expect(body).toContain(PLANTED_WORDS);
          }
        }
      }
      expect(answers).toEqual([]);
      expect(site.log()).not.toMatch(/TypeError/);
    } finally {
      await site.stop();
      rmSync(work, { recursive: true, force: true });
    }
  },
);
