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
} from '@/lib/site/format';
import { truncate } from '@/lib/site/truncate';
import { expect, scrollThroughPage, test } from './support/fixtures';
import { setTestFault } from './support/faults';
import { SITE_ROUTES } from './support/routes';
import { E2E_PREVIEW_SECRET, startSite, type RunningSite } from './support/server';

/**
 * POSTs to the site's API from the page's own session: its cookies and a CSRF pair (`headers`,
 * for a request of another kind), and `post` for a JSON one with its status and answer.
 */
async function apiPoster(page: Page, origin: string) {
  const csrf = ((await (await page.request.get('/api/csrf/')).json()) as { csrfToken: string })
    .csrfToken;
  const headers = { 'x-csrftoken': csrf, origin };
  const post = async (path: string, body: unknown) => {
    const response = await page.request.post(path, { headers, data: body as object });
    return { status: response.status(), body: (await response.json()) as unknown };
  };
  return { headers, post };
}

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

/**
 * How to pay on the join page: the year's e-Transfer address and instructions are the database's
 * (the console's settings, which no list of the API serves); the words standing in the
 * instructions for the amount and the reference are Studio copy, marked. Empty elsewhere.
 */
async function howToPayTexts(page: Page): Promise<string[]> {
  const texts: string[] = [];
  for (const text of await page.getByTestId('how-to-pay').locator('dd').allInnerTexts()) {
    texts.push(
      ...text
        .split(INNERMOST_MARKED)
        .map((part) => part.trim())
        .filter(Boolean),
    );
  }
  return texts;
}

