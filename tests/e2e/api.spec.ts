import { expect, test } from '@playwright/test';

/**
 * The JSON contract through real HTTP against the production server: paths with a trailing
 * slash answer directly, the csrftoken cookie comes with the pages, and a registration goes
 * through with the cookie/header pair. API checks run once, in the desktop project.
 */

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'API checks need no second viewport');
});

const LIST_PATHS = [
  '/api/members/',
  '/api/circularGalleryImages/',
  '/api/sponsorImages/',
  '/api/sponsors/',
  '/api/homeHeroMedia/',
  '/api/events/',
  '/api/eventHeroImage/',
  '/api/benefitBgImages/',
  '/api/joinUsHeroImage/',
  '/api/openPositions/',
  '/api/alumni/',
  '/api/telferAlumni/',
  '/api/alumniHeroImage/',
  '/api/servicesBgImages/',
  '/api/servicesHeroImage/',
  '/api/resourceCarouselImages/',
  '/api/resources/',
  '/api/resourceHeroImage/',
  '/api/designs/',
];

type EventDto = {
  id: number;
  starts_at: string | null;
  capacity: number | null;
  poster_img: string | null;
};

test('every list path of section 7 answers 200 with a JSON array, with and without the trailing slash', async ({
  request,
}) => {
  for (const path of LIST_PATHS) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain('application/json');
    const body: unknown = await response.json();
    expect(Array.isArray(body), path).toBe(true);
    expect((body as unknown[]).length, path).toBeGreaterThan(0);
    const bare = await request.get(path.slice(0, -1), { maxRedirects: 0 });
    expect(bare.status(), path.slice(0, -1)).toBe(200);
  }
});

test('/api/events/{id}/ answers the event, and 404 with an error for unknown or malformed ids', async ({
  request,
}) => {
  const events = (await (await request.get('/api/events/')).json()) as EventDto[];
  const event = await request.get(`/api/events/${events[0]!.id}/`, { maxRedirects: 0 });
  expect(event.status()).toBe(200);
  // The list's fields, and the questions its registration asks (none for the seeded events).
  expect(await event.json()).toEqual({ ...events[0], questions: [] });
  for (const id of ['999999', 'abc', '-1']) {
    const missing = await request.get(`/api/events/${id}/`, { maxRedirects: 0 });
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Event not found.' });
  }
});

test('seed images are served from /media/', async ({ request }) => {
  const events = (await (await request.get('/api/events/')).json()) as EventDto[];
  const poster = events.find((event) => event.poster_img)!.poster_img!;
  const response = await request.get(poster);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('image/svg+xml');
});

test('pages keep their canonical paths and hand out the csrftoken cookie', async ({ request }) => {
  const redirect = await request.get('/events/', { maxRedirects: 0 });
  expect(redirect.status()).toBe(308);
  expect(redirect.headers()['location']).toMatch(/\/events$/);
  const page = await request.get('/events', { maxRedirects: 0 });
  expect(page.status()).toBe(200);
  expect(page.headers()['set-cookie']).toMatch(/csrftoken=[0-9a-f]{64}; Path=\/;.*SameSite=lax/i);
});

test('a client that only calls the API (as the club’s earlier frontend does) registers with the cookie its first GET received', async ({
  playwright,
  baseURL,
}) => {
  // A fresh client with no cookie, that never loads a page or /api/csrf/.
  const client = await playwright.request.newContext({ baseURL });
  try {
    const list = await client.get('/api/events/');
    expect(list.status()).toBe(200);
    expect(list.headers()['set-cookie']).toMatch(/csrftoken=[0-9a-f]{64}; Path=\/;.*SameSite=lax/i);
    const cookie = (await client.storageState()).cookies.find((item) => item.name === 'csrftoken');
    expect(cookie?.value).toMatch(/^[0-9a-f]{64}$/);
    // The next GET keeps the cookie it already has.
    expect((await client.get('/api/members/')).headers()['set-cookie']).toBeUndefined();

    const events = (await list.json()) as EventDto[];
    const upcoming = events.find(
      (event) =>
        event.starts_at && Date.parse(event.starts_at) > Date.now() && event.capacity === null,
    )!;
    const registered = await client.post(`/api/events/${upcoming.id}/register/`, {
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': cookie!.value },
      data: { first_name: 'Wei', last_name: 'Lam', email: `e2e.spa.${Date.now()}@example.org` },
    });
    expect(registered.status()).toBe(201);

    // Positions are dated as Django serializes a DateField.
    const positions = (await (await client.get('/api/openPositions/')).json()) as {
      posted_at: string;
    }[];
    expect(positions.length).toBeGreaterThan(0);
    for (const position of positions) expect(position.posted_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  } finally {
    await client.dispose();
  }
});

test('a registration with the cookie and X-CSRFToken header: 201, then 409 for the same email', async ({
  request,
  baseURL,
}) => {
  const token = ((await (await request.get('/api/csrf/')).json()) as { csrfToken: string })
    .csrfToken;
  const events = (await (await request.get('/api/events/')).json()) as EventDto[];
  const upcoming = events.find(
    (event) =>
      event.starts_at && Date.parse(event.starts_at) > Date.now() && event.capacity === null,
  )!;
  const email = `e2e.api.${Date.now()}@example.org`;
  const post = (
    headers: Record<string, string>,
    data: unknown = { first_name: 'Yue', last_name: 'Tan', email },
  ) =>
    request.post(`/api/events/${upcoming.id}/register/`, {
      headers: { 'Content-Type': 'application/json', Origin: baseURL!, ...headers },
      data,
      maxRedirects: 0,
    });

  const created = await post({ 'X-CSRFToken': token });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { message: string; registration: { email: string } };
  expect(body.message).toBe('Registration successful! You are now registered for this event.');
  expect(body.registration.email).toBe(email);

  const again = await post(
    { 'X-CSRFToken': token },
    { first_name: 'Yue', last_name: 'Tan', email: email.toUpperCase() },
  );
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({
    error: 'You are already registered: we have emailed your link again.',
    code: 'already_registered',
  });

  expect((await post({})).status()).toBe(403);
  expect((await post({ 'X-CSRFToken': token, Origin: 'https://evil.example' })).status()).toBe(403);
  const invalid = await post(
    { 'X-CSRFToken': token },
    { first_name: 'Yue', last_name: 'Tan', email: 'nope' },
  );
  expect(invalid.status()).toBe(400);
  expect(((await invalid.json()) as { fields: Record<string, string> }).fields).toHaveProperty(
    'email',
  );
});

test('the test fault cookie makes a source fail, come back empty or answer a non-array', async ({
  request,
  baseURL,
}) => {
  const withFault = (value: string) => ({ Cookie: `tcsa-test-fault=${value}` });
  const failed = await request.get('/api/events/', { headers: withFault('events=error') });
  expect(failed.status()).toBe(500);
  expect(await failed.json()).toEqual({ error: 'Failed to load events' });
  const empty = await request.get('/api/sponsors/', { headers: withFault('sponsors=empty') });
  expect(await empty.json()).toEqual([]);
  const invalid = await request.get('/api/events/', { headers: withFault('events=invalid') });
  expect(Array.isArray(await invalid.json())).toBe(false);
  expect(baseURL).toBeTruthy();
});
