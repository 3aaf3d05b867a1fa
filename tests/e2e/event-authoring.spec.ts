import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { CLUB_TIME_ZONE } from '@/lib/db/time';
import { TEST_CLOCK_PATH } from '@/lib/testing/test-clock.mjs';
import { expect, test } from './support/fixtures';
import { startSite, type RunningSite } from './support/server';
import { createSuperAdmin } from './support/membership-staff';

/**
 * Authoring an event on a phone, on a server of its own: last term's event (a past event of the
 * seed) is duplicated into a draft that keeps its poster and settings and leaves its dates to
 * set. The draft is nowhere for visitors (its page and /api/events/{id}/ answer 404, the list and
 * the sitemap leave it out) and its preview opens only for signed-in staff. Edited and scheduled
 * ten minutes ahead, it stays off the site until its time and then appears on /events and
 * /api/events/, through the page cache and the kept JSON answers, with nothing run at that time.
 *
 * The server runs on the test clock (TCSA_TEST_CLOCK=1, lib/testing/test-clock.mjs): the test
 * schedules from the server's now and moves that clock forward instead of waiting, and moves the
 * browsers' clocks with it (the console's page words the publication state with its own clock).
 */

const ADMIN = { name: 'Mei Chen', email: 'mei.chen@example.org', password: 'lantern moon 2026!' };
const LAST_TERM = 'Mid-Autumn Mooncake Night 中秋赏月';
const NEW_TITLE = 'Mooncake Night 2026';
const PHONE = { width: 390, height: 844 };
/** How far ahead of the server's now the event is scheduled: the clock gets there, no one waits. */
const SCHEDULE_AHEAD_MS = 10 * 60_000;
/** Where the clock stops just before the publication time, to see the event still hidden there. */
const JUST_BEFORE_MS = 5_000;

