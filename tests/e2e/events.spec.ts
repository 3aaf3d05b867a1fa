import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page, Request, TestInfo } from '@playwright/test';
import { setTestFault } from './support/faults';
import { expect, test } from './support/fixtures';
import { child, parseIcs, property, unescapeText } from './support/ical';
import { E2E_EMAILJS } from './support/server';

/**
 * /events and /events/{id} (spec sections 2, 4, 5, 7, 8 and 9): the list with its states, the
 * detail page, registration end to end against the real API and database, the calendar file and
 * the search-engine data. Tests run in parallel in two projects against one server and one
 * database, so every registration uses an email of its own.
 */

type EventDto = {
  id: number;
  title: string;
  description: string | null;
  date: string | null;
  start_time: string | null;
  starts_at: string | null;
  duration: string | null;
  location: string | null;
  organizer: string | null;
  poster_img: string | null;
  thumbnail_link: string | null;
  capacity: number | null;
};

const GALA = 'Lunar New Year Gala 春节晚会';
const ACCOUNTING = 'Accounting Careers Info Session';
const SPRING_FORMAL = 'Spring Formal & Awards Night';
const WELCOME = 'Welcome Back Social 迎新会';
const PICNIC = 'Dragon Boat Festival Picnic 端午野餐';

const SUCCESS = 'Registration successful! You are now registered for this event.';
const EMAILJS_SEND = 'https://api.emailjs.com/api/v1.0/email/send';

// The first read opens the server's database; on a busy machine that can take longer than a test.
test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  expect((await api.get('/api/events/', { timeout: 110_000 })).status()).toBe(200);
  await api.dispose();
});

async function seededEvents(request: APIRequestContext): Promise<EventDto[]> {
  const response = await request.get('/api/events/');
  expect(response.status()).toBe(200);
  return (await response.json()) as EventDto[];
}

async function seededEvent(request: APIRequestContext, title: string): Promise<EventDto> {
  const event = (await seededEvents(request)).find((candidate) => candidate.title === title);
  if (!event) throw new Error(`The seed has no event "${title}"`);
  return event;
}

let emailCounter = 0;
/** An address no other test (or project, or earlier run on this database) uses. */
function uniqueEmail(testInfo: TestInfo, label: string): string {
  emailCounter += 1;
  return `${label}.${testInfo.project.name}.${testInfo.workerIndex}.${Date.now()}.${emailCounter}@example.org`;
}

type EmailSend = {
  lib_version: string;
  user_id: string;
  service_id: string;
  template_id: string;
  template_params: Record<string, string>;
};

/** Intercepts EmailJS: records each send and answers with `status` (200 'OK' by default). */
async function interceptEmailJs(page: Page, status = 200): Promise<EmailSend[]> {
  const sends: EmailSend[] = [];
  await page.route(EMAILJS_SEND, async (route) => {
    sends.push(route.request().postDataJSON() as EmailSend);
    await route.fulfill({
      status,
      contentType: 'text/plain',
      body: status === 200 ? 'OK' : 'The service is unavailable',
    });
  });
  return sends;
}

/**
 * Holds the router's navigation request for `pathname` (not its prefetches) until released, so
 * the loading state the router shows meanwhile can be seen.
 */
async function holdNavigation(page: Page, pathname: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === pathname && url.searchParams.has('_rsc'),
    async (route) => {
      if (!route.request().headers()['next-router-prefetch']) await released;
      await route.continue();
    },
  );
  return release;
}

function registrationForm(page: Page) {
  return page.getByRole('form', { name: 'Register for this Event' });
}

async function fillRegistration(page: Page, email: string, first = 'Lin', last = 'Wang') {
  const form = registrationForm(page);
  await form.getByLabel('First Name').fill(first);
  await form.getByLabel('Last Name').fill(last);
  await form.getByLabel('Email').fill(email);
  return form;
}

