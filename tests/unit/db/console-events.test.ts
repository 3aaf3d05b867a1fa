import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteAccount } from '@/lib/admin/accounts';
import { upcomingEventsWithCounts } from '@/lib/admin/dashboard';
import {
  createEvent,
  deleteOrCancelEvent,
  eventFormSchema,
  type EventFormValues,
  formValuesOf,
  restoreEvent,
  updateEvent,
} from '@/lib/admin/events';
import { findConsoleEvent, listConsoleEvents } from '@/lib/admin/event-reads';
import {
  exportRegistrants,
  listRegistrants,
  registrantsCsv,
  registrantsFileName,
  removeRegistration,
} from '@/lib/admin/registrants';
import { changedFields, changeLineText } from '@/lib/audit/changes';
import { auditRecordNames, listAuditEntries } from '@/lib/audit/read';
import type { SignedIn } from '@/lib/auth/session';
import { createFirstAccount, createSetupToken } from '@/lib/auth/setup';
import { findEvent, listEvents } from '@/lib/db/queries';
import { registerForEvent } from '@/lib/registrations/intake';
import { emailOutbox, eventRegistrations, events } from '@/lib/db/schema';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

let database: TestDatabase;
let coordinator: SignedIn;
let lead: SignedIn;
let otherLead: SignedIn;

const POSTER = `/files/${'a'.repeat(40)}.webp`;

