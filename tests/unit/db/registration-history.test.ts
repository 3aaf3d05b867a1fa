import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStatusChange, historyTime, statusHistories } from '@/lib/registrations/history';
import { registerForEvent } from '@/lib/registrations/intake';
import { changeRegistrationStatus } from '@/lib/registrations/transitions';
import { addCoordinator, insertEvent } from './support/staff';
import {
  createTestDatabase,
  DATABASE_UNDER_TEST,
  type TestDatabase,
} from './support/test-database';

/**
 * A registration's status history, as its row in the console shows it: each change in words,
 * at the club's local time, and who made it.
 */

let database: TestDatabase;
const staff = { kind: 'staff' as const, userId: 'staff-history', name: 'Ana Li' };

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addCoordinator(database.db, staff, 'ana.history@example.org');
});
afterAll(async () => {
  await database.dispose();
});

describe(`a registration's status history (${DATABASE_UNDER_TEST})`, () => {
  it('says each change, oldest first, in words and Ottawa time, with who made it', async () => {
    // Sat 12 Dec 2026, 6:30 PM in Ottawa (EST, UTC-5).
    const at = (minutes: number) => new Date(Date.UTC(2026, 11, 12, 23, 30 + minutes));
    const event = await insertEvent(database.db, {
      title: 'Winter gala',
      startsAt: at(30),
      capacity: 10,
      waitlistEnabled: true,
    });
    const registered = await registerForEvent(
      database.db,
      event.id,
      { firstName: 'Mei', lastName: 'Chen', email: 'mei.history@example.org' },
      at(-24 * 60),
    );
    if (registered.kind !== 'created') throw new Error(registered.kind);
    const id = registered.registration.id;
    for (const [action, minutes, reason] of [
      ['check_in', 0, null],
      ['undo_check_in', 1, null],
      ['cancel', 2, 'Asked by email'],
    ] as const) {
      const outcome = await changeRegistrationStatus(database.db, id, action, staff, {
        eventId: event.id,
        now: at(minutes),
        reason,
      });
      expect(outcome.kind).toBe('changed');
    }
    const other = await registerForEvent(
      database.db,
      event.id,
      { firstName: 'Bo', lastName: 'Wu', email: 'bo.history@example.org' },
      at(-60),
    );
    if (other.kind !== 'created') throw new Error(other.kind);

    const histories = await statusHistories(database.db, [id, other.registration.id, 999_999]);
    const sameYear = new Date('2026-12-20T12:00:00Z');
    expect(histories.get(id)!.map((change) => describeStatusChange(change, sameYear))).toEqual([
      'Registered: Confirmed, Fri 11 Dec, 6:30 PM, by the person',
      'Confirmed → Checked in, Sat 12 Dec, 6:30 PM, by Ana Li',
      'Checked in → Confirmed, Sat 12 Dec, 6:31 PM, by Ana Li',
      'Confirmed → Cancelled, Sat 12 Dec, 6:32 PM, by Ana Li (Asked by email)',
    ]);
    expect(histories.get(other.registration.id)).toHaveLength(1);
    expect(histories.get(999_999)).toEqual([]);
    expect(await statusHistories(database.db, [])).toEqual(new Map());
  });

  it('names the year of a change from another year, and the site for its own changes', () => {
    expect(historyTime(new Date('2025-07-04T16:05:00Z'), new Date('2026-01-10T12:00:00Z'))).toBe(
      'Fri 4 Jul 2025, 12:05 PM',
    );
    expect(
      describeStatusChange(
        {
          id: 1,
          registrationId: 1,
          fromStatus: 'waitlisted',
          toStatus: 'confirmed',
          actor: 'system',
          actorName: null,
          reason: 'A place opened up.',
          at: new Date('2026-03-02T14:00:00Z'),
        },
        new Date('2026-03-03T00:00:00Z'),
      ),
    ).toBe('Waitlisted → Confirmed, Mon 2 Mar, 9:00 AM, by the site (A place opened up.)');
  });
});