/** The message Chromium logs for a fetch answered with an error status. */
const failedResourceLoad = (status: number) =>
  new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`);

test.describe('/events', () => {
  test('lists every seeded event: upcoming first, soonest first, then past events marked as past', async ({
    page,
    request,
    consoleErrors,
    expectAccessible,
  }) => {
    const events = await seededEvents(request);
    const now = Date.now();
    // An event is past once its start plus its duration ('3 hours', '90 minutes') has gone by.
    const ended = (event: EventDto) => {
      if (!event.starts_at) return false;
      const hours = Number.parseFloat(event.duration ?? '') || 0;
      const unit = /minute/.test(event.duration ?? '') ? 60_000 : 3_600_000;
      return Date.parse(event.starts_at) + hours * unit <= now;
    };
    const byStart = (a: EventDto, b: EventDto) =>
      (a.starts_at ? Date.parse(a.starts_at) : Infinity) -
      (b.starts_at ? Date.parse(b.starts_at) : Infinity);
    const upcoming = events.filter((event) => !ended(event)).sort(byStart);
    const past = events.filter(ended).sort((a, b) => byStart(b, a));
    expect(upcoming.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(0);

    const response = await page.goto('/events');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Events');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('EVENTS');
    // While React reveals the streamed list, its hidden copy of the hero sits beside the one
    // the loading state shows: the visible one is the visitor's.
    await expect(
      page
        .getByText('Stay Connected, Stay Inspired. Discover Our Events!')
        .filter({ visible: true }),
    ).toBeVisible();
    const heroImages = (await (await request.get('/api/eventHeroImage/')).json()) as {
      image: string;
    }[];
    await expect(page.locator('[data-hero-media="image"] img')).toHaveAttribute(
      'src',
      new RegExp(heroImages[0]!.image.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );

    const upcomingSection = page.getByRole('region', { name: 'Upcoming Events' });
    const pastSection = page.getByRole('region', { name: 'Past Events' });
    await expect(upcomingSection.getByRole('heading', { level: 3 })).toHaveText(
      upcoming.map((event) => event.title),
    );
    await expect(pastSection.getByRole('heading', { level: 3 })).toHaveText(
      past.map((event) => event.title),
    );
    await expect(upcomingSection.getByText('Past event')).toHaveCount(0);
    await expect(pastSection.getByText('Past event', { exact: true })).toHaveCount(past.length);

    const gala = events.find((event) => event.title === GALA)!;
    const galaCard = upcomingSection.getByTestId('event-card').filter({ hasText: GALA });
    await expect(galaCard.getByRole('link', { name: `Register for ${GALA}` })).toHaveAttribute(
      'href',
      `/events/${gala.id}`,
    );
    await expect(galaCard.getByRole('link', { name: `Register for ${GALA}` })).toHaveText(
      'Register',
    );
    // 'Tabaret Hall, 550 Cumberland Street' is 35 characters: 32 plus an ellipsis.
    await expect(galaCard).toContainText('Location:Tabaret Hall, 550 Cumberland Str...');
    await expect(galaCard).toContainText('Organizer:TCSA Events Team');
    await expect(galaCard).toContainText('Time:6:30 PM');
    await expect(galaCard.locator('img')).toHaveAttribute('src', gala.thumbnail_link!);
    const galaDate = new Date(`${gala.date}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    await expect(galaCard).toContainText(`Date:${galaDate}`);

    await page.waitForLoadState('networkidle');
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  });

  test(
    'shows the fallbacks and the default picture on the seeded event without details',
    { tag: '@one-width' },
    async ({ page, request, consoleErrors }) => {
      const picnic = await seededEvent(request, PICNIC);
      await page.goto('/events');
      const card = page.getByTestId('event-card').filter({ hasText: PICNIC });
      await expect(card).toContainText('Location:Location not specified');
      await expect(card).toContainText('Date:Date not specified');
      await expect(card).toContainText('Time:Time not specified');
      await expect(card).toContainText('Organizer:Organizer not specified');
      await expect(card.locator('img')).toHaveAttribute('src', '/images/default-event.svg');
      await expect(card.getByRole('link', { name: `Register for ${PICNIC}` })).toHaveAttribute(
        'href',
        `/events/${picnic.id}`,
      );
      expect(consoleErrors).toEqual([]);
    },
  );

  for (const [fault, text] of [
    ['events=error', 'Failed to load events'],
    ['events=invalid', 'Invalid data format received from server'],
  ] as const) {
    test(
      `on a failed load (${fault}) shows "${text}" and three empty placeholder cards`,
      { tag: '@one-width' },
      async ({ page, context, baseURL, consoleErrors, expectAccessible }) => {
        await setTestFault(context, baseURL, fault);
        const response = await page.goto('/events');
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('main').getByRole('alert')).toHaveText(text);
        await expect(page.getByTestId('event-placeholders').locator(':scope > *')).toHaveCount(3);
        await expect(page.getByTestId('event-card')).toHaveCount(0);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('EVENTS');
        await expectAccessible();
        expect(consoleErrors).toEqual([]);
      },
    );
  }

  test(
    'says when there are no events',
    { tag: '@one-width' },
    async ({ page, context, baseURL, consoleErrors }) => {
      await setTestFault(context, baseURL, 'events=empty');
      await page.goto('/events');
      await expect(page.getByText('No events available at the moment.')).toBeVisible();
      await expect(page.getByTestId('event-card')).toHaveCount(0);
      await expect(page.getByTestId('event-placeholders')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    },
  );

  test(
    'keeps the default hero background when the hero image cannot be loaded',
    { tag: '@one-width' },
    async ({ page, context, baseURL }) => {
      await setTestFault(context, baseURL, 'eventHeroImage=error');
      await page.goto('/events');
      await expect(page.locator('[data-hero-media="error"]')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('EVENTS');
      await expect(page.getByTestId('event-card').first()).toBeVisible();
    },
  );

  test(
    "shows 'Loading events...' while the list is on its way",
    { tag: '@one-width' },
    async ({ page, request, consoleErrors }) => {
      const gala = await seededEvent(request, GALA);
      await page.goto(`/events/${gala.id}`);
      const back = page.getByRole('link', { name: 'All events' });
      await back.scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      const release = await holdNavigation(page, '/events');
      await back.click();
      await expect(page.getByRole('status')).toHaveText('Loading events...');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('EVENTS');
      release();
      await expect(page.getByTestId('event-card').first()).toBeVisible();
      await expect(page.getByText('Loading events...')).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    },
  );
});