/** A date-and-time input's value for `instant` on the club's clock, to the second. */
function clubInputValue(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: CLUB_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

type ApiEvent = { id: number; title: string; poster_img: string | null };

async function listedEvents(request: APIRequestContext): Promise<ApiEvent[]> {
  const response = await request.get('/api/events/');
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiEvent[];
}

test.describe('event authoring: duplicate, draft, preview, schedule', () => {
  test.describe.configure({ mode: 'serial' });

  let site: RunningSite;
  let staff: Page;
  let visitor: Page;
  let sourceId: number;
  let copyId: number;
  const contexts: BrowserContext[] = [];

  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the must-show runs at 390 px');
    site = await startSite({ TCSA_TEST_CLOCK: '1' });
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    await site?.stop();
  });

  async function newPage(browser: Browser, address: string) {
    const context = await browser.newContext({
      baseURL: site.baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': address },
      viewport: PHONE,
    });
    contexts.push(context);
    return context.newPage();
  }

  /** The server's now, on its test clock. */
  async function serverNow(): Promise<Date> {
    const response = await fetch(new URL(TEST_CLOCK_PATH, site.baseURL));
    expect(response.status).toBe(200);
    return new Date(((await response.json()) as { now: string }).now);
  }

  /** Moves the server's clock forward to `time`, and the browsers' clocks with it. */
  async function moveClocksTo(time: Date): Promise<void> {
    const response = await fetch(new URL(TEST_CLOCK_PATH, site.baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: time.toISOString() }),
    });
    expect(response.status, await response.text()).toBe(200);
    for (const context of contexts) await context.clock.setSystemTime(time);
  }

  /** The visitor's view of the copy: page, API, list and sitemap. */
  async function visitorSees() {
    const request = visitor.request;
    const page = (await visitor.goto(`/events/${copyId}`))!.status();
    const api = await request.get(`/api/events/${copyId}/`);
    const listed = (await listedEvents(request)).some((event) => event.id === copyId);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    return {
      page,
      api: api.status(),
      listed,
      inSitemap: sitemap.includes(`/events/${copyId}<`),
    };
  }

  test('duplicating last term’s event makes a draft that visitors cannot find', async ({
    browser,
    expectAccessible,
  }, testInfo) => {
    staff = await newPage(browser, '198.51.100.40');
    visitor = await newPage(browser, '198.51.100.41');
    await createSuperAdmin(site, staff, ADMIN);

    const source = (await listedEvents(visitor.request)).find((event) => event.title === LAST_TERM);
    expect(source, 'the seed’s event of last term').toBeDefined();
    sourceId = source!.id;
    expect(source!.poster_img).toBeTruthy();

    await staff.goto(`/admin/events/${sourceId}/edit`);
    await expect(staff.getByText('Published', { exact: true })).toBeVisible();
    await staff.getByRole('button', { name: 'Duplicate' }).click();
    await expect(staff).toHaveURL(/\/admin\/events\/\d+\/edit\?copied=1$/);
    copyId = Number(/\/admin\/events\/(\d+)\//.exec(staff.url())![1]);
    expect(copyId).not.toBe(sourceId);

    await expect(staff.getByText('This is a copy, saved as a draft')).toBeVisible();
    await expect(staff.getByText('Draft: not on the site')).toBeVisible();
    // Marked until edited: the list never shows two events of the same title.
    await expect(staff.getByLabel('Title')).toHaveValue(`Copy of ${LAST_TERM}`);
    await expect(staff.getByLabel('Date')).toHaveValue('');
    await expect(staff.getByLabel('Start time')).toHaveValue('');
    await expect(staff.getByLabel('Public registration opens')).toHaveValue('');
    await expect(staff.getByLabel('Duration')).toHaveValue('2 hours');
    await expect(staff.locator('input[name="posterImg"]')).toHaveValue(source!.poster_img!);
    await expect(staff.getByRole('link', { name: 'Preview as a visitor' })).toBeVisible();
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectAccessible(staff);
    await staff.screenshot({ path: testInfo.outputPath('draft-settings-390.png'), fullPage: true });
    await staff.setViewportSize({ width: 1280, height: 900 });
    await staff.screenshot({
      path: testInfo.outputPath('draft-settings-1280.png'),
      fullPage: true,
    });
    await staff.setViewportSize(PHONE);

    expect(await visitorSees()).toEqual({ page: 404, api: 404, listed: false, inSitemap: false });
    expect(await (await visitor.request.get(`/api/events/${copyId}/`)).json()).toEqual({
      error: 'Event not found.',
    });
    expect((await visitor.request.get(`/api/events/${copyId}/availability/`)).status()).toBe(404);
  });

  test('the preview opens for signed-in staff only', async ({ expectAccessible }, testInfo) => {
    await visitor.goto(`/admin/events/${copyId}/preview`);
    await expect(visitor).toHaveURL(/\/admin\/sign-in\?next=/);
    await expect(visitor.getByRole('heading', { name: LAST_TERM })).toHaveCount(0);

    await staff.goto(`/admin/events/${copyId}/edit`);
    await staff.getByRole('link', { name: 'Preview as a visitor' }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/events/${copyId}/preview$`));
    await expect(staff.getByText('Preview as a visitor will see it.')).toBeVisible();
    await expect(staff.getByText('Draft: not on the site.')).toBeVisible();
    await expect(
      staff.getByRole('heading', { level: 1, name: `Copy of ${LAST_TERM}` }),
    ).toBeVisible();
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectAccessible(staff);
    await staff.screenshot({ path: testInfo.outputPath('preview-390.png'), fullPage: true });
    await staff.setViewportSize({ width: 1280, height: 900 });
    await staff.screenshot({ path: testInfo.outputPath('preview-1280.png'), fullPage: true });
    await staff.setViewportSize(PHONE);
  });

  test('edited and scheduled ten minutes ahead, it appears at its time', async () => {
    // The visitor's pages and the API answers are kept before the schedule exists too.
    await visitor.goto('/events');
    await listedEvents(visitor.request);

    await staff.goto(`/admin/events/${copyId}/edit`);
    await staff.getByLabel('Title').fill(NEW_TITLE);
    await staff.getByLabel('Date').fill('2027-09-25');
    await staff.getByLabel('Start time').fill('19:00');
    // From the server's now: the console refuses a time that is not after it.
    let publishAt = new Date((await serverNow()).getTime() + SCHEDULE_AHEAD_MS);
    // A whole minute would be written without its seconds by the browser.
    if (publishAt.getSeconds() === 0) publishAt = new Date(publishAt.getTime() + 1000);
    publishAt = new Date(Math.floor(publishAt.getTime() / 1000) * 1000);
    await staff.getByLabel('Publish at').fill(clubInputValue(publishAt));
    await staff.getByRole('button', { name: 'Schedule' }).click();
    await expect(staff.getByText(/^Saved\. Scheduled: appears /)).toBeVisible();
    await expect(staff.getByText(/^Scheduled: appears /)).toBeVisible();

    // Before its time: nowhere, each answer read (and kept) after the schedule was saved.
    expect(await visitorSees()).toEqual({ page: 404, api: 404, listed: false, inSitemap: false });
    await visitor.goto('/events');
    await expect(visitor.getByText(NEW_TITLE)).toHaveCount(0);

    // Just before its time: still nowhere, and each answer is read (and kept) again.
    await moveClocksTo(new Date(publishAt.getTime() - JUST_BEFORE_MS));
    expect(await visitorSees()).toEqual({ page: 404, api: 404, listed: false, inSitemap: false });
    await visitor.goto('/events');
    await expect(visitor.getByText(NEW_TITLE)).toHaveCount(0);
    expect((await serverNow()).getTime(), 'the checks above ran before its time').toBeLessThan(
      publishAt.getTime(),
    );

    // At its time: everywhere at once, although the answers kept a moment ago are still fresh.
    await moveClocksTo(publishAt);
    expect(await visitorSees()).toEqual({ page: 200, api: 200, listed: true, inSitemap: true });
    await visitor.goto('/events');
    await expect(visitor.getByText(NEW_TITLE).first()).toBeVisible();
    await visitor.goto(`/events/${copyId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: NEW_TITLE })).toBeVisible();

    await staff.reload();
    await expect(staff.getByText('Published', { exact: true })).toBeVisible();
    // Last term's event is as it was.
    const source = (await listedEvents(visitor.request)).find((event) => event.id === sourceId);
    expect(source?.title).toBe(LAST_TERM);
  });

  test('a new event saved as a draft stays off the site; a schedule without a time says so', async ({
    expectAccessible,
  }) => {
    await staff.goto('/admin/events/new');
    await staff.getByLabel('Title').fill('Board game night');
    // Tonight on the club's calendar (the server's, ahead of the real one since the schedule's
    // test): first among the dashboard's upcoming events.
    await staff
      .getByLabel('Date')
      .fill(
        new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(await serverNow()),
      );
    await staff.getByLabel('Start time').fill('23:59');
    await staff.getByRole('button', { name: 'Schedule' }).click();
    const publishAt = staff.getByLabel('Publish at');
    await expect(publishAt).toBeFocused();
    await expect(publishAt).toHaveAttribute('aria-invalid', 'true');
    await expect(
      staff.getByText('Choose when the event appears on the site to schedule it.'),
    ).toHaveCount(2);
    await expectAccessible(staff);

    await staff.getByRole('button', { name: 'Save as draft' }).click();
    await expect(staff).toHaveURL(/\/admin\/events\/\d+\/edit\?created=1$/);
    const draftId = Number(/\/admin\/events\/(\d+)\//.exec(staff.url())![1]);
    await expect(staff.getByText('Draft: not on the site')).toBeVisible();
    expect((await visitor.request.get(`/api/events/${draftId}/`)).status()).toBe(404);
    expect((await listedEvents(visitor.request)).some((event) => event.id === draftId)).toBe(false);
    await staff.goto('/admin/events');
    await expect(
      staff.getByRole('row').filter({ hasText: 'Board game night' }).getByText('Draft', {
        exact: true,
      }),
    ).toBeVisible();
    // The dashboard's upcoming events say it too.
    await staff.goto('/admin');
    await expect(
      staff
        .getByRole('region', { name: 'Upcoming events' })
        .getByRole('listitem')
        .filter({ hasText: 'Board game night' })
        .getByText('Draft', { exact: true }),
    ).toBeVisible();
  });
});
