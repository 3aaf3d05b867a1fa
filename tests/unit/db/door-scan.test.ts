import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInScanned, doorScanWords } from '@/lib/admin/door-scan';
import { auditLog, eventRegistrations } from '@/lib/db/schema';
import { clubTime } from '@/lib/db/time';
import { registerForEvent } from '@/lib/registrations/intake';
import { changeRegistrationStatus } from '@/lib/registrations/transitions';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { addCoordinator, insertEvent } from './support/staff';

/**
 * The door's scanner on the server: a scanned code checks its person in at the door's event
 * (the tap's change and audit entry), and says why not otherwise.
 */

let database: TestDatabase;
const now = new Date('2026-11-24T23:04:00Z');
const staff = { kind: 'staff' as const, userId: 'staff-door', name: 'Sam Lee' };

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await addCoordinator(database.db, staff, 'sam@example.org');
});
afterAll(async () => {
  await database.dispose();
});

async function register(eventId: number, firstName: string) {
  const outcome = await registerForEvent(
    database.db,
    eventId,
    { firstName, lastName: 'Door', email: `${firstName.toLowerCase()}@example.org` },
    new Date(now.getTime() - 86_400_000),
  );
  if (outcome.kind !== 'created') throw new Error(`not created: ${outcome.kind}`);
  return outcome.registration.id;
}

describe('checkInScanned', () => {
  it('checks in the person of this event once, audited as a tap is; again, says since when', async () => {
    const event = await insertEvent(database.db, {
      title: 'Lantern night',
      startsAt: now,
      capacity: 10,
    });
    const ana = await register(event.id, 'Ana');
    const scan = await checkInScanned(database.db, event, ana, staff, now);
    expect(scan).toEqual({
      kind: 'checked_in',
      registrationId: ana,
      name: 'Ana Door',
      checkedInAt: now,
    });
    expect(doorScanWords(scan, event.title)).toEqual({ title: 'Ana Door', line: 'Checked in' });
    const [row] = await database.db
      .select({ status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, ana));
    expect(row?.status).toBe('attended');
    const audited = await database.db
      .select({ summary: auditLog.summary, actorId: auditLog.actorId })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'registration.checkIn'), eq(auditLog.recordId, String(event.id))),
      );
    expect(audited).toEqual([{ summary: 'Checked in Ana Door', actorId: staff.userId }]);

    const again = await checkInScanned(database.db, event, ana, staff, now);
    expect(again).toEqual({
      kind: 'already_checked_in',
      registrationId: ana,
      name: 'Ana Door',
      checkedInAt: now,
    });
    expect(doorScanWords(again, event.title).line).toBe(`Already checked in at ${clubTime(now)}`);
  });

  it('refuses another event’s code without naming its person, and a code of no registration', async () => {
    const door = await insertEvent(database.db, { title: 'Mock interviews', startsAt: now });
    const other = await insertEvent(database.db, { title: 'Hot pot social', startsAt: now });
    const bo = await register(other.id, 'Bo');
    const scan = await checkInScanned(database.db, door, bo, staff, now);
    expect(scan).toEqual({ kind: 'other_event' });
    expect(doorScanWords(scan, door.title)).toEqual({
      title: 'Code for another event',
      line: 'This person is registered for another event, not Mock interviews. Nobody was checked in.',
    });
    const [row] = await database.db
      .select({ status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, bo));
    expect(row?.status).toBe('confirmed');
    expect(await checkInScanned(database.db, door, 999_999_999, staff, now)).toEqual({
      kind: 'unknown',
    });
  });

  it('does not check in a cancelled registration, and says so by its name', async () => {
    const event = await insertEvent(database.db, { title: 'Board games', startsAt: now });
    const jia = await register(event.id, 'Jia');
    await changeRegistrationStatus(database.db, jia, 'cancel', staff, { eventId: event.id, now });
    const scan = await checkInScanned(database.db, event, jia, staff, now);
    expect(scan).toEqual({
      kind: 'no_place',
      registrationId: jia,
      name: 'Jia Door',
      status: 'cancelled',
    });
    expect(doorScanWords(scan, event.title)).toEqual({
      title: 'Jia Door',
      line: 'Not checked in: their registration is cancelled',
    });
  });
});