test.describe('/events/{id}', () => {
  test('shows a seeded event: title, description, date and time in Ottawa time, place, organizer, duration and poster', async ({
    page,
    request,
    consoleErrors,
    expectAccessible,
  }) => {
    const gala = await seededEvent(request, GALA);
    const response = await page.goto(`/events/${gala.id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(GALA);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(GALA);
    await expect(page.getByText(gala.description!)).toBeVisible();

    const date = new Date(`${gala.date}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const facts = page.locator('main dl');
    await expect(facts).toContainText(`Date & Time${date}6:30 PM Ottawa time (ET)`);
    await expect(facts).toContainText('LocationTabaret Hall, 550 Cumberland Street');
    await expect(facts).toContainText('OrganizerTCSA Events Team');
    await expect(facts).toContainText('Duration4 hours');
    await expect(
      page.getByText('Dates and times are shown in Ottawa time (America/Toronto).'),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: `Poster for ${GALA}` })).toHaveAttribute(
      'src',
      gala.poster_img!,
    );
    await expect(registrationForm(page)).toBeVisible();
    await expect(page.getByText('Past event', { exact: true })).toHaveCount(0);

    await page.waitForLoadState('networkidle');
    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  });

  test(
    'gives search engines a schema.org Event and link previews the event',
    { tag: '@one-width' },
    async ({ page, request }) => {
      const gala = await seededEvent(request, GALA);
      await page.goto(`/events/${gala.id}`);
      const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
      const data = scripts
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry['@type'] === 'Event');
      expect(data).toBeDefined();
      const startDate = String(data!.startDate);
      expect(startDate).toMatch(/^\d{4}-\d{2}-\d{2}T18:30:00-0[45]:00$/);
      expect(Date.parse(startDate)).toBe(Date.parse(gala.starts_at!));
      expect(Date.parse(String(data!.endDate))).toBe(Date.parse(gala.starts_at!) + 4 * 3_600_000);
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        name: GALA,
        description: gala.description,
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: {
          '@type': 'Place',
          name: gala.location,
          address: { '@type': 'PostalAddress', streetAddress: gala.location },
        },
        organizer: { '@type': 'Organization', name: 'TCSA Events Team' },
        offers: { '@type': 'Offer', price: 0, priceCurrency: 'CAD' },
      });
      expect(data!.image).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`${gala.poster_img}$`))]),
      );

      const meta = (selector: string) => page.locator(selector).getAttribute('content');
      expect(await meta('meta[property="og:title"]')).toBe(GALA);
      expect(await meta('meta[property="og:description"]')).toBe(gala.description);
      expect(await meta('meta[property="og:image"]')).toMatch(new RegExp(`${gala.poster_img}$`));
    },
  );

  test(
    'shows the fallbacks and no poster for the seeded event without details',
    { tag: '@one-width' },
    async ({ page, request, consoleErrors, expectAccessible }) => {
      const picnic = await seededEvent(request, PICNIC);
      await page.goto(`/events/${picnic.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(PICNIC);
      await expect(page.getByText('No poster available')).toBeVisible();
      const facts = page.locator('main dl');
      await expect(facts).toContainText('Date & TimeDate not specifiedTime not specified');
      await expect(facts).toContainText('LocationLocation not specified');
      await expect(facts).toContainText('OrganizerOrganizer not specified');
      // Without a date there is nothing to put in a calendar or to describe to search engines.
      await expect(page.getByRole('link', { name: /Add to/ })).toHaveCount(0);
      const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(structured.some((text) => text.includes('"@type":"Event"'))).toBe(false);
      await expect(registrationForm(page)).toBeVisible();
      await expectAccessible();
      expect(consoleErrors).toEqual([]);
    },
  );

  for (const [fault, text] of [
    ['event=error', 'Failed to load event details. Please try again later.'],
    ['event=invalid', 'No event data received'],
  ] as const) {
    test(
      `shows "${text}" when the event cannot be loaded (${fault})`,
      { tag: '@one-width' },
      async ({ page, context, baseURL, request, consoleErrors, expectAccessible }) => {
        const gala = await seededEvent(request, GALA);
        await setTestFault(context, baseURL, fault);
        await page.goto(`/events/${gala.id}`);
        await expect(page).toHaveTitle('Event Details');
        await expect(page.getByRole('main').getByRole('alert')).toHaveText(text);
        await expect(registrationForm(page)).toHaveCount(0);
        await expectAccessible();
        expect(consoleErrors).toEqual([]);
      },
    );
  }

  test(
    'an unknown or malformed id shows the not-found page with status 404',
    { tag: '@one-width' },
    async ({ page, consoleErrors }) => {
      for (const path of ['/events/999999', '/events/not-an-id']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      }
      expect(consoleErrors.filter((text) => !failedResourceLoad(404).test(text))).toEqual([]);
    },
  );

  test(
    "shows 'Loading event details...' while an event is on its way",
    { tag: '@one-width' },
    async ({ page, request, consoleErrors }) => {
      const gala = await seededEvent(request, GALA);
      await page.goto('/events');
      const link = page.getByRole('link', { name: `Register for ${GALA}` });
      await link.scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      const release = await holdNavigation(page, `/events/${gala.id}`);
      await link.click();
      await expect(page.getByRole('status')).toHaveText('Loading event details...');
      release();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(GALA);
      await expect(page.getByText('Loading event details...')).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    },
  );

  test(
    'a past event says registration is closed instead of showing the form',
    { tag: '@one-width' },
    async ({ page, request, consoleErrors, expectAccessible }) => {
      const welcome = await seededEvent(request, WELCOME);
      await page.goto(`/events/${welcome.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(WELCOME);
      await expect(page.getByText('Past event', { exact: true })).toBeVisible();
      const closed = page.getByRole('region', { name: 'Registration closed' });
      await expect(closed).toContainText('Registration is closed for this event.');
      await expect(closed).toContainText('This event took place on');
      await expect(registrationForm(page)).toHaveCount(0);
      await expect(page.getByLabel('First Name')).toHaveCount(0);
      await expectAccessible();
      expect(consoleErrors).toEqual([]);
    },
  );
});