function formValues(overrides: Record<string, string> = {}): EventFormValues {
  const parsed = eventFormSchema(null).safeParse({
    ...formValuesOf(null),
    title: 'Dumpling Night',
    description: 'Fold dumplings with the club.',
    date: '2027-02-10',
    startTime: '18:30',
    duration: '2 hours',
    location: 'Desmarais 12th floor',
    organizer: 'TCSA Events',
    posterImg: POSTER,
    capacity: '3',
    ...overrides,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

async function account(name: string, email: string, role: 'coordinator' | 'event_lead') {
  const invited = await inviteAccount(database.db, coordinator, { name, email, role });
  if (!invited.ok) throw new Error(invited.message);
  return { id: invited.accountId, name, email, role } satisfies SignedIn;
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  const token = (await createSetupToken(database.db))!;
  const created = await createFirstAccount(database.db, token, {
    name: 'Mei Chen',
    email: 'mei@example.org',
    passwordHash: 'hash',
  });
  if (!created.ok) throw new Error('no first account');
  coordinator = {
    id: created.userId,
    name: 'Mei Chen',
    email: 'mei@example.org',
    role: 'super_admin',
  };
  coordinator = await account('Ana Li', 'ana@example.org', 'coordinator');
  lead = await account('Leo Wang', 'leo@example.org', 'event_lead');
  otherLead = await account('Kai Zhou', 'kai@example.org', 'event_lead');
});
afterAll(async () => {
  await database.dispose();
});

describe(`the console's event form (${DATABASE_UNDER_TEST})`, () => {
  const errorsOf = (values: Record<string, string>) => {
    const parsed = eventFormSchema(null).safeParse({ ...formValuesOf(null), ...values });
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
  };

  it('says which field is wrong, in words', () => {
    expect(errorsOf({ title: '  ' })).toEqual({ title: 'Title is required.' });
    expect(errorsOf({ title: 'x', date: '2027-02-30', startTime: '10:00' })).toEqual({
      date: 'Date is not a day of the calendar.',
    });
    expect(errorsOf({ title: 'x', date: '2027-02-10' })).toEqual({
      startTime: 'Start time is required when the event has a date.',
    });
    expect(errorsOf({ title: 'x', capacity: '0' })).toEqual({
      capacity: 'Capacity must be at least 1, or left empty for no limit.',
    });
    expect(errorsOf({ title: 'x', capacity: '2.5' })).toEqual({
      capacity: 'Capacity must be a whole number.',
    });
    expect(errorsOf({ title: 'Gala\u202E' })).toMatchObject({
      title: expect.stringContaining('invisible formatting'),
    });
  });

  it('checks member and staff places and the member window when saving, beside the field', () => {
    const gala = { title: 'Gala', date: '2027-02-10', startTime: '18:00', capacity: '100' };
    expect(errorsOf({ ...gala, memberPlaces: '70', staffPlaces: '40' })).toEqual({
      memberPlaces: 'Member and staff places (110) cannot be more than the capacity (100).',
    });
    expect(errorsOf({ ...gala, capacity: '', staffPlaces: '5' })).toEqual({
      staffPlaces: 'Set a capacity to keep places for members or staff.',
    });
    expect(errorsOf({ ...gala, memberRegistrationOpensAt: '2027-02-01T09:00' })).toEqual({
      memberRegistrationOpensAt:
        'Keep some member places (or make the event members only) to open it to members first.',
    });
    const window = { ...gala, memberPlaces: '30' };
    expect(
      errorsOf({
        ...window,
        memberRegistrationOpensAt: '2027-02-03T09:00',
        registrationOpensAt: '2027-02-01T09:00',
      }),
    ).toEqual({
      registrationOpensAt: 'Public registration cannot open before member registration.',
    });
    expect(
      errorsOf({
        ...window,
        memberRegistrationOpensAt: '2027-02-03T09:00',
        registrationClosesAt: '2027-02-02T09:00',
      }),
    ).toEqual({
      registrationClosesAt: 'The registration deadline must come after member registration opens.',
    });
    expect(errorsOf({ ...window, memberRegistrationOpensAt: '2027-02-11T09:00' })).toMatchObject({
      memberRegistrationOpensAt: 'Member registration must open before the event starts.',
    });
    expect(errorsOf({ ...gala, category: 'Rave' })).toEqual({
      category: 'Choose a category from the list.',
    });
    expect(
      errorsOf({
        ...window,
        staffPlaces: '10',
        membersOnly: 'on',
        requiresDeposit: 'on',
        category: 'Office tour',
        memberRegistrationOpensAt: '2027-02-01T09:00',
        registrationOpensAt: '2027-02-03T09:00',
        registrationClosesAt: '2027-02-09T09:00',
      }),
    ).toEqual({});
  });

  it('stores the member event settings and shows them again in the form', async () => {
    const values = formValues({
      date: '2027-03-10',
      startTime: '18:00',
      capacity: '40',
      memberPlaces: '15',
      staffPlaces: '5',
      memberRegistrationOpensAt: '2027-03-01T09:00',
      registrationOpensAt: '2027-03-03T09:00',
      requiresDeposit: 'on',
      category: 'Office tour',
    });
    const created = await createEvent(database.db, coordinator, values, []);
    if (!created.ok) throw new Error(created.message);
    const event = await findConsoleEvent(database.db, created.id);
    expect(event).toMatchObject({
      memberPlaces: 15,
      staffPlaces: 5,
      membersOnly: false,
      requiresDeposit: true,
      category: 'Office tour',
    });
    expect(event!.memberRegistrationOpensAt!.toISOString()).toBe('2027-03-01T14:00:00.000Z');
    expect(formValuesOf(event)).toMatchObject({
      memberPlaces: '15',
      staffPlaces: '5',
      memberRegistrationOpensAt: '2027-03-01T09:00',
      registrationOpensAt: '2027-03-03T09:00',
      requiresDeposit: 'on',
      category: 'Office tour',
    });
  });

  it('takes a poster only from the upload, never an address typed by hand', () => {
    expect(errorsOf({ title: 'x', posterImg: 'https://evil.example/x.png' })).toEqual({
      posterImg: 'Poster: upload the file again; this value was not made by the upload.',
    });
    expect(errorsOf({ title: 'x', posterImg: '/files/../../etc/passwd' })).toHaveProperty(
      'posterImg',
    );
    expect(errorsOf({ title: 'x', posterImg: POSTER })).toEqual({});
    // A record keeps the picture it had (a seeded /media file).
    const kept = eventFormSchema({ posterImg: '/media/events/gala.svg', thumbnailLink: null });
    expect(
      kept.safeParse({ ...formValuesOf(null), title: 'x', posterImg: '/media/events/gala.svg' })
        .success,
    ).toBe(true);
  });

  it('stores the date and start time as Ottawa wall-clock time', async () => {
    const values = formValues({ date: '2027-07-01', startTime: '19:00' });
    const created = await createEvent(database.db, coordinator, values, []);
    if (!created.ok) throw new Error(created.message);
    const event = await findConsoleEvent(database.db, created.id);
    // 19:00 in Ottawa in July is 23:00 UTC (daylight time).
    expect(event!.startsAt!.toISOString()).toBe('2027-07-01T23:00:00.000Z');
    expect(formValuesOf(event)).toMatchObject({ date: '2027-07-01', startTime: '19:00' });
  });
});

describe(`events in the console (${DATABASE_UNDER_TEST})`, () => {
  it('creates an event with its leads, logged, and visitors see it', async () => {
    const created = await createEvent(database.db, coordinator, formValues(), [lead.id]);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const event = await findConsoleEvent(database.db, created.id);
    expect(event).toMatchObject({ title: 'Dumpling Night', capacity: 3, posterImg: POSTER });
    expect(event!.leadIds).toEqual([lead.id]);
    expect((await listEvents(database.db)).map((row) => row.id)).toContain(created.id);
    const { entries } = await listAuditEntries(database.db, { recordType: 'event' });
    expect(entries[0]).toMatchObject({
      action: 'event.create',
      actorName: 'Ana Li',
      summary: 'Created the event "Dumpling Night"',
    });
  });

  it('refuses as a lead an account that is not an event lead', async () => {
    const outcome = await createEvent(database.db, coordinator, formValues(), [coordinator.id]);
    expect(outcome).toEqual({
      ok: false,
      field: 'leads',
      message: 'Choose event leads from the list.',
    });
  });

  it('shows an event lead only the events they lead, on the list and the dashboard', async () => {
    const mine = await createEvent(database.db, coordinator, formValues({ title: 'Lead Mine' }), [
      lead.id,
    ]);
    const theirs = await createEvent(
      database.db,
      coordinator,
      formValues({ title: 'Lead Theirs' }),
      [otherLead.id],
    );
    if (!mine.ok || !theirs.ok) throw new Error('not created');
    const seen = (await listConsoleEvents(database.db, lead, { page: 1 })).rows.map(
      (row) => row.id,
    );
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(theirs.id);
    const all = (await listConsoleEvents(database.db, coordinator, { page: 1 })).rows.map(
      (row) => row.id,
    );
    expect(all).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const upcoming = await upcomingEventsWithCounts(database.db, lead, new Date('2026-01-01'), 50);
    expect(upcoming.map((event) => event.id)).toContain(mine.id);
    expect(upcoming.map((event) => event.id)).not.toContain(theirs.id);
    const found = await listConsoleEvents(database.db, coordinator, { text: 'THEIRS', page: 1 });
    expect(found.rows.map((row) => row.title)).toEqual(['Lead Theirs']);
  });

  it('keeps capacity at or above the people registered, and logs before and after', async () => {
    const created = await createEvent(database.db, coordinator, formValues(), []);
    if (!created.ok) throw new Error('not created');
    for (const email of ['a@example.org', 'b@example.org']) {
      await registerForEvent(database.db, created.id, {
        firstName: 'A',
        lastName: 'B',
        email,
      });
    }
    const lowered = await updateEvent(
      database.db,
      coordinator,
      created.id,
      formValues({ capacity: '1' }),
      undefined,
    );
    expect(lowered).toEqual({
      ok: false,
      field: 'capacity',
      message: 'Capacity cannot be lower than the 2 places already taken.',
    });
    const renamed = await updateEvent(
      database.db,
      coordinator,
      created.id,
      formValues({ title: 'Dumpling Night II', capacity: '' }),
      undefined,
    );
    expect(renamed).toEqual({ ok: true, id: created.id });
    const { entries } = await listAuditEntries(database.db, { recordType: 'event' });
    expect(entries[0]).toMatchObject({
      action: 'event.update',
      before: expect.objectContaining({ title: 'Dumpling Night', capacity: 3 }),
      after: expect.objectContaining({ title: 'Dumpling Night II', capacity: null }),
    });
  });

  it('deletes an event nobody registered for, and cancels one with registrations', async () => {
    const empty = await createEvent(database.db, coordinator, formValues(), []);
    const taken = await createEvent(database.db, coordinator, formValues(), []);
    if (!empty.ok || !taken.ok) throw new Error('not created');
    await registerForEvent(database.db, taken.id, {
      firstName: 'Lin',
      lastName: 'Wu',
      email: 'lin@example.org',
    });

    expect(await deleteOrCancelEvent(database.db, coordinator, empty.id)).toEqual({
      ok: true,
      outcome: 'deleted',
    });
    expect(await database.db.select().from(events).where(eq(events.id, empty.id))).toEqual([]);

    expect(await deleteOrCancelEvent(database.db, coordinator, taken.id)).toEqual({
      ok: true,
      outcome: 'cancelled',
    });
    // Gone for visitors, kept for the club.
    expect(await findEvent(database.db, taken.id)).toBeNull();
    expect((await listEvents(database.db)).map((row) => row.id)).not.toContain(taken.id);
    expect(
      await registerForEvent(database.db, taken.id, {
        firstName: 'New',
        lastName: 'Comer',
        email: 'new@example.org',
      }),
    ).toEqual({ kind: 'not_found' });
    expect((await findConsoleEvent(database.db, taken.id))!.registered).toBe(1);

    await restoreEvent(database.db, coordinator, taken.id);
    expect(await findEvent(database.db, taken.id)).not.toBeNull();
  });
});

describe(`registrants in the console (${DATABASE_UNDER_TEST})`, () => {
  it('lists, searches and removes registrants with a logged reason', async () => {
    const created = await createEvent(database.db, coordinator, formValues({ capacity: '' }), []);
    if (!created.ok) throw new Error('not created');
    const people = [
      { firstName: '明', lastName: '李', email: 'ming@example.org' },
      { firstName: 'Sara', lastName: 'Ng', email: 'sara@example.org' },
      { firstName: '=cmd', lastName: '+1', email: 'attacker@example.org' },
    ];
    for (const person of people) await registerForEvent(database.db, created.id, person);

    const all = await listRegistrants(database.db, created.id, { page: 1 });
    expect(all.rows.map((row) => row.email)).toEqual(people.map((person) => person.email));
    const found = await listRegistrants(database.db, created.id, { text: 'sara ng', page: 1 });
    expect(found.rows.map((row) => row.firstName)).toEqual(['Sara']);
    expect(found.matching).toBe(1);

    const removed = await removeRegistration(
      database.db,
      coordinator,
      created.id,
      found.rows[0]!.id,
      'Asked to be removed by email',
    );
    expect(removed).toEqual({ ok: true, name: 'Sara Ng', promoted: 0 });
    const again = await removeRegistration(
      database.db,
      coordinator,
      created.id,
      found.rows[0]!.id,
      'twice',
    );
    expect(again.ok).toBe(false);
    const { entries } = await listAuditEntries(database.db, { text: 'Sara Ng' });
    expect(entries[0]).toMatchObject({
      action: 'registration.remove',
      summary: "Removed Sara Ng's registration: Asked to be removed by email",
    });
  });

  it('exports a CSV that Excel opens with Chinese names and no formulas', async () => {
    const created = await createEvent(database.db, coordinator, formValues({ capacity: '' }), []);
    if (!created.ok) throw new Error('not created');
    await registerForEvent(database.db, created.id, {
      firstName: '明',
      lastName: '李',
      email: 'ming@example.org',
    });
    await registerForEvent(database.db, created.id, {
      firstName: '=HYPERLINK("http://x")',
      lastName: '@SUM(A1)',
      email: 'x@example.org',
    });
    const csv = await registrantsCsv(database.db, created.id);
    const bytes = Buffer.from(csv, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'First name,Last name,Email,Registered at (Ottawa time),Status,Late cancellation,Checked in at (Ottawa time),Member ID',
    );
    expect(lines[1]).toMatch(
      /^明,李,ming@example\.org,\d{4}-\d{2}-\d{2} \d{2}:\d{2},Confirmed,,,$/,
    );
    expect(lines[2]).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\)",'@SUM\(A1\),x@example\.org,/);
    const event = await findConsoleEvent(database.db, created.id);
    expect(registrantsFileName(event!)).toBe('registrants-dumpling-night-2027-02-10.csv');
    expect(registrantsFileName({ id: 9, title: '春节', startsAt: null })).toBe(
      'registrants-event-9.csv',
    );
  });

  it('logs an export with the number of rows written, waitlisted people included', async () => {
    const created = await createEvent(
      database.db,
      coordinator,
      formValues({ title: 'Calligraphy', capacity: '1', waitlistEnabled: 'on' }),
      [],
    );
    if (!created.ok) throw new Error(created.message);
    for (const name of ['ana', 'bo', 'cai']) {
      await registerForEvent(database.db, created.id, {
        firstName: name,
        lastName: 'Li',
        email: `${name}.ink@example.org`,
      });
    }
    const event = await findConsoleEvent(database.db, created.id);
    const csv = await exportRegistrants(database.db, lead, event!);
    const rowsWritten = csv.slice(1).trimEnd().split('\r\n').length - 1;
    expect(rowsWritten).toBe(3);
    const { entries } = await listAuditEntries(database.db, { text: 'Calligraphy' });
    expect(entries[0]).toMatchObject({
      action: 'registration.export',
      summary: 'Exported 3 registrants of "Calligraphy"',
    });
  });

  it("shows an event's change in the audit log in words, with the leads' names", async () => {
    const created = await createEvent(
      database.db,
      coordinator,
      formValues({ title: 'Paper cutting', capacity: '20' }),
      [lead.id],
    );
    if (!created.ok) throw new Error(created.message);
    const updated = await updateEvent(
      database.db,
      coordinator,
      created.id,
      formValues({ title: 'Paper cutting', capacity: '25', date: '2027-02-11' }),
      [lead.id, otherLead.id],
    );
    expect(updated.ok).toBe(true);
    const { entries } = await listAuditEntries(database.db, { text: 'Paper cutting' });
    const update = entries.find((entry) => entry.action === 'event.update')!;
    const names = await auditRecordNames(database.db, entries);
    expect(names.events?.get(String(created.id))).toBe('Paper cutting');
    expect(
      changedFields(
        update.recordType,
        update.before,
        update.after,
        names,
        new Date('2027-01-15'),
      ).map(changeLineText),
    ).toEqual([
      'Date: Wed 10 Feb, 6:30 PM → Thu 11 Feb, 6:30 PM',
      'Capacity: 20 → 25',
      'Event leads: Leo Wang → Kai Zhou, Leo Wang',
    ]);
  });

  it('raising the capacity gives the new places to the waitlist in order, with their emails', async () => {
    const created = await createEvent(
      database.db,
      coordinator,
      formValues({ title: 'Tea tasting', capacity: '1', waitlistEnabled: 'on' }),
      [],
    );
    if (!created.ok) throw new Error(created.message);
    const people = ['ana', 'bo', 'cai'];
    for (const name of people) {
      const outcome = await registerForEvent(
        database.db,
        created.id,
        { firstName: name, lastName: 'Li', email: `${name}.tea@example.org` },
        new Date('2026-11-24T12:00:00Z'),
      );
      expect(outcome.kind).toBe('created');
    }
    const raised = await updateEvent(
      database.db,
      coordinator,
      created.id,
      formValues({ title: 'Tea tasting', capacity: '2', waitlistEnabled: 'on' }),
      undefined,
    );
    expect(raised.ok).toBe(true);
    const rows = await database.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, created.id))
      .orderBy(asc(eventRegistrations.id));
    expect(rows.map((row) => [row.firstName, row.status])).toEqual([
      ['ana', 'confirmed'],
      ['bo', 'confirmed'],
      ['cai', 'waitlisted'],
    ]);
    const promoted = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.registrationId, rows[1]!.id), eq(emailOutbox.kind, 'promoted')));
    expect(promoted).toHaveLength(1);
    // Below the confirmed people the capacity is refused, with the count.
    expect(
      await updateEvent(
        database.db,
        coordinator,
        created.id,
        formValues({ title: 'Tea tasting', capacity: '1', waitlistEnabled: 'on' }),
        undefined,
      ),
    ).toEqual({
      ok: false,
      field: 'capacity',
      message: 'Capacity cannot be lower than the 2 places already taken.',
    });
  });
});
