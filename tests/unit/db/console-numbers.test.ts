import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventNumbers,
  exportEventNumbers,
  exportTermNumbers,
  noShowRate,
  parseTermKey,
  percentWords,
  termNumbers,
  termOf,
  termsWithEvents,
} from '@/lib/admin/numbers';
import type { SignedIn } from '@/lib/auth/session';
import { adminUsers, auditLog, eventLeads, eventRegistrations } from '@/lib/db/schema';
import { clubInstant } from '@/lib/db/time';
import type { RegistrationStatus } from '@/lib/registrations/statuses';
import { parseCsv } from './support/parse-csv';
import { addCoordinator, insertEvent } from './support/staff';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

let database: TestDatabase;
const staff = { kind: 'staff' as const, userId: 'staff-numbers', name: 'Mei Chen' };
const actor: SignedIn = {
  id: staff.userId,
  name: staff.name,
  email: 'mei@example.org',
  role: 'coordinator',
};
const LEAD = 'lead-numbers';
const now = clubInstant({ year: 2026, month: 11, day: 24, hour: 12, minute: 0 });

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addCoordinator(database.db, staff, actor.email);
  await database.db
    .insert(adminUsers)
    .values({ id: LEAD, name: 'Sam Lee', email: 'sam@example.org', role: 'event_lead' });
});
afterAll(async () => {
  await database.dispose();
});

let people = 0;
/** Stores registrations of the event in the given statuses (late: cancelled after the cut-off). */
async function register(eventId: number, statuses: (RegistrationStatus | 'late_cancelled')[]) {
  if (statuses.length === 0) return;
  await database.db.insert(eventRegistrations).values(
    statuses.map((status) => {
      people += 1;
      return {
        eventId,
        firstName: `First${people}`,
        lastName: `Last${people}`,
        email: `person${people}@example.org`,
        status: status === 'late_cancelled' ? 'cancelled' : status,
        lateCancellation: status === 'late_cancelled',
        checkedInAt: status === 'attended' ? now : null,
      };
    }),
  );
}

/** A registration in every status, late cancellations and no-shows included. */
const EVERY_STATUS: (RegistrationStatus | 'late_cancelled')[] = [
  'submitted',
  'confirmed',
  'confirmed',
  'waitlisted',
  'declined',
  'cancelled',
  'late_cancelled',
  'late_cancelled',
  'attended',
  'attended',
  'attended',
  'no_show',
  'excused',
];

async function latestAudit() {
  const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return entry!;
}