test.describe('registration', () => {
  test('registers with the CSRF header, shows success, clears the fields, stores the row and sends both emails', async ({
    page,
    context,
    request,
    baseURL,
    consoleErrors,
    expectAccessible,
  }, testInfo) => {
    const event = await seededEvent(request, ACCOUNTING);
    const sends = await interceptEmailJs(page);
    await page.goto(`/events/${event.id}`);
    const email = uniqueEmail(testInfo, 'register');
    const form = await fillRegistration(page, email, 'Lin', 'Wang');
    const status = form.getByTestId('registration-status');
    await expect(status).toBeEmpty();

    const posted = page.waitForRequest(
      (candidate) =>
        candidate.method() === 'POST' &&
        new URL(candidate.url()).pathname === `/api/events/${event.id}/register/`,
    );
    await form.getByRole('button', { name: 'Register' }).click();
    const registration: Request = await posted;
    const cookie = (await context.cookies(baseURL!)).find((entry) => entry.name === 'csrftoken');
    expect(cookie?.value).toMatch(/^[0-9a-f]{64}$/);
    expect(registration.headers()['x-csrftoken']).toBe(cookie!.value);
    expect(registration.postDataJSON()).toEqual({
      first_name: 'Lin',
      last_name: 'Wang',
      email,
    });
    const answer = await registration.response();
    expect(answer?.status()).toBe(201);
    expect(await answer!.json()).toMatchObject({
      message: SUCCESS,
      registration: { event_id: event.id, first_name: 'Lin', last_name: 'Wang', email },
    });

    await expect(status).toHaveText(SUCCESS);
    await expect(status).toHaveAttribute('data-tone', 'success');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(form.getByLabel('First Name')).toHaveValue('');
    await expect(form.getByLabel('Last Name')).toHaveValue('');
    await expect(form.getByLabel('Email')).toHaveValue('');

    // The database holds the row: the same address (in other case) is now refused as a duplicate.
    const duplicate = await page.request.post(`/api/events/${event.id}/register/`, {
      headers: { 'X-CSRFToken': cookie!.value, Origin: baseURL! },
      data: { first_name: 'Lin', last_name: 'Wang', email: email.toUpperCase() },
    });
    expect(duplicate.status()).toBe(409);
    expect(await duplicate.json()).toEqual({
      error: 'You are already registered: we have emailed your link again.',
      code: 'already_registered',
    });

    await expect.poll(() => sends.length).toBe(2);
    const date = new Date(`${event.date}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const eventDate = `${date} at 6:00 PM Ottawa time (ET)`;
    const byTemplate = (id: string) => sends.find((send) => send.template_id === id);
    expect(byTemplate(E2E_EMAILJS.EMAILJS_REGISTRATION_ADMIN_TEMPLATE_ID)).toMatchObject({
      user_id: E2E_EMAILJS.EMAILJS_PUBLIC_KEY,
      service_id: E2E_EMAILJS.EMAILJS_SERVICE_ID,
      template_params: {
        first_name: 'Lin',
        last_name: 'Wang',
        email,
        event_title: ACCOUNTING,
        event_date: eventDate,
      },
    });
    expect(byTemplate(E2E_EMAILJS.EMAILJS_REGISTRATION_CONFIRM_TEMPLATE_ID)).toEqual({
      lib_version: expect.any(String),
      user_id: E2E_EMAILJS.EMAILJS_PUBLIC_KEY,
      service_id: E2E_EMAILJS.EMAILJS_SERVICE_ID,
      template_id: E2E_EMAILJS.EMAILJS_REGISTRATION_CONFIRM_TEMPLATE_ID,
      template_params: {
        first_name: 'Lin',
        email,
        event_title: ACCOUNTING,
        event_date: eventDate,
        // The extra parameter: the person's link to see or cancel the registration.
        manage_url: expect.stringMatching(/\/registrations\/[A-Za-z0-9_-]{43}$/),
      },
    });
    expect(
      Object.keys(byTemplate(E2E_EMAILJS.EMAILJS_REGISTRATION_ADMIN_TEMPLATE_ID)!.template_params),
    ).toHaveLength(5);

    await expectAccessible();
    expect(consoleErrors).toEqual([]);
  });

  test(
    'registering again with the same email in other case says so, not as a failure, and shows no link',
    { tag: '@one-width' },
    async ({ page, request, baseURL, consoleErrors }, testInfo) => {
      const event = await seededEvent(request, SPRING_FORMAL);
      const email = uniqueEmail(testInfo, 'twice');
      const token = ((await (await request.get('/api/csrf/')).json()) as { csrfToken: string })
        .csrfToken;
      const first = await request.post(`/api/events/${event.id}/register/`, {
        headers: { 'X-CSRFToken': token, Origin: baseURL! },
        data: { first_name: 'Jia', last_name: 'Liu', email },
      });
      expect(first.status()).toBe(201);

      const sends = await interceptEmailJs(page);
      await page.goto(`/events/${event.id}`);
      const form = await fillRegistration(page, email.toUpperCase(), 'Jia', 'Liu');
      await form.getByRole('button', { name: 'Register' }).click();
      const status = form.getByTestId('registration-status');
      // Said as what it is: their link is emailed to them again, never shown here.
      await expect(status).toHaveText(
        'You are already registered: we have emailed your link again.',
      );
      await expect(status).toHaveAttribute('data-tone', 'success');
      await expect(form.getByRole('link', { name: /manage/i })).toHaveCount(0);
      // It keeps what the visitor typed and sends no EmailJS notice.
      await expect(form.getByLabel('Email')).toHaveValue(email.toUpperCase());
      await expect(form.getByRole('button', { name: 'Register' })).toBeEnabled();
      expect(sends).toEqual([]);
      expect(consoleErrors.filter((text) => !failedResourceLoad(409).test(text))).toEqual([]);
      expect(consoleErrors.filter((text) => failedResourceLoad(409).test(text))).toHaveLength(1);
    },
  );

  test(
    'a registration without the X-CSRFToken header is refused and nothing is stored',
    { tag: '@one-width' },
    async ({ page, request, baseURL, consoleErrors }, testInfo) => {
      const event = await seededEvent(request, ACCOUNTING);
      const email = uniqueEmail(testInfo, 'nocsrf');

      // Straight to the API, with the cookie but without the header.
      const token = ((await (await request.get('/api/csrf/')).json()) as { csrfToken: string })
        .csrfToken;
      const refused = await request.post(`/api/events/${event.id}/register/`, {
        headers: { Origin: baseURL! },
        data: { first_name: 'Bo', last_name: 'Sun', email },
      });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toEqual({
        error:
          'CSRF verification failed: the X-CSRFToken header does not match the csrftoken cookie. Reload the page and try again.',
      });

      // From the page, with the header stripped on the way: the form shows the server's reason.
      await page.route(`**/api/events/${event.id}/register/`, async (route) => {
        const headers = { ...route.request().headers() };
        delete headers['x-csrftoken'];
        await route.continue({ headers });
      });
      await page.goto(`/events/${event.id}`);
      const form = await fillRegistration(page, email, 'Bo', 'Sun');
      await form.getByRole('button', { name: 'Register' }).click();
      const status = form.getByTestId('registration-status');
      await expect(status).toHaveText(
        'Registration failed: CSRF verification failed: the X-CSRFToken header does not match the csrftoken cookie. Reload the page and try again.',
      );
      await expect(status).toHaveAttribute('data-tone', 'error');

      // Nothing was stored: the same address registers now.
      const stored = await request.post(`/api/events/${event.id}/register/`, {
        headers: { 'X-CSRFToken': token, Origin: baseURL! },
        data: { first_name: 'Bo', last_name: 'Sun', email },
      });
      expect(stored.status()).toBe(201);
      expect(consoleErrors.filter((text) => !failedResourceLoad(403).test(text))).toEqual([]);
    },
  );

  test(
    "shows 'Registering...' with the button disabled while the request is on its way",
    { tag: '@one-width' },
    async ({ page, request, consoleErrors }, testInfo) => {
      const event = await seededEvent(request, GALA);
      await interceptEmailJs(page);
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/events/${event.id}/register/`, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`/events/${event.id}`);
      const form = await fillRegistration(page, uniqueEmail(testInfo, 'pending'));
      await form.getByRole('button', { name: 'Register' }).click();

      const pending = form.getByRole('button', { name: 'Registering...' });
      await expect(pending).toBeDisabled();
      await expect(form.getByRole('button', { name: 'Register', exact: true })).toHaveCount(0);
      await expect(form.getByTestId('registration-status')).toBeEmpty();

      release();
      await expect(form.getByTestId('registration-status')).toHaveText(SUCCESS);
      await expect(form.getByRole('button', { name: 'Register', exact: true })).toBeEnabled();
      expect(consoleErrors).toEqual([]);
    },
  );

  test(
    'a failed email still shows success: the registration is stored and the failure only logged',
    { tag: '@one-width' },
    async ({ page, request, baseURL, consoleErrors }, testInfo) => {
      const event = await seededEvent(request, GALA);
      const sends = await interceptEmailJs(page, 500);
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await page.goto(`/events/${event.id}`);
      const email = uniqueEmail(testInfo, 'emailfail');
      const form = await fillRegistration(page, email);
      await form.getByRole('button', { name: 'Register' }).click();

      const status = form.getByTestId('registration-status');
      await expect(status).toHaveText(SUCCESS);
      await expect(status).toHaveAttribute('data-tone', 'success');
      await expect.poll(() => sends.length).toBe(2);
      await expect
        .poll(() => warnings.filter((text) => text.includes('email was not sent')).length)
        .toBe(2);
      await expect(status).toHaveText(SUCCESS);

      const token = (await page.context().cookies(baseURL!)).find(
        (cookie) => cookie.name === 'csrftoken',
      )!.value;
      const again = await page.request.post(`/api/events/${event.id}/register/`, {
        headers: { 'X-CSRFToken': token, Origin: baseURL! },
        data: { first_name: 'Lin', last_name: 'Wang', email },
      });
      expect(again.status()).toBe(409);

      // What was logged: the two failed sends, as Chromium and the email module report them.
      const expected = [
        failedResourceLoad(500),
        /^Sending the registration(Admin|Confirm) email failed\. EmailJS answered 500/,
      ];
      expect(
        consoleErrors.filter((text) => !expected.some((pattern) => pattern.test(text))),
      ).toEqual([]);
      expect(consoleErrors.filter((text) => expected[1]!.test(text))).toHaveLength(2);
    },
  );
});

