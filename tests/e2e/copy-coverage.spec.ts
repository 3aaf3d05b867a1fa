import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { DATA_SOURCES } from '@/lib/api/sources';
import { COPY_MARK_END, COPY_MARK_START } from '@/lib/copy/markers';
import { shortClubDateTime } from '@/lib/events/status';
import {
  formatCalendarDate,
  formatEventDate,
  formatEventTime,
  formatPostedDate,
  truncate,
} from '@/lib/site/format';
import { expect, scrollThroughPage, test } from './support/fixtures';
import { setTestFault } from './support/faults';
import { SITE_ROUTES } from './support/routes';

/**
 * Every word a visitor reads is either copy from the Studio or data from the database. With the
 * test fault `copy=markers`, the server wraps every text it reads from the content source in
 * ⟦…⟧; this test reads each page's visible text, removes the marked parts and every database
 * value (as the page may show it: whole, formatted or shortened), and fails on any word left:
 * a word fixed in code, which an editor could not change.
 */

/** A marked text with no mark inside it; marks nest when copy is filled into copy. */
const INNERMOST_MARKED = new RegExp(
  `${COPY_MARK_START}[^${COPY_MARK_START}${COPY_MARK_END}]*${COPY_MARK_END}`,
  'g',
);

/** The database's lists, as the site's own API serves them. */
const LIST_SOURCES = Object.entries(DATA_SOURCES)
  .map(([, source]) => source.path)
  .filter((path) => !path.includes('{id}'));

function stringsIn(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value.trim()) into.add(value.trim());
  } else if (Array.isArray(value)) {
    for (const item of value) stringsIn(item, into);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) stringsIn(item, into);
  }
}

/** Every database text, and the forms in which pages show them. */
async function databaseTexts(request: APIRequestContext): Promise<string[]> {
  const raw = new Set<string>();
  for (const path of LIST_SOURCES) {
    const response = await request.get(path);
    expect(response.ok(), path).toBe(true);
    stringsIn(await response.json(), raw);
  }
  const members = (await (await request.get('/api/members/')).json()) as {
    first_name: string;
    last_name: string;
  }[];
  const shown = new Set<string>();
  for (const text of raw) {
    shown.add(text);
    shown.add(text.replace(/\s+(Lead|Manager)$/, ''));
    if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
      shown.add(formatEventDate(text));
      shown.add(formatPostedDate(text));
    }
    if (/^\d{1,2}:\d{2}/.test(text)) shown.add(formatEventTime(text));
    // Registration openings and deadlines (/membership/events), as instants in club time.
    if (/^\d{4}-\d{2}-\d{2}T/.test(text)) shown.add(shortClubDateTime(text));
  }
  for (const text of [...shown]) {
    shown.add(truncate(text, 32));
    shown.add(truncate(text, 147, 150));
  }
  for (const { first_name, last_name } of members) {
    const name = `${first_name} ${last_name}`;
    shown.add(name);
    // The chart's initials for a member without a portrait.
    shown.add(
      name
        .split(/\s+/)
        .map((part) => Array.from(part)[0] ?? '')
        .join('')
        .slice(0, 2)
        .toUpperCase(),
    );
  }
  // The membership types on sale (the membership pages show their name, description and price).
  const types = (await (await request.get('/api/membership/types/')).json()) as {
    name: string;
    description: string;
    price: string;
  }[];
  for (const type of types) {
    for (const text of [type.name, type.description, type.price]) if (text) shown.add(text);
  }
  // Content values that are not words (dates) reach the page formatted.
  for (const line of readFileSync('studio/dataset/production.ndjson', 'utf8').split('\n')) {
    const date = line.trim()
      ? (JSON.parse(line) as { effectiveDate?: string }).effectiveDate
      : null;
    if (date) shown.add(formatCalendarDate(date));
  }
  // The longest first, so that a name inside a longer text does not split it.
  return [...shown].filter((text) => text.trim()).sort((a, b) => b.length - a.length);
}

/**
 * The page's visible text, its fields' placeholders, and the names and descriptions that screen
 * readers read from attributes. Decorative graphics are hidden first: the logo's letters are a
 * picture.
 */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    // Decorative graphics (the club's logo) are pictures, not words.
    for (const graphic of document.querySelectorAll<SVGElement>('svg[aria-hidden="true"]')) {
      graphic.style.display = 'none';
    }
    // What screen readers say too: names given by attribute, and pictures' descriptions.
    const attributes = ['placeholder', 'aria-label', 'alt'].flatMap((name) =>
      [...document.querySelectorAll(`[${name}]`)].map(
        (element) => element.getAttribute(name) ?? '',
      ),
    );
    return [document.body.innerText, ...attributes].join('\n');
  });
}

/** What is left of a page's text once the copy and the database values are taken out. */
function unaccounted(text: string, data: readonly string[]): string[] {
  let rest = text;
  for (let before = ''; before !== rest;) {
    before = rest;
    rest = rest.replace(INNERMOST_MARKED, ' ');
  }
  for (const value of data) rest = rest.split(value).join(' ');
  return rest
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /\p{L}/u.test(line));
}

async function expectEveryWordAccountedFor(page: Page, data: readonly string[], label: string) {
  await scrollThroughPage(page);
  const text = await visibleText(page);
  // The marks are there: the page did read its copy through the content source.
  expect(text, `${label}: no marked copy at all`).toContain(COPY_MARK_START);
  expect(
    unaccounted(text, data),
    `${label}: words neither from the Studio nor the database`,
  ).toEqual([]);
}

test.describe('copy coverage', () => {
  // One viewport is enough: the phone layout shows the same words, and the run is long.
  test.skip(({ isMobile, viewport }) => isMobile || (viewport?.width ?? 1280) <= 600);
  test.setTimeout(180_000);

  let data: string[] = [];
  test.beforeAll(async ({ request }) => {
    data = await databaseTexts(request);
  });

  test('every page, loaded: each visible word is Studio copy or database data', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    await setTestFault(context, baseURL, 'copy=markers');
    const events = (await (await request.get('/api/events/')).json()) as { id: number }[];
    const paths = [
      ...SITE_ROUTES.map((route) => route.path),
      `/events/${events[0]!.id}`,
      `/events/${events.at(-1)!.id}`,
      '/no-such-page',
      '/preview-link-not-valid?reason=wrong',
    ];
    for (const path of paths) {
      await page.goto(path);
      await expectEveryWordAccountedFor(page, data, path);
    }
    // The home title is animated whatever its words: here they carry the marks.
    await page.goto('/');
    await expect(page.locator('h1[data-animated]')).toHaveCount(1);
  });

  for (const state of ['error', 'empty'] as const) {
    test(`every page with its reads ${state === 'error' ? 'failing' : 'empty'}: the ${state} texts are Studio copy`, async ({
      page,
      context,
      baseURL,
    }) => {
      const faults = Object.keys(DATA_SOURCES)
        .filter((source) => source !== 'event')
        .map((source) => `${source}=${state}`);
      await setTestFault(context, baseURL, ['copy=markers', ...faults].join(','));
      for (const { path } of SITE_ROUTES) {
        await page.goto(path);
        await expectEveryWordAccountedFor(page, data, `${path} (${state})`);
      }
    });
  }

  test('an event that cannot be read: its error text is Studio copy', async ({
    page,
    context,
    baseURL,
  }) => {
    await setTestFault(context, baseURL, 'copy=markers,event=error');
    await page.goto('/events/1');
    await expectEveryWordAccountedFor(page, data, '/events/1 (error)');
  });
});
