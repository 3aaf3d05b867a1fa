import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registrationCreatedSchema } from '@/lib/api/contract';
import { resetRegistrationLimiterForTests } from '@/lib/registrations/register-endpoint';
import { placesTaken, listEvents, listRegistrations } from '@/lib/db/queries';
import { and, eq } from 'drizzle-orm';
import { type Event, emailOutbox, events as eventsTable } from '@/lib/db/schema';
import { resetServerEnvForTests } from '@/lib/env/server';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from '../db/support/test-database';
import { TOKEN, person, register, registrationRequest } from './support/register';
import { POST } from '@/app/api/events/[id]/register/route';

vi.mock('next/cache', () => import('./support/next-cache'));

let database: TestDatabase;
let events: Event[];
const now = Date.now();
let open: Event; // upcoming, no capacity
let small: Event; // upcoming, capacity 12
let past: Event;
let undated: Event;

beforeAll(async () => {
  database = await createTestDatabase();
  events = await listEvents(database.db);
  open = events.find(
    (event) => event.startsAt && event.startsAt.getTime() > now && event.capacity === null,
  )!;
  small = events.find((event) => event.capacity === 12)!;
  past = events.find((event) => event.startsAt && event.startsAt.getTime() < now)!;
  undated = events.find((event) => event.startsAt === null)!;
  expect([open, small, past, undated].every(Boolean)).toBe(true);
});
afterAll(async () => {
  await database.dispose();
});
afterEach(() => {
  resetRegistrationLimiterForTests();
  delete process.env.REGISTRATION_RATE_LIMIT_PER_MINUTE;
  resetServerEnvForTests();
});

