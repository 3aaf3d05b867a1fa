import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as getEvent } from '@/app/api/events/[id]/route';
import { POST } from '@/app/api/events/[id]/register/route';
import { resetRegistrationLimiterForTests } from '@/lib/registrations/register-endpoint';
import { listEvents } from '@/lib/db/queries';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from '../db/support/test-database';
import { TOKEN } from './support/register';

vi.mock('next/cache', () => import('./support/next-cache'));
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  connection: async () => undefined,
}));

let database: TestDatabase;
let eventIds: string[];
beforeAll(async () => {
  database = await createTestDatabase();
  eventIds = (await listEvents(database.db)).map((event) => String(event.id));
});
afterAll(async () => {
  await database.dispose();
});

/** Header values a client can actually send (visible ASCII and spaces). */
const headerValue = fc.string({
  unit: fc.constantFrom(...' !"#$%&()*+,-./0123456789:;<=>?@ABCxyz[]_{}~'.split('')),
  maxLength: 80,
});

const id = fc.oneof(
  fc.constantFrom('1', '2', '5', '10', '0', '-1', '2147483648', '007', '1e2', 'NaN', ''),
  fc.string({ maxLength: 20 }),
  fc.integer().map(String),
);

const jsonish = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        first_name: fc.oneof(fc.string({ maxLength: 80 }), fc.jsonValue()),
        last_name: fc.oneof(fc.string({ maxLength: 80 }), fc.jsonValue()),
        email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 300 }), fc.jsonValue()),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

const headers = fc.record(
  {
    cookie: fc.oneof(
      fc.constant(`csrftoken=${TOKEN}`),
      headerValue.map((value) => `csrftoken=${value}`),
      headerValue,
    ),
    'x-csrftoken': fc.oneof(fc.constant(TOKEN), headerValue),
    origin: fc.oneof(fc.constant('http://localhost'), headerValue),
    referer: headerValue,
    'content-type': fc.oneof(fc.constant('application/json'), headerValue),
    'content-length': fc.oneof(fc.nat().map(String), headerValue),
    'x-forwarded-for': headerValue,
    'x-forwarded-host': headerValue,
    'x-forwarded-proto': headerValue,
    host: fc.oneof(fc.constant('localhost'), headerValue),
    'sec-fetch-site': headerValue,
  },
  { requiredKeys: [] },
);

function buildRequest(url: string, init: RequestInit): Request | null {
  try {
    return new Request(url, init);
  } catch {
    return null; // Not a request a client could send.
  }
}

describe(`bad input never answers 500 (${DATABASE_UNDER_TEST})`, () => {
  it('POST /api/events/{id}/register/ with random ids, bodies and headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(id, fc.constantFrom(...eventIds)),
        jsonish,
        headers,
        async (eventId, body, extra) => {
          resetRegistrationLimiterForTests();
          const request = buildRequest('http://localhost/api/events/1/register/', {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...extra },
            body,
          });
          if (!request) return;
          const response = await POST(request, { params: Promise.resolve({ id: eventId }) });
          expect(response.status).toBeLessThan(500);
          const answer = (await response.json()) as Record<string, unknown>;
          if (response.status === 201) expect(answer.message).toContain('successful');
          else expect(typeof answer.error).toBe('string');
        },
      ),
      { numRuns: 250 },
    );
  });

  it('valid CSRF and random registration bodies: only 201, 400, 404, 409 or 413', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...eventIds), jsonish, async (eventId, body) => {
        resetRegistrationLimiterForTests();
        const request = new Request('http://localhost/api/events/1/register/', {
          method: 'POST',
          headers: {
            cookie: `csrftoken=${TOKEN}`,
            'x-csrftoken': TOKEN,
            origin: 'http://localhost',
          },
          body,
        });
        const response = await POST(request, { params: Promise.resolve({ id: eventId }) });
        expect([201, 400, 404, 409, 413]).toContain(response.status);
      }),
      { numRuns: 250 },
    );
  });

  it('GET /api/events/{id}/ with random ids', async () => {
    await fc.assert(
      fc.asyncProperty(id, async (eventId) => {
        const response = await getEvent(new Request('http://localhost/api/events/x/'), {
          params: Promise.resolve({ id: eventId }),
        });
        expect([200, 404]).toContain(response.status);
        const body = (await response.json()) as Record<string, unknown>;
        if (response.status === 404) expect(body).toEqual({ error: 'Event not found.' });
      }),
      { numRuns: 300 },
    );
  });
});