describe(`the console's numbers (${DATABASE_UNDER_TEST})`, () => {
  it('counts one event in every status: registered, confirmed, checked in, no-shows and their rate, late cancellations', async () => {
    const event = await insertEvent(database.db, {
      title: 'Resume clinic',
      startsAt: clubInstant({ year: 2026, month: 11, day: 20, hour: 18, minute: 30 }),
    });
    await register(event.id, EVERY_STATUS);
    const numbers = await eventNumbers(database.db, event.id);
    expect(numbers).toMatchObject({
      eventId: event.id,
      title: 'Resume clinic',
      cancelled: false,
      registered: 13,
      // Confirmed, checked in, no-show and excused all were given a place.
      placesTaken: 7,
      // Confirmed and not checked in, as the status tabs count them.
      confirmed: 2,
      checkedIn: 3,
      noShows: 1,
      lateCancellations: 2,
      noShowRate: 0.25,
    });
  });

  it('says nothing of a rate while no attendance is known, and nothing of an event that does not exist', async () => {
    const event = await insertEvent(database.db, { title: 'Empty evening', startsAt: null });
    expect(await eventNumbers(database.db, event.id)).toMatchObject({
      registered: 0,
      placesTaken: 0,
      confirmed: 0,
      checkedIn: 0,
      noShows: 0,
      lateCancellations: 0,
      noShowRate: null,
    });
    expect(await eventNumbers(database.db, 987_654)).toBeNull();
    expect(noShowRate({ checkedIn: 2, noShows: 1 })).toBeCloseTo(1 / 3);
    expect(percentWords(1 / 3)).toBe('33.3%');
    expect(percentWords(0.25)).toBe('25%');
    expect(percentWords(null)).toBe('—');
  });

  it('places events in academic terms on the club’s calendar: Fall Sep–Dec, Winter Jan–Apr, Summer May–Aug', () => {
    // 23:30 on 31 August in Ottawa is already 1 September in UTC: still the summer term.
    expect(termOf(clubInstant({ year: 2026, month: 8, day: 31, hour: 23, minute: 30 })).key).toBe(
      '2026-summer',
    );
    expect(termOf(clubInstant({ year: 2026, month: 9, day: 1, hour: 0, minute: 30 })).label).toBe(
      'Fall 2026',
    );
    expect(termOf(clubInstant({ year: 2027, month: 4, day: 30, hour: 22, minute: 0 })).label).toBe(
      'Winter 2027',
    );
    const fall = parseTermKey('2026-fall')!;
    expect(fall.months).toEqual([9, 10, 11, 12]);
    expect(fall.startsAt).toEqual(
      clubInstant({ year: 2026, month: 9, day: 1, hour: 0, minute: 0 }),
    );
    expect(fall.endsAt).toEqual(clubInstant({ year: 2027, month: 1, day: 1, hour: 0, minute: 0 }));
    for (const wrong of ['2026-autumn', 'fall-2026', '26-fall', '', null, '2026-fall ']) {
      expect(parseTermKey(wrong)).toBeNull();
    }
  });

  it('sums a term over its events in one query: events held, registrations, attendance, the no-show rate, by month; cancelled events and other terms left out; an event lead sees their events only', async () => {
    const term = parseTermKey('2025-fall')!;
    const at = (month: number, day: number, hour = 18) =>
      clubInstant({ year: 2025, month, day, hour, minute: 0 });
    const first = await insertEvent(database.db, { title: 'Welcome night', startsAt: at(9, 1, 0) });
    const second = await insertEvent(database.db, {
      title: 'Mock interviews',
      startsAt: at(10, 8),
    });
    const third = await insertEvent(database.db, {
      title: 'Hot pot social',
      startsAt: at(12, 31, 23),
    });
    const cancelled = await insertEvent(database.db, {
      title: 'Bubble tea run',
      startsAt: at(11, 2),
      cancelledAt: at(10, 30),
    });
    // The evening before the term, and the first hour of the next one.
    const summer = await insertEvent(database.db, {
      title: 'Summer picnic',
      startsAt: at(8, 31, 23),
    });
    const winter = await insertEvent(database.db, {
      title: 'New year gala',
      startsAt: clubInstant({ year: 2026, month: 1, day: 1, hour: 0, minute: 30 }),
    });
    await register(first.id, ['attended', 'attended', 'no_show', 'late_cancelled', 'waitlisted']);
    await register(second.id, EVERY_STATUS);
    await register(third.id, ['confirmed', 'confirmed']);
    await register(cancelled.id, ['cancelled', 'attended']);
    await register(summer.id, ['attended']);
    await register(winter.id, ['no_show']);
    await database.db.insert(eventLeads).values([
      { eventId: second.id, userId: LEAD },
      { eventId: summer.id, userId: LEAD },
    ]);

    const numbers = await termNumbers(database.db, { kind: 'all' }, term, at(12, 1));
    expect(numbers.events.map((row) => row.title)).toEqual([
      'Welcome night',
      'Mock interviews',
      'Hot pot social',
    ]);
    expect(numbers).toMatchObject({
      // The last event is on 31 December, after `now`: not held yet.
      eventsHeld: 2,
      registered: 5 + 13 + 2,
      checkedIn: 2 + 3,
      noShows: 1 + 1,
      lateCancellations: 1 + 2,
    });
    expect(numbers.noShowRate).toBeCloseTo(2 / 7);
    expect(numbers.byMonth).toEqual([
      { month: 9, label: 'Sep', registered: 5, checkedIn: 2 },
      { month: 10, label: 'Oct', registered: 13, checkedIn: 3 },
      { month: 11, label: 'Nov', registered: 0, checkedIn: 0 },
      { month: 12, label: 'Dec', registered: 2, checkedIn: 0 },
    ]);

    const led = await termNumbers(database.db, { kind: 'led', userId: LEAD }, term, at(12, 1));
    expect(led.events.map((row) => row.title)).toEqual(['Mock interviews']);
    expect(led).toMatchObject({ eventsHeld: 1, registered: 13, checkedIn: 3, noShows: 1 });

    const choices = await termsWithEvents(database.db, { kind: 'led', userId: LEAD }, now);
    expect(choices.map((choice) => choice.label)).toEqual([
      'Fall 2026',
      'Fall 2025',
      'Summer 2025',
    ]);
    const all = (await termsWithEvents(database.db, { kind: 'all' }, now)).map((t) => t.key);
    expect(all).toEqual(['2026-fall', '2026-winter', '2025-fall', '2025-summer']);
  });

  it('writes a term’s CSV, one row per event, safe from spreadsheet formulas, and audits the rows written', async () => {
    const term = parseTermKey('2024-winter')!;
    const formula = await insertEvent(database.db, {
      title: '=HYPERLINK("http://evil.example","Lunar new year")',
      startsAt: clubInstant({ year: 2024, month: 2, day: 10, hour: 18, minute: 0 }),
    });
    const quiet = await insertEvent(database.db, {
      title: 'Study night, 自习',
      startsAt: clubInstant({ year: 2024, month: 3, day: 5, hour: 18, minute: 0 }),
    });
    await register(formula.id, ['attended', 'no_show', 'no_show', 'late_cancelled']);
    await register(quiet.id, ['confirmed']);

    const numbers = await termNumbers(database.db, { kind: 'all' }, term, now);
    const csv = await exportTermNumbers(database.db, actor, numbers);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(csv.slice(1));
    expect(header).toEqual([
      'Event',
      'Date',
      'Registered',
      'Places taken',
      'Confirmed (not checked in)',
      'Checked in',
      'No-shows',
      'No-show rate (no-shows / (checked in + no-shows))',
      'Late cancellations',
    ]);
    expect(rows).toEqual([
      [
        `'=HYPERLINK("http://evil.example","Lunar new year")`,
        '2024-02-10',
        '4',
        '3',
        '0',
        '1',
        '2',
        '66.7%',
        '1',
      ],
      ['Study night, 自习', '2024-03-05', '1', '1', '1', '0', '0', '', '0'],
    ]);
    expect(await latestAudit()).toMatchObject({
      action: 'numbers.export',
      actorId: actor.id,
      summary: 'Exported the numbers of Winter 2024 (2 rows, one per event)',
    });

    const one = await exportEventNumbers(
      database.db,
      actor,
      (await eventNumbers(database.db, quiet.id))!,
    );
    expect(parseCsv(one.slice(1))).toHaveLength(2);
    expect(await latestAudit()).toMatchObject({
      action: 'numbers.export',
      recordType: 'event',
      recordId: String(quiet.id),
      summary: 'Exported the numbers of "Study night, 自习" (1 row)',
    });
  });
});
