import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upcomingEventsWithCounts } from '@/lib/admin/dashboard';
import { findConsoleEvent, happensToday, listConsoleEvents } from '@/lib/admin/event-reads';
import { doorList, listRegistrants } from '@/lib/admin/registrants';
import { placesTaken } from '@/lib/db/queries';
import {
  doorFigures,
  placesTakenLabel,
  type RegistrationCounts,
  registrationCounts,
  registrationCountsByEvent,
  statusTabs,
} from '@/lib/registrations/counts';
import { addRegistrationByHand, registerForEvent } from '@/lib/registrations/intake';
import {
  cancelByToken,
  changeRegistrationStatus,
  type StaffAction,
} from '@/lib/registrations/transitions';
import { registrationAvailability } from '@/lib/registrations/reads';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '@/lib/registrations/statuses';
import { addCoordinator, insertEvent } from './support/staff';
import {
  createTestDatabase,
  DATABASE_UNDER_TEST,
  type TestDatabase,
} from './support/test-database';

/**
 * One definition of each count (lib/registrations/counts.ts), used everywhere a count is shown:
 * one registration walks through every status while two others stay put, and after each step
 * every source of a count (the event page's header and tabs, the door board, the events list,
 * the dashboard, the capacity check, the list's filters, the public availability) says the
 * numbers the step expects.
 */

let database: TestDatabase;
const staff = { kind: 'staff' as const, userId: 'staff-counts', name: 'Ana Li' };
const coordinator = { id: staff.userId, role: 'coordinator' as const };

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addCoordinator(database.db, staff, 'ana.counts@example.org');
});
afterAll(async () => {
  await database.dispose();
});

/** What each step expects, written out by hand (not derived by the code under test). */
type Expected = {
  places: number;
  confirmed: number;
  checkedIn: number;
  noShows: number;
  excused: number;
  waitlisted: number;
  awaitingReview: number;
  cancelled: number;
  late: number;
  declined: number;
  all: number;
  tabs: string[];
  door: string;
};

const CAPACITY = 3;

async function everySource(eventId: number, title: string) {
  const db = database.db;
  const [byEvent, event, taken, list, upcoming, door, availability] = await Promise.all([
    registrationCountsByEvent(db, [eventId]),
    findConsoleEvent(db, eventId),
    placesTaken(db, eventId),
    listConsoleEvents(db, coordinator, { text: title, page: 1 }),
    upcomingEventsWithCounts(db, coordinator, new Date(), 50),
    doorList(db, eventId),
    registrationAvailability(db, eventId),
  ]);
  const filtered = {} as Record<RegistrationStatus, number>;
  for (const status of REGISTRATION_STATUSES) {
    filtered[status] = (await listRegistrants(db, eventId, { page: 1, status })).matching;
  }
  const everyone = (await listRegistrants(db, eventId, { page: 1 })).matching;
  return { byEvent, event, taken, list, upcoming, door, availability, filtered, everyone };
}

function figures(counts: RegistrationCounts) {
  return {
    places: counts.placesTaken,
    confirmed: counts.confirmed,
    checkedIn: counts.checkedIn,
    noShows: counts.noShows,
    excused: counts.excused,
    waitlisted: counts.waitlisted,
    awaitingReview: counts.awaitingReview,
    cancelled: counts.cancelled,
    late: counts.lateCancellations,
    declined: counts.declined,
    all: counts.all,
  };
}

async function expectEverywhere(eventId: number, title: string, step: string, expected: Expected) {
  const { tabs, door, ...numbers } = expected;
  const counts = await registrationCounts(database.db, eventId);
  const sources = await everySource(eventId, title);
  expect(figures(counts), step).toEqual(numbers);
  // Every other reader of counts agrees with the one query.
  expect(figures(sources.byEvent.get(eventId)!), `${step}: a list's counts`).toEqual(numbers);
  expect(figures(sources.event!.counts), `${step}: the event page`).toEqual(numbers);
  expect(sources.event!.registered, `${step}: the capacity's count`).toBe(expected.places);
  expect(sources.taken, `${step}: the registration's capacity check`).toBe(expected.places);
  const row = sources.list.rows.find((each) => each.id === eventId)!;
  expect(figures(row.counts), `${step}: the events list`).toEqual(numbers);
  expect(row.registered, `${step}: the events list`).toBe(expected.places);
  const soon = sources.upcoming.find((each) => each.id === eventId)!;
  expect(figures(soon.counts), `${step}: the dashboard`).toEqual(numbers);
  expect(sources.availability!.placesLeft, `${step}: places left on the site`).toBe(
    CAPACITY - expected.places,
  );
  // The status tabs filter the list to as many rows as they say.
  for (const status of REGISTRATION_STATUSES) {
    expect(sources.filtered[status], `${step}: the ${status} tab's rows`).toBe(
      counts.byStatus[status],
    );
  }
  expect(sources.everyone, `${step}: the All tab's rows`).toBe(expected.all);
  // The door's list holds the people its figures count.
  const atDoor = (status: RegistrationStatus) =>
    sources.door.filter((person) => person.status === status).length;
  expect(atDoor('confirmed'), `${step}: confirmed at the door`).toBe(expected.confirmed);
  expect(atDoor('attended'), `${step}: checked in at the door`).toBe(expected.checkedIn);
  expect(atDoor('no_show'), `${step}: no-shows at the door`).toBe(expected.noShows);
  // And the words each page shows.
  expect(placesTakenLabel(counts, CAPACITY), step).toBe(
    `${expected.places} / ${CAPACITY} places taken`,
  );
  expect(
    statusTabs(counts).map((tab) => tab.text),
    `${step}: the tabs`,
  ).toEqual(tabs);
  expect(
    doorFigures(counts)
      .map((figure) => `${figure.value} ${figure.words}`)
      .join(' · '),
    `${step}: the door board`,
  ).toBe(door);
}