/** `data` with the page's own database values, the longest first (as `databaseTexts` orders). */
async function withPageData(page: Page, data: readonly string[]): Promise<string[]> {
  return [...(await howToPayTexts(page)), ...data].sort((a, b) => b.length - a.length);
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

/**
 * The browser tab's title once the page has loaded (metadata streams in after the first paint):
 * Studio copy, or the event's own title from the database.
 */
async function expectTabTitleFromCopy(
  page: Page,
  data: readonly string[],
  label: string,
  marked = true,
) {
  await page.waitForLoadState('networkidle');
  const title = await page.title();
  if (marked)
    expect(title, `${label}: the tab title is not Studio copy`).toContain(COPY_MARK_START);
  expect(unaccounted(title, data), `${label}: tab title words not from the Studio`).toEqual([]);
}

/** Every text of a form endpoint's JSON answer is one piece of Studio copy, whole. */
function expectAnswerFromCopy(body: unknown, label: string) {
  const texts: string[] = [];
  const answer = (body ?? {}) as { error?: unknown; message?: unknown; fields?: unknown };
  for (const text of [answer.error, answer.message, ...Object.values(answer.fields ?? {})]) {
    if (typeof text === 'string') texts.push(text);
  }
  expect(texts.length, `${label}: the answer says something`).toBeGreaterThan(0);
  for (const text of texts) {
    const rest = unaccounted(text, []);
    expect(rest, `${label}: “${text}” is not Studio copy`).toEqual([]);
    expect(text, `${label}: “${text}” is not Studio copy`).toContain(COPY_MARK_START);
  }
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
      await expectEveryWordAccountedFor(page, await withPageData(page, data), path);
      await expectTabTitleFromCopy(page, data, path, !path.startsWith('/events/'));
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
        await expectEveryWordAccountedFor(
          page,
          await withPageData(page, data),
          `${path} (${state})`,
        );
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

  test.describe('forms, the manage page, the preview banner', () => {
    // Registrations and submissions go to a server of their own: the suite's seeded events keep
    // their places for the other tests.
    test.describe.configure({ mode: 'serial' });
    let site: RunningSite;
    test.beforeAll(async () => {
      site = await startSite();
    });
    test.afterAll(async () => {
      await site?.stop();
    });

    async function markedPage(
      browser: import('@playwright/test').Browser,
      address = '198.51.100.77',
    ) {
      const context = await browser.newContext({
        baseURL: site.baseURL,
        extraHTTPHeaders: { 'x-forwarded-for': address },
      });
      await setTestFault(context, site.baseURL, 'copy=markers');
      // EmailJS is out of reach: the forms then say what the server received, in its words.
      await context.route('https://api.emailjs.com/**', (route) => route.abort());
      return { context, page: await context.newPage() };
    }

    test('every form endpoint answers a visitor in Studio words', async ({ browser }) => {
      const { context, page } = await markedPage(browser);
      await page.goto('/');
      const { headers, post } = await apiPoster(page, site.baseURL);
      const events = (await (await page.request.get('/api/events/')).json()) as {
        id: number;
        title: string;
      }[];
      const eventId = (title: string) => events.find((event) => event.title.startsWith(title))!.id;
      const person = (n: number) => ({
        first_name: 'Ming',
        last_name: `Li ${n}`,
        email: `ming.li.${n}@example.org`,
      });

      // Every field wrong at once: each field's message, and the summary.
      let answer = await post(`/api/events/${eventId('Case Competition Bootcamp')}/register/`, {
        first_name: '',
        last_name: 'x'.repeat(80),
        email: 'not an email',
      });
      expect(answer.status).toBe(400);
      expectAnswerFromCopy(answer.body, 'invalid registration');

      // Fill the small event, then the waitlist and a second registration of the same person.
      for (let n = 1; n <= 12; n += 1) {
        const placed = await post(
          `/api/events/${eventId('Case Competition Bootcamp')}/register/`,
          person(n),
        );
        expect(placed.status).toBe(201);
      }
      answer = await post(
        `/api/events/${eventId('Case Competition Bootcamp')}/register/`,
        person(13),
      );
      expect(answer.status).toBe(201);
      expectAnswerFromCopy(answer.body, 'waitlisted');
      answer = await post(
        `/api/events/${eventId('Case Competition Bootcamp')}/register/`,
        person(13),
      );
      expect(answer.status).toBe(409);
      expectAnswerFromCopy(answer.body, 'already registered');
      answer = await post(
        `/api/events/${eventId('Dumpling Making Workshop')}/register/`,
        person(14),
      );
      expect(answer.status).toBe(201);
      expectAnswerFromCopy(answer.body, 'awaiting review');
      answer = await post(
        `/api/events/${eventId('Resume & LinkedIn Workshop')}/register/`,
        person(15),
      );
      expect(answer.status).toBe(409);
      expectAnswerFromCopy(answer.body, 'closed');
      answer = await post(
        `/api/events/${eventId('Networking Night with Telfer Alumni')}/register/`,
        person(16),
      );
      expect(answer.status).toBe(409);
      expectAnswerFromCopy(answer.body, 'members first');
      answer = await post(`/api/events/${eventId('Big Four Office Tour')}/register/`, person(17));
      expect(answer.status).toBe(409);
      expectAnswerFromCopy(answer.body, 'members only');
      answer = await post('/api/registrations/not-a-real-token/cancel/', {});
      expect(answer.status).toBe(404);
      expectAnswerFromCopy(answer.body, 'cancel with a wrong link');

      for (const [path, valid, invalid] of [
        [
          '/api/messages/',
          { sender_name: 'Ming Li', sender_email: 'ming@example.org', message: 'Hello' },
          { sender_name: '', sender_email: 'x', message: '' },
        ],
        [
          '/api/serviceRequests/',
          { name: 'Ming Li', email: 'ming@example.org', needs: 'A video' },
          { name: '', email: 'x', needs: '' },
        ],
      ] as const) {
        answer = await post(path, valid);
        expect(answer.status, path).toBe(201);
        expectAnswerFromCopy(answer.body, `${path} received`);
        answer = await post(path, invalid);
        expect(answer.status, path).toBe(400);
        expectAnswerFromCopy(answer.body, `${path} invalid`);
      }
      const application = await page.request.post('/api/applications/', {
        headers,
        multipart: {
          applicant_name: 'Ming Li',
          applicant_email: 'ming@example.org',
          position: 'Designer',
          resume_file: {
            name: 'resume.pdf',
            mimeType: 'application/pdf',
            buffer: Buffer.from('%PDF-1.7\n% a resume\n'),
          },
        },
      });
      expect(application.status()).toBe(201);
      expectAnswerFromCopy(await application.json(), 'application received');
      await context.close();
    });

    test('the forms and the manage page: each visible word is Studio copy or data', async ({
      browser,
    }) => {
      const { context, page } = await markedPage(browser);
      const events = (await (await page.request.get('/api/events/')).json()) as {
        id: number;
        title: string;
      }[];
      const siteData = [...data, 'Ming Li', 'ming@example.org', 'Mei Wang', 'mei.wang@example.org'];

      // Home contact form.
      await page.goto('/');
      const contact = page.getByRole('form', { name: /Contact us/ });
      await contact.getByLabel(/Name/).fill('Ming Li');
      await contact.getByLabel(/Email/).fill('ming@example.org');
      await contact.getByLabel(/Message/).fill('Hello from the coverage test');
      await contact.getByRole('button', { name: /Send Message/ }).click();
      await expect(contact.getByRole('status')).not.toBeEmpty();
      await expect(contact.getByRole('status')).toContainText(COPY_MARK_START);
      await expectEveryWordAccountedFor(
        page,
        [...siteData, 'Hello from the coverage test'],
        '/ (contact form sent)',
      );

      // Services form.
      await page.goto('/services');
      const services = page.getByRole('form', { name: /Let us contact you/ });
      await services.getByLabel(/Name/).fill('Ming Li');
      await services.getByLabel(/Email/).fill('ming@example.org');
      await services.getByLabel(/needs/).fill('A short video');
      await services.getByRole('button', { name: /Send/ }).click();
      await expect(services.getByRole('status')).toContainText(COPY_MARK_START);
      await expectEveryWordAccountedFor(page, [...siteData, 'A short video'], '/services (sent)');

      // Job application, with its confirmation step.
      await page.goto('/joinus');
      const application = page.getByRole('form', { name: /Tell us About Yourself/ });
      await application.getByLabel(/^⟦Name/).fill('Ming Li');
      await application.getByLabel(/Email/).fill('ming@example.org');
      await application.getByLabel(/Position/).fill('Designer');
      await application.getByLabel(/Resume/).setInputFiles({
        name: 'resume.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.7\n% a resume\n'),
      });
      await application.getByRole('button', { name: /Submit/ }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Yes, submit/ })
        .click();
      await expect(application.getByRole('status')).toContainText(COPY_MARK_START);
      await expectEveryWordAccountedFor(
        page,
        [...siteData, 'Designer', 'resume.pdf'],
        '/joinus (sent)',
      );

      // An event's registration form: waitlisted (the other test filled the event), then the
      // same person again, then their manage page.
      const event = events.find((item) => item.title.startsWith('Case Competition Bootcamp'))!;
      const register = async () => {
        await page.goto(`/events/${event.id}`);
        const form = page.getByRole('form', { name: /Register for this Event/ });
        await form.getByLabel(/First Name/).fill('Mei');
        await form.getByLabel(/Last Name/).fill('Wang');
        await form.getByLabel(/Email/).fill('mei.wang@example.org');
        await form.getByRole('button', { name: /Register/ }).click();
        await expect(form.getByRole('status')).toContainText(COPY_MARK_START);
        return form;
      };
      const form = await register();
      await expectEveryWordAccountedFor(page, siteData, `/events/${event.id} (waitlisted)`);
      const manage = await form
        .getByRole('link', { name: /See or cancel your registration/ })
        .getAttribute('href');
      await register();
      await expectEveryWordAccountedFor(page, siteData, `/events/${event.id} (registered again)`);

      await page.goto(manage!);
      await expectEveryWordAccountedFor(page, siteData, 'the manage page');
      await expectTabTitleFromCopy(page, siteData, 'the manage page');
      // Cancelling: the question, then the answer.
      await page.getByRole('button', { name: /Cancel my registration/ }).click();
      await page.getByRole('button', { name: /Yes, cancel it/ }).click();
      await expect(page.getByRole('status').last()).toContainText(COPY_MARK_START);
      await expectEveryWordAccountedFor(page, siteData, 'the manage page (cancelled)');
      await context.close();
    });

    test('the membership forms, refused and sent: each answer and visible word is Studio copy or data', async ({
      browser,
    }) => {
      // An address of its own: the membership forms share the submissions' rate limit.
      const { context, page } = await markedPage(browser, '198.51.100.78');
      await page.goto('/membership');
      const { post } = await apiPoster(page, site.baseURL);

      // The endpoints: every field wrong, then sent.
      for (const [path, invalid] of [
        [
          '/api/membership/applications/',
          {
            legalName: '',
            preferredName: 'x'.repeat(80),
            uottawaEmail: 'someone@gmail.com',
            program: 'a\u200bb',
            industries: ['Finance', 'Finance'],
            linkedinUrl: 'http://example.org',
            personalEmail: 'not an email',
          },
        ],
        ['/api/membership/member-id/', { uottawaEmail: 'not an email' }],
        ['/api/membership/change-requests/', { name: '', memberId: 'ABC', changes: '' }],
      ] as const) {
        const answer = await post(path, invalid);
        expect(answer.status, path).toBe(400);
        expectAnswerFromCopy(answer.body, `${path} invalid`);
      }
      let answer = await post('/api/membership/member-id/', {
        uottawaEmail: 'nobody.at.all@uottawa.ca',
      });
      expect(answer.status).toBe(202);
      expectAnswerFromCopy(answer.body, 'member ID asked');
      answer = await post('/api/membership/change-requests/', {
        name: 'Liu Yang',
        uottawaEmail: 'liu.yang@uottawa.ca',
        memberId: '',
        changes: 'My program is now BCom, Marketing.',
      });
      expect(answer.status).toBe(201);
      expectAnswerFromCopy(answer.body, 'change request sent');

      const email = 'wei.zhang.coverage@uottawa.ca';
      const siteData = [...data, 'Zhang Wei', 'Wei', email, 'BCom, Accounting', 'zhangwei_tcsa'];

      // The application: nothing filled in (the browser's own check), then sent, then again.
      await page.goto('/membership/join');
      await expect(page.getByTestId('how-to-pay').locator('dd')).toHaveCount(2);
      siteData.push(...(await howToPayTexts(page)));
      siteData.sort((a, b) => b.length - a.length);
      const submit = page.getByRole('button', { name: /Submit my application/ });
      await submit.click();
      await expect(page.getByRole('textbox', { name: /Legal name/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expectEveryWordAccountedFor(page, siteData, '/membership/join (nothing filled in)');
      const fill = async () => {
        await page.getByRole('textbox', { name: /Legal name/ }).fill('Zhang Wei');
        await page.getByRole('textbox', { name: /Preferred name/ }).fill('Wei');
        await page.getByRole('textbox', { name: /uOttawa email/ }).fill(email);
        await page.getByRole('textbox', { name: /Program/ }).fill('BCom, Accounting');
        await page.getByRole('combobox', { name: /Year of study/ }).selectOption({ index: 2 });
        await page
          .getByRole('combobox', { name: /Expected graduation year/ })
          .selectOption({ index: 3 });
        const type = page.getByRole('combobox', { name: /Membership type/ });
        if ((await type.locator('option').count()) > 1) await type.selectOption({ index: 1 });
        await page.getByRole('checkbox', { name: /Finance and banking/ }).check();
        await page.getByRole('radio', { name: /Yes/ }).check();
        await page.getByRole('textbox', { name: /WeChat ID/ }).fill('zhangwei_tcsa');
        await page.getByRole('checkbox', { name: /I accept the membership terms/ }).check();
      };
      await fill();
      await submit.click();
      const sent = page.getByRole('region', { name: /Check your inbox/ });
      await expect(sent).toBeVisible();
      await expect(sent).toContainText(COPY_MARK_START);
      await expectEveryWordAccountedFor(page, siteData, '/membership/join (check your inbox)');
      // Applied twice: the same answer, in the same words.
      await page.goto('/membership/join');
      await fill();
      await submit.click();
      await expect(page.getByRole('region', { name: /Check your inbox/ })).toBeVisible();
      await expectEveryWordAccountedFor(page, siteData, '/membership/join (applied twice)');
      // Its confirmation link (read from the outbox): the application and its button, changing
      // nothing; pressed, how to pay (the database's values, and the instructions filled with
      // them).
      const { memberships } = (await (
        await fetch(`${site.baseURL}/api/test-hooks/database/?view=records`)
      ).json()) as { memberships: Array<{ uottawa_email: string; confirm_token: string | null }> };
      const applied = memberships.filter((row) => row.uottawa_email === email).at(-1);
      expect(applied?.confirm_token, 'the application’s confirmation link').toBeTruthy();
      await page.goto(`/membership/confirm/${applied!.confirm_token}`);
      await expect(page.getByTestId('confirm-open')).toBeVisible();
      await expectEveryWordAccountedFor(page, siteData, '/membership/confirm (the application)');
      await page.getByRole('button', { name: /Confirm my application/ }).click();
      const receipt = page.getByTestId('confirm-confirmed');
      await expect(receipt).toBeVisible();
      const receiptData = [...siteData];
      for (const text of await receipt.locator('dd').allInnerTexts()) {
        receiptData.push(
          ...text
            .split(INNERMOST_MARKED)
            .map((part) => part.trim())
            .filter(Boolean),
        );
      }
      receiptData.sort((a, b) => b.length - a.length);
      await expectEveryWordAccountedFor(page, receiptData, '/membership/confirm (confirmed)');
      // A confirmation link that is not one: the page says what to do in Studio words.
      await page.goto(`/membership/confirm/${'A'.repeat(43)}`);
      await expect(page.getByTestId('confirm-invalid')).toBeVisible();
      await expectEveryWordAccountedFor(page, siteData, '/membership/confirm (link not valid)');

      // I forgot my member ID: an address outside uOttawa, then one of uOttawa.
      await page.goto('/membership/member-id');
      await page.getByRole('textbox', { name: /uOttawa email/ }).fill('someone@gmail.com');
      await page.getByRole('button', { name: /Email me my member ID/ }).click();
      await expect(page.getByRole('textbox', { name: /uOttawa email/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expectEveryWordAccountedFor(
        page,
        [...siteData, 'someone@gmail.com'],
        '/membership/member-id (refused)',
      );
      await page.getByRole('textbox', { name: /uOttawa email/ }).fill(email);
      await page.getByRole('button', { name: /Email me my member ID/ }).click();
      // The answer replaces the form.
      await expect(page.getByRole('textbox', { name: /uOttawa email/ })).toHaveCount(0);
      await expectEveryWordAccountedFor(page, siteData, '/membership/member-id (asked)');

      // Change my details: nothing filled in, a member ID of the wrong shape, then sent.
      await page.goto('/membership/change-details');
      await page.getByRole('textbox', { name: /Member ID/ }).fill('ABC');
      await page.getByRole('button', { name: /Send my request/ }).click();
      await expect(page.getByRole('textbox', { name: /Member ID/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expectEveryWordAccountedFor(
        page,
        [...siteData, 'ABC'],
        '/membership/change-details (refused)',
      );
      await page.getByRole('textbox', { name: /Your name/ }).fill('Zhang Wei');
      await page.getByRole('textbox', { name: /uOttawa email/ }).fill(email);
      await page.getByRole('textbox', { name: /Member ID/ }).fill('');
      await page.getByRole('textbox', { name: /What should we change/ }).fill('My new program');
      await page.getByRole('button', { name: /Send my request/ }).click();
      await expect(page.getByRole('textbox', { name: /What should we change/ })).toHaveCount(0);
      await expectEveryWordAccountedFor(page, siteData, '/membership/change-details (sent)');

      // Its confirmation link (read from the outbox): the request, then confirmed.
      const { changeRequests } = (await (
        await fetch(`${site.baseURL}/api/test-hooks/database/?view=records`)
      ).json()) as { changeRequests: Array<{ token: string | null }> };
      const token = changeRequests.at(-1)?.token;
      expect(token, 'the change request’s confirmation link').toBeTruthy();
      const requestData = [...siteData, 'My new program'];
      await page.goto(`/membership/change-details/confirm/${token}`);
      await expect(page.getByTestId('change-confirm-open')).toBeVisible();
      await expectEveryWordAccountedFor(page, requestData, '/membership/change-details/confirm');
      await page.getByRole('button', { name: /Confirm my request/ }).click();
      await expect(page.getByTestId('change-link-confirmed')).toBeVisible();
      await expectEveryWordAccountedFor(
        page,
        requestData,
        '/membership/change-details/confirm (confirmed)',
      );
      await page.goto(`/membership/change-details/confirm/${'A'.repeat(43)}`);
      await expect(page.getByTestId('change-link-invalid')).toBeVisible();
      await expectEveryWordAccountedFor(
        page,
        siteData,
        '/membership/change-details/confirm (link not valid)',
      );
      await context.close();
    });

    test('the preview banner and its pages: Studio copy', async ({ browser }) => {
      const { context, page } = await markedPage(browser);
      for (const path of ['/', '/services', '/events']) {
        await page.goto(
          `/api/draft-mode/enable?secret=${E2E_PREVIEW_SECRET}&redirect=${encodeURIComponent(path)}`,
        );
        const banner = page.getByRole('complementary').filter({ hasText: COPY_MARK_START });
        await expect(banner.getByTestId('preview-page')).toContainText(`(${path})`);
        await expectEveryWordAccountedFor(page, data, `${path} (preview)`);
        await expectTabTitleFromCopy(page, data, `${path} (preview)`);
      }
      await context.close();
    });
  });
});
