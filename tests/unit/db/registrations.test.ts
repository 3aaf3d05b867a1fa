import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededDatabase } from '@/lib/db/bootstrap';
import {
  placesTaken,
  isUniqueViolation,
  listEvents,
  listRegistrations,
  normalizeEmail,
} from '@/lib/db/queries';
import { registerForEvent } from '@/lib/registrations/intake';
import { emailManageLinkAgain } from '@/lib/registrations/manage';
import { emailOutbox, eventRegistrations } from '@/lib/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Event } from '@/lib/db/schema';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

let database: TestDatabase;
let events: Event[];
const now = new Date();
const upcoming = (capacity: number | null) =>
  events.find((event) => event.startsAt && event.startsAt > now && event.capacity === capacity)!;

beforeAll(async () => {
  database = await createTestDatabase({ now });
  events = await listEvents(database.db);
});
afterAll(async () => {
  await database.dispose();
});

const input = (email: string) => ({ firstName: 'Jia', lastName: 'Li', email });

describe(`registrations in the repository (${DATABASE_UNDER_TEST})`, () => {
  it('normalises the email (trimmed, lower case) when storing', async () => {
    const outcome = await registerForEvent(
      database.db,
      upcoming(null).id,
      input('  Jia.Li@Example.ORG '),
      now,
    );
    expect(outcome.kind).toBe('created');
    if (outcome.kind === 'created') expect(outcome.registration.email).toBe('jia.li@example.org');
    expect(normalizeEmail(' A@B.C ')).toBe('a@b.c');
  });

  it('50 concurrent duplicates in different spellings store exactly one row', async () => {
    const event = upcoming(null);
    const spellings = [
      'dup@example.org',
      'DUP@example.org',
      ' dup@EXAMPLE.org',
      'Dup@Example.Org  ',
    ];
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        registerForEvent(database.db, event.id, input(spellings[index % 4]!), now),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'created')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === 'duplicate')).toHaveLength(49);
    const rows = await listRegistrations(database.db, event.id);
    expect(rows.filter((row) => row.email === 'dup@example.org')).toHaveLength(1);
  });

  it('concurrent registrations never overfill an event; the rest join its waitlist', async () => {
    // The seed's 12-place event takes a waitlist.
    const event = upcoming(12);
    expect(event.waitlistEnabled).toBe(true);
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        registerForEvent(database.db, event.id, input(`p${index}@example.org`), now),
      ),
    );
    const statuses = outcomes.map((outcome) =>
      outcome.kind === 'created' ? outcome.registration.status : outcome.kind,
    );
    expect(statuses.filter((status) => status === 'confirmed')).toHaveLength(12);
    expect(statuses.filter((status) => status === 'waitlisted')).toHaveLength(28);
    expect(await placesTaken(database.db, event.id)).toBe(12);
  });

  it('an already registered person hears "duplicate" even when the event is full', async () => {
    const event = upcoming(12);
    // Which twelve of the forty concurrent requests got in depends on the database's scheduling.
    const [registered] = await listRegistrations(database.db, event.id);
    expect(await placesTaken(database.db, event.id)).toBe(12);
    const outcome = await registerForEvent(
      database.db,
      event.id,
      input(registered!.email.toUpperCase()),
      now,
    );
    expect(outcome.kind).toBe('duplicate');
  });

  it('emails the manage link again to someone registering again, at most once an hour', async () => {
    const event = upcoming(null);
    const address = 'again@example.org';
    const made = await registerForEvent(database.db, event.id, input(address), now);
    if (made.kind !== 'created') throw new Error(made.kind);
    // Alone and in a group, the second registration is a duplicate.
    const twice = await Promise.all(
      [' Again@Example.org', 'AGAIN@example.org'].map((email) =>
        registerForEvent(database.db, event.id, input(email), now),
      ),
    );
    expect(twice.map((outcome) => outcome.kind)).toEqual(['duplicate', 'duplicate']);
    const minutes = (count: number) => new Date(now.getTime() + count * 60_000);
    expect(await emailManageLinkAgain(database.db, event.id, ' AGAIN@example.org', now)).toBe(true);
    expect(await emailManageLinkAgain(database.db, event.id, address, minutes(10))).toBe(false);
    expect(await emailManageLinkAgain(database.db, event.id, address, minutes(61))).toBe(true);
    const sent = await database.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.registrationId, made.registration.id),
          eq(emailOutbox.kind, 'manage_link_again'),
        ),
      );
    expect(sent).toHaveLength(2);
    expect(sent[0]!.toAddress).toBe(address);
    expect(sent[0]!.textBody).toContain(`/registrations/${made.manageToken}`);
    // Nobody registered under an address: nothing to send.
    expect(await emailManageLinkAgain(database.db, event.id, 'nobody@example.org', now)).toBe(
      false,
    );
  });

  it('an event that has started is closed, an unknown one not found', async () => {
    const past = events.find((event) => event.startsAt && event.startsAt < now)!;
    expect(
      (await registerForEvent(database.db, past.id, input('late@example.org'), now)).kind,
    ).toBe('closed');
    expect((await registerForEvent(database.db, 987_654, input('x@example.org'), now)).kind).toBe(
      'not_found',
    );
  });

  it('the unique index itself refuses a duplicate inserted around the checks (SQLSTATE 23505)', async () => {
    const event = upcoming(null);
    await database.db
      .insert(eventRegistrations)
      .values({ eventId: event.id, firstName: 'A', lastName: 'B', email: 'Raw@Example.org' });
    const error = await database.db
      .insert(eventRegistrations)
      .values({ eventId: event.id, firstName: 'A', lastName: 'B', email: ' raw@example.ORG' })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(isUniqueViolation(error)).toBe(true);
  });
});

describe('the embedded database on disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tcsa-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates, seeds when empty, keeps registrations across reopening, and re-migrating is a no-op', async () => {
    const dataDir = path.join(dir, 'data');
    const first = await openSeededDatabase({ dataDir });
    const event = (await listEvents(first.db)).find(
      (row) => row.startsAt && row.startsAt > new Date(),
    )!;
    expect((await registerForEvent(first.db, event.id, input('kept@example.org'))).kind).toBe(
      'created',
    );
    await first.close();

    const second = await openSeededDatabase({ dataDir });
    try {
      const rows = await listRegistrations(second.db, event.id);
      expect(rows.map((row) => row.email)).toEqual(['kept@example.org']);
      expect(await listEvents(second.db)).toHaveLength(events.length);
    } finally {
      await second.close();
    }
  });
});
