import type { APIRequestContext, Browser } from '@playwright/test';
import { WECHAT_HINTS, WECHAT_OPEN_IN_BROWSER } from '@/lib/site/wechat';
import { expect, test } from './support/fixtures';
import { createSuperAdmin } from './support/membership-staff';
import { startSite, type RunningSite } from './support/server';

/**
 * WeChat's in-app browser (its user agent says MicroMessenger), at a phone's width: where it
 * blocks what a page offers, the page says so with the way out (calendar file, CSV and resume
 * downloads, the resume upload), and links meant for a new window open in the same one. The
 * pages are cached for every visitor: a browser that is not WeChat, after it, sees no hint.
 */

/** WeChat 8 on an iPhone, as it identifies itself. */
const WECHAT_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323b) NetType/WIFI Language/zh_CN';
const PHONE = { width: 390, height: 844 };
const GALA = 'Lunar New Year Gala 春节晚会';
const hint = (kind: keyof typeof WECHAT_HINTS) => `${WECHAT_HINTS[kind]} ${WECHAT_OPEN_IN_BROWSER}`;

// playwright.config.ts runs this spec in the phone project (390 px) only.

async function eventId(request: APIRequestContext, title: string): Promise<number> {
  const events = (await (await request.get('/api/events/')).json()) as {
    id: number;
    title: string;
  }[];
  const event = events.find((candidate) => candidate.title === title);
  if (!event) throw new Error(`The seed has no event "${title}"`);
  return event.id;
}

test.describe('in WeChat', () => {
  test.use({ userAgent: WECHAT_USER_AGENT, viewport: PHONE });

  test('the event page says how to add the event to a calendar, instead of the .ics link', async ({
    page,
    request,
    consoleErrors,
    expectAccessible,
  }) => {
    const id = await eventId(request, GALA);
    await page.goto(`/events/${id}`);
    const note = page.getByRole('note').filter({ hasText: WECHAT_HINTS.calendar });
    await expect(note).toHaveText(hint('calendar'));
    await expect(page.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible();

    // Google Calendar opens in the same window: no new one, the page itself goes there.
    await page.route('https://calendar.google.com/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>Google Calendar</title>',
      }),
    );
    const google = page.getByRole('link', { name: /Add to Google Calendar/ });
    await expect(google).toHaveAttribute('target', '_blank');
    const popups: unknown[] = [];
    page.context().on('page', (opened) => popups.push(opened));
    await google.click();
    await page.waitForURL(/^https:\/\/calendar\.google\.com\/calendar\/render/);
    expect(popups).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('the join form says what to do if WeChat offers no file to upload', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/joinus');
    const form = page.getByRole('form', { name: 'Tell us About Yourself !' });
    await expect(form.getByRole('note').filter({ hasText: WECHAT_HINTS.upload })).toHaveText(
      hint('upload'),
    );
    // The upload itself stays: WeChat on an iPhone does offer files.
    await expect(form.getByLabel('Upload Resume')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(consoleErrors).toEqual([]);
  });
});

test('after a WeChat visitor, another browser gets the page with the link and no hint', async ({
  browser,
  request,
}) => {
  const id = await eventId(request, GALA);
  const wechat = await browser.newContext({ userAgent: WECHAT_USER_AGENT, viewport: PHONE });
  const wechatPage = await wechat.newPage();
  await wechatPage.goto(`${process.env.E2E_BASE_URL}/events/${id}`);
  await expect(wechatPage.locator('[data-wechat-hint="calendar"]')).toHaveCount(1);
  await wechat.close();

  const other = await browser.newContext({ viewport: PHONE });
  const page = await other.newPage();
  await page.goto(`${process.env.E2E_BASE_URL}/events/${id}`);
  await expect(page.getByRole('link', { name: 'Add to calendar (.ics)' })).toBeVisible();
  await expect(page.locator('[data-wechat-hint]')).toHaveCount(0);
  await other.close();
});

test.describe('the console in WeChat', () => {
  test.describe.configure({ mode: 'serial' });
  let site: RunningSite;
  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  async function staffPage(browser: Browser) {
    const context = await browser.newContext({
      baseURL: site.baseURL,
      userAgent: WECHAT_USER_AGENT,
      viewport: PHONE,
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.61' },
    });
    return context.newPage();
  }

  test('the registrants CSV says how to download it, instead of a link that does nothing', async ({
    browser,
    expectAccessible,
  }) => {
    const staff = await staffPage(browser);
    await createSuperAdmin(site, staff);

    // Someone registers for the gala, so that it has registrants to export.
    const id = await eventId(staff.request, GALA);
    const token = (await (await staff.request.get('/api/csrf/')).json()) as { csrfToken: string };
    const registered = await staff.request.post(`/api/events/${id}/register/`, {
      headers: { 'X-CSRFToken': token.csrfToken, Origin: site.baseURL },
      data: { first_name: 'Lin', last_name: 'Wang', email: 'lin.wang.wechat@example.org' },
    });
    expect(registered.status()).toBe(201);

    await staff.goto(`/admin/events/${id}`);
    const registrants = staff.getByRole('region', { name: 'Registrants' });
    await expect(
      registrants.getByRole('note').filter({ hasText: WECHAT_HINTS.download }),
    ).toHaveText(hint('download'));
    await expect(registrants.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(staff);
    await staff.context().close();
  });
});
