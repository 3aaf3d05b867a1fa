import { and, desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placesTaken } from '@/lib/db/queries';
import {
  auditLog,
  type EventRegistration,
  eventRegistrations,
  type NewEvent,
} from '@/lib/db/schema';
import { addRegistrationByHand, registerForEvent } from '@/lib/registrations/intake';
import {
  changeRegistrationStatus,
  markNoShows,
  STAFF_ACTIONS,
  type StaffAction,
} from '@/lib/registrations/transitions';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';
import { addCoordinator, insertEvent } from './support/staff';

/**
 * Staff changes to registrations: every change that takes a place meets the capacity under the
 * event's lock, whatever the transition, and every change writes its audit entry in the same
 * transaction (a refused change writes none).
 */

let database: TestDatabase;
const now = new Date('2026-11-24T15:00:00Z');
const hours = (count: number) => new Date(now.getTime() + count * 3_600_000);
const staff = { kind: 'staff' as const, userId: 'staff-audit', name: 'Ana Li' };
const ALL_ACTIONS = Object.keys(STAFF_ACTIONS) as StaffAction[];

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addCoordinator(database.db, staff, 'ana@example.org');
});
afterAll(async () => {
  await database.dispose();
});

function makeEvent(settings: Partial<NewEvent> = {}) {
  return insertEvent(database.db, {
    title: 'Résumé clinic',
    startsAt: hours(48),
    capacity: 2,
    ...settings,
  });
}

let people = 0;
function person() {
  people += 1;
  return { firstName: `Ming${people}`, lastName: 'Zhao', email: `ming${people}@example.org` };
}

async function register(eventId: number, at = now) {
  const outcome = await registerForEvent(database.db, eventId, person(), at);
  if (outcome.kind !== 'created') throw new Error(`not created: ${outcome.kind}`);
  return outcome.registration;
}

async function auditEntriesOf(eventId: number) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'event'), eq(auditLog.recordId, String(eventId))))
    .orderBy(desc(auditLog.id));
}

