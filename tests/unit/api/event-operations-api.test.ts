import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { availabilitySchema, registrationCreatedSchema } from '@/lib/api/contract';
import { handleSelfCancel, serveAvailability } from '@/lib/registrations/manage-endpoint';
import { resetRegistrationLimiterForTests } from '@/lib/registrations/register-endpoint';
import { handleCronTick } from '@/lib/jobs/cron-route';
import { emailOutbox, eventRegistrations, events } from '@/lib/db/schema';
import { resetServerEnvForTests } from '@/lib/env/server';
import { readManagedRegistration } from '@/lib/registrations/manage';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from '../db/support/test-database';
import { TOKEN, person, register } from './support/register';

vi.mock('next/cache', () => import('./support/next-cache'));

let database: TestDatabase;
const hours = (count: number) => new Date(Date.now() + count * 3_600_000);

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await database.dispose();
});
afterEach(() => {
  resetRegistrationLimiterForTests();
  delete process.env.CRON_SECRET;
  delete process.env.SMTP_URL;
  resetServerEnvForTests();
});

async function makeEvent(settings: Partial<typeof events.$inferInsert> = {}) {
  const [event] = await database.db
    .insert(events)
    .values({ title: 'Mooncake night', startsAt: hours(72), capacity: 1, ...settings })
    .returning();
  return event!;
}

function cancelRequest(token: string, options: { csrf?: string | null; origin?: string } = {}) {
  const headers = new Headers({ host: 'localhost', cookie: `csrftoken=${TOKEN}` });
  if (options.csrf !== null) headers.set('x-csrftoken', options.csrf ?? TOKEN);
  headers.set('origin', options.origin ?? 'http://localhost');
  headers.set(
    'x-tcsa-client-address',
    `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  );
  return new Request(`http://localhost/api/registrations/${token}/cancel/`, {
    method: 'POST',
    headers,
  });
}

function tokenOf(manageUrl: string): string {
  return new URL(manageUrl).pathname.split('/').at(-1)!;
}

describe(`registration statuses through the API (${DATABASE_UNDER_TEST})`, () => {
  it('201 says confirmed, then waitlisted with the position, each with a manage link', async () => {
    const event = await makeEvent({ waitlistEnabled: true });
    const first = registrationCreatedSchema.parse((await register(event.id, person('a'))).body);
    expect(first.registration.status).toBe('confirmed');
    expect(first.message).toBe('Registration successful! You are now registered for this event.');
    expect(first.registration.manage_url).toMatch(/\/registrations\/[A-Za-z0-9_-]{43}$/);
    const second = await register(event.id, person('b'));
    expect(second.status).toBe(201);
    const waitlisted = registrationCreatedSchema.parse(second.body);
    expect(waitlisted.registration).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
    expect(waitlisted.message).toBe(
      'Registration successful! This event is full, so you are on the waitlist (position 1). We will email you if a place opens up.',
    );
    const availability = availabilitySchema.parse(
      await (await serveAvailability(String(event.id))).json(),
    );
    expect(availability).toMatchObject({ state: 'waitlist_only', capacity: 1, places_left: 0 });
  });

  it('201 says submitted for an event that needs review', async () => {
    const event = await makeEvent({ requiresReview: true, capacity: 30 });
    const answer = registrationCreatedSchema.parse((await register(event.id, person('c'))).body);
    expect(answer.registration.status).toBe('submitted');
    expect(answer.message).toContain('successful');
    expect(answer.message).toContain('awaiting review');
  });

  it('409 before opening (with the opening time) and after the deadline', async () => {
    const later = await makeEvent({
      registrationOpensAt: new Date('2099-12-01T14:00:00Z'),
      startsAt: new Date('2099-12-10T23:00:00Z'),
    });
    const early = await register(later.id, person('d'));
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      error:
        'Registration for this event opens on Tuesday, December 1, 2099 at 9:00 AM Ottawa time (ET).',
    });
    const closed = await makeEvent({ registrationClosesAt: hours(-2) });
    const late = await register(closed.id, person('e'));
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: 'Registration is closed for this event.' });
    const read = availabilitySchema.parse(await (await serveAvailability(String(later.id))).json());
    expect(read).toMatchObject({ state: 'coming_soon', opens_at: '2099-12-01T14:00:00.000Z' });
    expect((await serveAvailability('nope')).status).toBe(404);
  });

  it('the manage link: a cancel without the CSRF token or from another site is refused; unknown tokens answer 404', async () => {
    const event = await makeEvent({ capacity: 5 });
    const created = registrationCreatedSchema.parse((await register(event.id, person('f'))).body);
    const token = tokenOf(created.registration.manage_url);

    const withoutToken = await handleSelfCancel(cancelRequest(token, { csrf: null }), token);
    expect(withoutToken.status).toBe(403);
    const otherSite = await handleSelfCancel(
      cancelRequest(token, { origin: 'https://evil.example' }),
      token,
    );
    expect(otherSite.status).toBe(403);
    expect((await readManagedRegistration(database.db, token))?.registration.status).toBe(
      'confirmed',
    );

    const unknown = 'B'.repeat(43);
    expect((await handleSelfCancel(cancelRequest(unknown), unknown)).status).toBe(404);
    expect((await handleSelfCancel(cancelRequest('../../etc'), '../../etc')).status).toBe(404);

    const cancelled = await handleSelfCancel(cancelRequest(token), token);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', late: false });
    const again = await handleSelfCancel(cancelRequest(token), token);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(
      'This registration can no longer be cancelled: it is cancelled.',
    );
  });

  it('POST /api/cron/tick: off without CRON_SECRET, 401 with a wrong one, and runs the work with the right one', async () => {
    const request = (secret?: string) =>
      new Request('http://localhost/api/cron/tick', {
        method: 'POST',
        headers: secret ? { authorization: `Bearer ${secret}` } : {},
      });
    expect((await handleCronTick(request('whatever'))).status).toBe(503);
    process.env.CRON_SECRET = 'cron-secret-for-tests-123';
    resetServerEnvForTests();
    expect((await handleCronTick(request())).status).toBe(401);
    expect((await handleCronTick(request('cron-secret-for-tests-12'))).status).toBe(401);

    const soon = await makeEvent({ startsAt: hours(3), capacity: null });
    const answer = registrationCreatedSchema.parse((await register(soon.id, person('g'))).body);
    // Right after the confirmation, no reminder: it waits until the confirmation is an hour old.
    const early = await handleCronTick(request('cron-secret-for-tests-123'));
    expect(await early.json()).toMatchObject({ reminders_queued: 0 });
    await database.db
      .update(eventRegistrations)
      .set({ statusChangedAt: hours(-1.1) })
      .where(eq(eventRegistrations.id, answer.registration.id));
    const ran = await handleCronTick(request('cron-secret-for-tests-123'));
    expect(ran.status).toBe(200);
    expect(await ran.json()).toMatchObject({
      reminders_queued: 1,
      emails_sent: 0,
      smtp_configured: false,
    });
    const twice = await handleCronTick(request('cron-secret-for-tests-123'));
    expect(await twice.json()).toMatchObject({ reminders_queued: 0 });
    const mails = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.registrationId, answer.registration.id));
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['confirmed', 'reminder']);
    expect(mails.every((mail) => mail.sentAt === null)).toBe(true);
    const [row] = await database.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, answer.registration.id));
    expect(row?.status).toBe('confirmed');
  });
});