describe(`one definition of each count (${DATABASE_UNDER_TEST})`, () => {
  it('walks a registration through every status; every count shown agrees after each step', async () => {
    const now = new Date();
    const title = 'Counting night';
    const event = await insertEvent(database.db, {
      title,
      // Within the 24-hour cut-off: the person's own cancellation is late.
      startsAt: new Date(now.getTime() + 12 * 3_600_000),
      capacity: CAPACITY,
      requiresReview: true,
      waitlistEnabled: true,
      autoPromote: false,
    });
    // Two others who stay as they are: one confirmed, one waitlisted.
    for (const [email, status] of [
      ['stays.confirmed@example.org', 'confirmed'],
      ['stays.waiting@example.org', 'waitlisted'],
    ] as const) {
      const added = await addRegistrationByHand(
        database.db,
        event.id,
        { firstName: 'Stays', lastName: 'Put', email, status },
        staff,
      );
      expect(added.kind).toBe('created');
    }
    const registered = await registerForEvent(database.db, event.id, {
      firstName: 'Wen',
      lastName: 'Walker',
      email: 'wen.walker@example.org',
    });
    if (registered.kind !== 'created') throw new Error(`not created: ${registered.kind}`);
    const walker = registered.registration.id;

    const base = {
      noShows: 0,
      excused: 0,
      awaitingReview: 0,
      cancelled: 0,
      late: 0,
      declined: 0,
      all: 3,
    };
    await expectEverywhere(event.id, title, 'awaiting review', {
      ...base,
      places: 1,
      confirmed: 1,
      checkedIn: 0,
      waitlisted: 1,
      awaitingReview: 1,
      tabs: ['All (3)', 'Awaiting review (1)', 'Confirmed (1)', 'Waitlisted (1)'],
      door: '1 confirmed · 0 checked in',
    });

    const steps: Array<[StaffAction, Expected]> = [
      [
        'confirm',
        {
          ...base,
          places: 2,
          confirmed: 2,
          checkedIn: 0,
          waitlisted: 1,
          tabs: ['All (3)', 'Confirmed (2)', 'Waitlisted (1)'],
          door: '2 confirmed · 0 checked in',
        },
      ],
      [
        'waitlist',
        {
          ...base,
          places: 1,
          confirmed: 1,
          checkedIn: 0,
          waitlisted: 2,
          tabs: ['All (3)', 'Confirmed (1)', 'Waitlisted (2)'],
          door: '1 confirmed · 0 checked in',
        },
      ],
      [
        'confirm',
        {
          ...base,
          places: 2,
          confirmed: 2,
          checkedIn: 0,
          waitlisted: 1,
          tabs: ['All (3)', 'Confirmed (2)', 'Waitlisted (1)'],
          door: '2 confirmed · 0 checked in',
        },
      ],
      [
        'check_in',
        {
          ...base,
          places: 2,
          confirmed: 1,
          checkedIn: 1,
          waitlisted: 1,
          tabs: ['All (3)', 'Confirmed (1)', 'Waitlisted (1)', 'Checked in (1)'],
          door: '1 confirmed · 1 checked in',
        },
      ],
      [
        'undo_check_in',
        {
          ...base,
          places: 2,
          confirmed: 2,
          checkedIn: 0,
          waitlisted: 1,
          tabs: ['All (3)', 'Confirmed (2)', 'Waitlisted (1)'],
          door: '2 confirmed · 0 checked in',
        },
      ],
      [
        'no_show',
        {
          ...base,
          places: 2,
          confirmed: 1,
          checkedIn: 0,
          noShows: 1,
          waitlisted: 1,
          tabs: ['All (3)', 'Confirmed (1)', 'Waitlisted (1)', 'No-show (1)'],
          door: '1 confirmed · 0 checked in · 1 no-show',
        },
      ],
      [
        'excuse',
        {
          ...base,
          places: 2,
          confirmed: 1,
          checkedIn: 0,
          excused: 1,
          waitlisted: 1,
          tabs: ['All (3)', 'Confirmed (1)', 'Waitlisted (1)', 'Excused (1)'],
          door: '1 confirmed · 0 checked in · 1 excused',
        },
      ],
      [
        'check_in',
        {
          ...base,
          places: 2,
          confirmed: 1,
          checkedIn: 1,
          waitlisted: 1,
          tabs: ['All (3)', 'Confirmed (1)', 'Waitlisted (1)', 'Checked in (1)'],
          door: '1 confirmed · 1 checked in',
        },
      ],
      [
        'undo_check_in',
        {
          ...base,
          places: 2,
          confirmed: 2,
          checkedIn: 0,
          waitlisted: 1,
          tabs: ['All (3)', 'Confirmed (2)', 'Waitlisted (1)'],
          door: '2 confirmed · 0 checked in',
        },
      ],
      [
        'cancel',
        {
          ...base,
          places: 1,
          confirmed: 1,
          checkedIn: 0,
          waitlisted: 1,
          cancelled: 1,
          tabs: ['All (3)', 'Confirmed (1)', 'Waitlisted (1)', 'Cancelled (1)'],
          door: '1 confirmed · 0 checked in',
        },
      ],
      [
        'confirm',
        {
          ...base,
          places: 2,
          confirmed: 2,
          checkedIn: 0,
          waitlisted: 1,
          tabs: ['All (3)', 'Confirmed (2)', 'Waitlisted (1)'],
          door: '2 confirmed · 0 checked in',
        },
      ],
      [
        'decline',
        {
          ...base,
          places: 1,
          confirmed: 1,
          checkedIn: 0,
          waitlisted: 1,
          declined: 1,
          tabs: ['All (3)', 'Confirmed (1)', 'Waitlisted (1)', 'Declined (1)'],
          door: '1 confirmed · 0 checked in',
        },
      ],
      [
        'confirm',
        {
          ...base,
          places: 2,
          confirmed: 2,
          checkedIn: 0,
          waitlisted: 1,
          tabs: ['All (3)', 'Confirmed (2)', 'Waitlisted (1)'],
          door: '2 confirmed · 0 checked in',
        },
      ],
    ];
    for (const [action, expected] of steps) {
      const outcome = await changeRegistrationStatus(database.db, walker, action, staff, {
        eventId: event.id,
      });
      expect(outcome.kind, action).toBe('changed');
      await expectEverywhere(event.id, title, action, expected);
    }

    // The person cancels themself within the cut-off: a late cancellation, counted as one.
    const cancelled = await cancelByToken(database.db, registered.manageToken);
    expect(cancelled.kind).toBe('cancelled');
    await expectEverywhere(event.id, title, 'a late cancellation by the person', {
      ...base,
      places: 1,
      confirmed: 1,
      checkedIn: 0,
      waitlisted: 1,
      cancelled: 1,
      late: 1,
      tabs: ['All (3)', 'Confirmed (1)', 'Waitlisted (1)', 'Cancelled (1)'],
      door: '1 confirmed · 0 checked in',
    });
  });

  it('counts several events in one query, zeros for an event nobody registered for', async () => {
    const empty = await insertEvent(database.db, { title: 'Nobody yet', capacity: 5 });
    const counts = await registrationCountsByEvent(database.db, [empty.id]);
    expect(counts.get(empty.id)).toMatchObject({ all: 0, placesTaken: 0, confirmed: 0 });
    expect(placesTakenLabel(counts.get(empty.id)!, null)).toBe('0 places taken (no limit)');
    expect(placesTakenLabel({ placesTaken: 1 }, 1)).toBe('1 / 1 place taken');
    expect(placesTakenLabel({ placesTaken: 1 }, null)).toBe('1 place taken (no limit)');
    expect(statusTabs(counts.get(empty.id)!).map((tab) => tab.text)).toEqual([
      'All (0)',
      'Confirmed (0)',
    ]);
  });

  it('an event happens today by the club’s calendar, not the server’s', () => {
    // 23:30 in Ottawa on 12 Dec is already 13 Dec in UTC.
    const lateEvening = new Date('2026-12-13T04:30:00Z');
    expect(happensToday({ startsAt: lateEvening }, new Date('2026-12-12T15:00:00Z'))).toBe(true);
    expect(happensToday({ startsAt: lateEvening }, new Date('2026-12-13T15:00:00Z'))).toBe(false);
    expect(happensToday({ startsAt: null }, new Date())).toBe(false);
  });
});