describe(`POST /api/events/{id}/register/ (${DATABASE_UNDER_TEST})`, () => {
  it('201: registers, answers the spec message and the stored registration', async () => {
    const body = { first_name: '  Lin ', last_name: 'Wang', email: '  Lin.Wang@Example.ORG ' };
    const { status, body: answer, response } = await register(open.id, body);
    expect(status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const created = registrationCreatedSchema.parse(answer);
    expect(created.message).toBe('Registration successful! You are now registered for this event.');
    expect(created.message).toContain('successful');
    expect(created.registration).toMatchObject({
      event_id: open.id,
      first_name: 'Lin',
      last_name: 'Wang',
      email: 'lin.wang@example.org',
    });
    const rows = await listRegistrations(database.db, open.id);
    expect(rows.map((row) => row.id)).toContain(created.registration.id);
  });

  it('201 for an event whose date is still to be announced', async () => {
    expect((await register(undated.id, person())).status).toBe(201);
  });

  it('409: the same email again (other case, spaces) is told so, and their link is emailed again, not answered', async () => {
    const first = person('dup');
    const made = await register(open.id, first);
    expect(made.status).toBe(201);
    const link = registrationCreatedSchema.parse(made.body).registration.manage_url;
    const again = await register(open.id, { ...first, email: `  ${first.email.toUpperCase()}  ` });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'You are already registered: we have emailed your link again.',
      code: 'already_registered',
    });
    const linkEmails = () =>
      database.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.toAddress, first.email.toLowerCase()),
            eq(emailOutbox.kind, 'manage_link_again'),
          ),
        );
    const [sent] = await linkEmails();
    expect(sent?.textBody).toContain(link);
    // A third try within the hour is answered the same, without another email.
    expect((await register(open.id, first)).status).toBe(409);
    expect(await linkEmails()).toHaveLength(1);
  });

  it('the same email may register for two different events', async () => {
    const someone = person('two-events');
    expect((await register(open.id, someone)).status).toBe(201);
    expect((await register(undated.id, someone)).status).toBe(201);
  });

  it('409: a full event refuses with a clear message, and never stores more than its capacity', async () => {
    // The seed's small event takes a waitlist; without one, a full event refuses.
    await database.db
      .update(eventsTable)
      .set({ waitlistEnabled: false })
      .where(eq(eventsTable.id, small.id));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => register(small.id, person('full'))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(12);
    expect(statuses.filter((status) => status === 409)).toHaveLength(8);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.error).toBe('This event is full: all 12 places have been taken.');
    expect(await placesTaken(database.db, small.id)).toBe(12);
  });

  it('409: an event that has already started is closed', async () => {
    const { status, body } = await register(past.id, person());
    expect(status).toBe(409);
    expect(body).toEqual({ error: 'Registration is closed for this event.' });
  });

  it('concurrent duplicates store exactly one row', async () => {
    const someone = person('race');
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        register(open.id, {
          ...someone,
          email: index % 2 ? someone.email.toUpperCase() : someone.email,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(24);
    const rows = await listRegistrations(database.db, open.id);
    expect(rows.filter((row) => row.email === someone.email)).toHaveLength(1);
  });

  it('404: unknown and malformed event ids', async () => {
    for (const id of ['999999', 'abc', '0', '-3']) {
      const { status, body } = await register(id, person());
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'Event not found.' });
    }
  });

  describe('400: invalid bodies, with an error and per-field messages', () => {
    it.each([
      [{}, ['first_name', 'last_name', 'email']],
      [{ first_name: 'A', last_name: 'B' }, ['email']],
      [{ first_name: '   ', last_name: 'B', email: 'a@example.org' }, ['first_name']],
      [{ first_name: 'A', last_name: 'B', email: 'not-an-email' }, ['email']],
      [{ first_name: 'A', last_name: 7, email: 'a@example.org' }, ['last_name']],
      [{ first_name: 'A'.repeat(61), last_name: 'B', email: 'a@example.org' }, ['first_name']],
      [{ first_name: 'A\u0000', last_name: 'B', email: 'a@example.org' }, ['first_name']],
    ])('%j', async (body, fields) => {
      const answer = await register(open.id, body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.error).toBe('string');
      expect(Object.keys(answer.body.fields as object).sort()).toEqual([...fields].sort());
    });

    it('names the problem in error', async () => {
      const answer = await register(open.id, { first_name: 'A', last_name: 'B', email: 'nope' });
      expect(answer.body).toEqual({
        error: 'Enter a valid email address.',
        fields: { email: 'Enter a valid email address.' },
      });
    });

    it.each(['', 'not json', '{"first_name":', '[1,2]', '"text"', 'null', '42'])(
      'a body that is not a JSON object: %j',
      async (text) => {
        const answer = await register(open.id, text);
        expect(answer.status).toBe(400);
        expect(answer.body.error).toBe(
          'The request body must be a JSON object with first_name, last_name and email.',
        );
      },
    );
  });

  describe('413: bodies over 16 KB', () => {
    it('refused by Content-Length before reading', async () => {
      const big = { ...person(), padding: 'x'.repeat(17_000) };
      const answer = await register(open.id, big);
      expect(answer.status).toBe(413);
      expect(answer.body.error).toBe('The request body is too large.');
    });

    it('refused while streaming when no length is declared', async () => {
      const request = registrationRequest(open.id, '');
      const chunk = new TextEncoder().encode('x'.repeat(1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 20) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const streamed = new Request(request.url, {
        method: 'POST',
        headers: request.headers,
        body: stream,
        duplex: 'half',
      } as RequestInit);
      const response = await POST(streamed, { params: Promise.resolve({ id: String(open.id) }) });
      expect(response.status).toBe(413);
    });
  });

  describe('403: CSRF', () => {
    it('without the csrftoken cookie', async () => {
      const answer = await register(open.id, person(), { cookie: null });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toMatch(
        /^CSRF verification failed: the csrftoken cookie is missing/,
      );
    });

    it('without the X-CSRFToken header', async () => {
      const answer = await register(open.id, person(), { csrf: null });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toMatch(/X-CSRFToken header does not match/);
    });

    it('with a header that differs from the cookie', async () => {
      const answer = await register(open.id, person(), { csrf: 'b'.repeat(64) });
      expect(answer.status).toBe(403);
    });

    it('with a malformed cookie, even when the header matches it', async () => {
      const answer = await register(open.id, person(), {
        cookie: 'csrftoken=short',
        csrf: 'short',
      });
      expect(answer.status).toBe(403);
    });

    it.each([
      'https://evil.example',
      'null',
      'http://localhost.evil.example',
      'http://localhost:4000',
    ])('from another origin: %s', async (origin) => {
      const answer = await register(open.id, person(), { origin });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe(
        'CSRF verification failed: the request did not come from this site.',
      );
    });

    it('from a cross-site page without Origin (Referer, Sec-Fetch-Site)', async () => {
      expect(
        (
          await register(open.id, person(), {
            origin: null,
            headers: { referer: 'https://evil.example/x' },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await register(open.id, person(), {
            origin: null,
            headers: { 'sec-fetch-site': 'cross-site' },
          })
        ).status,
      ).toBe(403);
    });

    it('a non-browser client without Origin passes with the token pair', async () => {
      expect((await register(open.id, person(), { origin: null })).status).toBe(201);
    });

    it('the host named by X-Forwarded-Host behind a proxy is the site too', async () => {
      const answer = await register(open.id, person(), {
        origin: 'https://tcsa.example.org',
        headers: { 'x-forwarded-host': 'tcsa.example.org', 'x-forwarded-proto': 'https' },
      });
      expect(answer.status).toBe(201);
    });

    it('nothing is stored for a refused request', async () => {
      const someone = person('csrf');
      await register(open.id, someone, { csrf: 'c'.repeat(64) });
      const rows = await listRegistrations(database.db, open.id);
      expect(rows.some((row) => row.email === someone.email)).toBe(false);
    });
  });

  describe('429: per-client rate limit', () => {
    it('the 61st attempt within a minute from one address is refused with Retry-After', async () => {
      const ip = '203.0.113.9';
      for (let attempt = 0; attempt < 60; attempt += 1) {
        expect((await register(open.id, {}, { ip, cookie: null })).status).toBe(403);
      }
      const limited = await register(open.id, person(), { ip });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatch(/Too many registration attempts/);
      const retryAfter = Number(limited.response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another address is not affected.
      expect((await register(open.id, person(), { ip: '203.0.113.10' })).status).toBe(201);
    });

    it('follows REGISTRATION_RATE_LIMIT_PER_MINUTE (and 0 turns it off)', async () => {
      process.env.REGISTRATION_RATE_LIMIT_PER_MINUTE = '2';
      resetServerEnvForTests();
      const ip = '198.51.100.7';
      expect((await register(open.id, person(), { ip })).status).toBe(201);
      expect((await register(open.id, person(), { ip })).status).toBe(201);
      expect((await register(open.id, person(), { ip })).status).toBe(429);

      process.env.REGISTRATION_RATE_LIMIT_PER_MINUTE = '0';
      resetServerEnvForTests();
      resetRegistrationLimiterForTests();
      for (let attempt = 0; attempt < 70; attempt += 1) {
        expect((await register(open.id, {}, { ip, cookie: null })).status).toBe(403);
      }
    });

    it('keys on the address the server entry set, whatever X-Forwarded-For the client writes', async () => {
      process.env.REGISTRATION_RATE_LIMIT_PER_MINUTE = '1';
      resetServerEnvForTests();
      const forged = (value: string) => ({
        ip: '192.0.2.50',
        headers: { 'x-forwarded-for': value },
      });
      expect((await register(open.id, person(), forged('1.1.1.1'))).status).toBe(201);
      expect((await register(open.id, person(), forged('2.2.2.2'))).status).toBe(429);
    });
  });

  it('a database failure answers 500 with an error field', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = {
      ...database,
      db: new Proxy(database.db, {
        get: () => {
          throw new Error('connection lost');
        },
      }),
    };
    const { setDatabaseForTests } = await import('@/lib/db/client');
    setDatabaseForTests(broken);
    try {
      const answer = await register(open.id, person());
      expect(answer.status).toBe(500);
      expect(answer.body.error).toMatch(/server error/);
    } finally {
      setDatabaseForTests(database);
      spy.mockRestore();
    }
  });

  it('stored rows never exceed one per person and event', async () => {
    const rows = await listRegistrations(database.db, open.id);
    const keys = rows.map((row) => `${row.eventId}:${row.email.trim().toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(TOKEN).toHaveLength(64);
  });
});