test.describe('add to calendar', { tag: '@one-width' }, () => {
  test('downloads an .ics file that parses as the event in America/Toronto time', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const gala = await seededEvent(request, GALA);
    await page.goto(`/events/${gala.id}`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar (.ics)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`tcsa-event-${gala.id}.ics`);
    const text = readFileSync((await download.path())!, 'utf8');

    const calendar = parseIcs(text);
    expect(property(calendar, 'VERSION')?.value).toBe('2.0');
    expect(property(child(calendar, 'VTIMEZONE')!, 'TZID')?.value).toBe('America/Toronto');
    const vevent = child(calendar, 'VEVENT')!;
    expect(property(vevent, 'UID')?.value).toMatch(new RegExp(`^tcsa-event-${gala.id}@`));
    expect(property(vevent, 'DTSTAMP')?.value).toMatch(/^\d{8}T\d{6}Z$/);
    const compact = gala.date!.replace(/-/g, '');
    expect(property(vevent, 'DTSTART')).toEqual({
      name: 'DTSTART',
      params: { TZID: 'America/Toronto' },
      value: `${compact}T183000`,
    });
    expect(property(vevent, 'DTEND')?.value).toBe(`${compact}T223000`);
    expect(unescapeText(property(vevent, 'SUMMARY')!.value)).toBe(GALA);
    expect(unescapeText(property(vevent, 'LOCATION')!.value)).toBe(gala.location);
    expect(unescapeText(property(vevent, 'DESCRIPTION')!.value)).toContain(gala.description!);
    expect(property(vevent, 'URL')?.value).toMatch(new RegExp(`/events/${gala.id}$`));
    expect(consoleErrors).toEqual([]);
  });

  test('answers text/calendar, and 404 for an unknown event or one without a date', async ({
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'an HTTP check needs no second viewport');
    const gala = await seededEvent(request, GALA);
    const file = await request.get(`/events/${gala.id}/calendar.ics`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(file.headers()['content-disposition']).toBe(
      `attachment; filename="tcsa-event-${gala.id}.ics"`,
    );
    expect(parseIcs(await file.text()).name).toBe('VCALENDAR');

    expect((await request.get('/events/999999/calendar.ics')).status()).toBe(404);
    const picnic = await seededEvent(request, PICNIC);
    expect((await request.get(`/events/${picnic.id}/calendar.ics`)).status()).toBe(404);
  });

  test('links to Google Calendar with the event filled in', async ({ page, request }) => {
    const gala = await seededEvent(request, GALA);
    await page.goto(`/events/${gala.id}`);
    const link = page.getByRole('link', { name: /Add to Google Calendar/ });
    await expect(link).toHaveAttribute('target', '_blank');
    const url = new URL((await link.getAttribute('href'))!);
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('text')).toBe(GALA);
    expect(url.searchParams.get('location')).toBe(gala.location);
    const start = new Date(gala.starts_at!).toISOString().replace(/[-:]|\.\d{3}/g, '');
    const end = new Date(Date.parse(gala.starts_at!) + 4 * 3_600_000)
      .toISOString()
      .replace(/[-:]|\.\d{3}/g, '');
    expect(url.searchParams.get('dates')).toBe(`${start}/${end}`);
    expect(url.searchParams.get('ctz')).toBe('America/Toronto');
    await expect(link).toBeVisible();
  });
});