describe(`staff changes to registrations (${DATABASE_UNDER_TEST})`, () => {
  it('excusing a cancelled registration of a full event is refused: it would take a place', async () => {
    const event = await makeEvent({ capacity: 1, waitlistEnabled: false });
    const first = await register(event.id);
    await changeRegistrationStatus(database.db, first.id, 'cancel', staff, {
      eventId: event.id,
      now,
    });
    const second = await register(event.id);
    expect(second.status).toBe('confirmed');

    const excuse = await changeRegistrationStatus(database.db, first.id, 'excuse', staff, {
      eventId: event.id,
      now,
      reason: 'Flight delayed.',
    });
    expect(excuse).toEqual({ kind: 'full', capacity: 1 });
    expect(await placesTaken(database.db, event.id)).toBe(1);
  });

  it('moving a confirmed person to the waitlist keeps them there: their place goes to whoever waited before', async () => {
    const event = await makeEvent({ capacity: 2, waitlistEnabled: true, autoPromote: true });
    const first = await register(event.id);
    const second = await register(event.id);
    const waiting = await register(event.id);
    expect(waiting.status).toBe('waitlisted');

    const moved = await changeRegistrationStatus(database.db, first.id, 'waitlist', staff, {
      eventId: event.id,
      now,
    });
    expect(moved).toMatchObject({ kind: 'changed', promoted: 1 });
    const statusOf = async (id: number) =>
      (
        await database.db
          .select({ status: eventRegistrations.status })
          .from(eventRegistrations)
          .where(eq(eventRegistrations.id, id))
      )[0]?.status;
    expect(await statusOf(first.id)).toBe('waitlisted');
    expect(await statusOf(waiting.id)).toBe('confirmed');

    // With nobody else waiting, the freed place stays free rather than going back to them.
    const other = await makeEvent({ capacity: 2, waitlistEnabled: true, autoPromote: true });
    const only = await register(other.id);
    const alone = await changeRegistrationStatus(database.db, only.id, 'waitlist', staff, {
      eventId: other.id,
      now,
    });
    expect(alone).toMatchObject({ kind: 'changed', promoted: 0 });
    expect(await statusOf(only.id)).toBe('waitlisted');
    expect(second.status).toBe('confirmed');
  });

  it('every transition, replayed concurrently on random registrations, never overfills the event', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            registration: fc.nat({ max: 5 }),
            action: fc.constantFrom(...ALL_ACTIONS),
          }),
          { minLength: 10, maxLength: 40 },
        ),
        async (steps) => {
          const capacity = 3;
          const event = await makeEvent({ capacity, waitlistEnabled: true, autoPromote: true });
          const registrations: EventRegistration[] = [];
          for (let index = 0; index < 6; index += 1) registrations.push(await register(event.id));
          let overfilled = false;
          let watching = true;
          const watcher = (async () => {
            while (watching) {
              if ((await placesTaken(database.db, event.id)) > capacity) overfilled = true;
              await new Promise((resolve) => setImmediate(resolve));
            }
          })();
          await Promise.all(
            steps.map((step) =>
              changeRegistrationStatus(
                database.db,
                registrations[step.registration]!.id,
                step.action,
                staff,
                { eventId: event.id, now, reason: 'Replayed.' },
              ),
            ),
          );
          watching = false;
          await watcher;
          expect(overfilled).toBe(false);
          expect(await placesTaken(database.db, event.id)).toBeLessThanOrEqual(capacity);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('each change writes its audit entry in its transaction; a refused change writes none', async () => {
    const event = await makeEvent({ capacity: 2, startsAt: hours(1) });
    const [first, second] = [await register(event.id), await register(event.id)];

    const cases: Array<[StaffAction, number, string, string]> = [
      ['check_in', first!.id, 'registration.checkIn', `Checked in ${first!.firstName} Zhao`],
      [
        'undo_check_in',
        first!.id,
        'registration.undoCheckIn',
        `Undid the check-in of ${first!.firstName} Zhao`,
      ],
      [
        'cancel',
        second!.id,
        'registration.status',
        `${second!.firstName} Zhao: Cancelled (No longer free.)`,
      ],
    ];
    for (const [action, registrationId, auditAction, summary] of cases) {
      const outcome = await changeRegistrationStatus(database.db, registrationId, action, staff, {
        eventId: event.id,
        now,
        reason: action === 'cancel' ? 'No longer free.' : null,
      });
      expect(outcome.kind).toBe('changed');
      const [latest] = await auditEntriesOf(event.id);
      expect(latest).toMatchObject({
        action: auditAction,
        actorId: staff.userId,
        actorName: staff.name,
        summary,
      });
    }

    const added = await addRegistrationByHand(
      database.db,
      event.id,
      { ...person(), status: 'confirmed' },
      staff,
      now,
    );
    expect(added.kind).toBe('created');
    expect((await auditEntriesOf(event.id))[0]).toMatchObject({ action: 'registration.add' });

    // Full now (first and the one added by hand): a refused change leaves the log as it was.
    const before = (await auditEntriesOf(event.id)).length;
    const refused = await changeRegistrationStatus(database.db, second!.id, 'confirm', staff, {
      eventId: event.id,
      now,
    });
    expect(refused).toEqual({ kind: 'full', capacity: 2 });
    expect(await auditEntriesOf(event.id)).toHaveLength(before);

    const marked = await markNoShows(database.db, event.id, staff, hours(3));
    expect(marked).toEqual({ kind: 'marked', count: 2 });
    const [noShows] = await auditEntriesOf(event.id);
    expect(noShows).toMatchObject({
      action: 'registration.noShows',
      summary: 'Marked 2 confirmed people not checked in as no-shows',
    });
    const statuses = await database.db
      .select({ status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, event.id));
    expect(statuses.filter((row) => row.status === 'no_show')).toHaveLength(2);
  });
});
