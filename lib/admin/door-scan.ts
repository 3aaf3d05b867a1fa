import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { eventRegistrations } from '@/lib/db/schema';
import { clubTime } from '@/lib/db/time';
import { type RegistrationStatus, STATUS_LABELS } from '@/lib/registrations/statuses';
import { changeRegistrationStatus, type StaffActor } from '@/lib/registrations/transitions';

/**
 * The door's scanner: a registration named by a scanned QR code (lib/admin/check-in-link.ts) is
 * checked in at the event the door page shows, by the same change (and audit entry) as a tap on
 * the list. What the server finds decides the answer: another event's code, a registration that
 * holds no place, someone already checked in.
 */

export type DoorScan =
  | { kind: 'checked_in'; registrationId: number; name: string; checkedInAt: Date }
  | { kind: 'already_checked_in'; registrationId: number; name: string; checkedInAt: Date | null }
  | { kind: 'no_place'; registrationId: number; name: string; status: RegistrationStatus }
  | { kind: 'other_event' }
  | { kind: 'unknown' };

export async function checkInScanned(
  db: Database,
  event: { id: number },
  registrationId: number,
  staff: StaffActor,
  now: Date = new Date(),
): Promise<DoorScan> {
  const [found] = await db
    .select({
      eventId: eventRegistrations.eventId,
      firstName: eventRegistrations.firstName,
      lastName: eventRegistrations.lastName,
      status: eventRegistrations.status,
      checkedInAt: eventRegistrations.checkedInAt,
    })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId));
  if (!found) return { kind: 'unknown' };
  // Another event's person is not named: the staff at this door may not see that event.
  if (found.eventId !== event.id) return { kind: 'other_event' };
  const name = `${found.firstName} ${found.lastName}`;
  const outcome = await changeRegistrationStatus(db, registrationId, 'check_in', staff, {
    eventId: event.id,
    now,
  });
  switch (outcome.kind) {
    case 'changed':
      return {
        kind: 'checked_in',
        registrationId,
        name,
        checkedInAt: outcome.registration.checkedInAt ?? now,
      };
    case 'not_allowed':
      return outcome.from === 'attended'
        ? {
            kind: 'already_checked_in',
            registrationId,
            name,
            checkedInAt: found.status === 'attended' ? found.checkedInAt : null,
          }
        : { kind: 'no_place', registrationId, name, status: outcome.from };
    case 'full':
      // Checking in moves a held place to 'attended', so the capacity never refuses it.
      return { kind: 'no_place', registrationId, name, status: found.status as RegistrationStatus };
    case 'not_found':
      // Removed between the read and the change.
      return { kind: 'unknown' };
  }
}

/** What the door shows of a scan: big, the person (or what the code is); below, what happened. */
export function doorScanWords(scan: DoorScan, eventTitle: string): { title: string; line: string } {
  switch (scan.kind) {
    case 'checked_in':
      return { title: scan.name, line: 'Checked in' };
    case 'already_checked_in':
      return {
        title: scan.name,
        line: scan.checkedInAt
          ? `Already checked in at ${clubTime(scan.checkedInAt)}`
          : 'Already checked in',
      };
    case 'no_place':
      return {
        title: scan.name,
        line: `Not checked in: their registration is ${STATUS_LABELS[scan.status].toLowerCase()}`,
      };
    case 'other_event':
      return {
        title: 'Code for another event',
        line: `This person is registered for another event, not ${eventTitle}. Nobody was checked in.`,
      };
    case 'unknown':
      return {
        title: 'Unknown code',
        line: 'No registration has this code any more. Find the person by name instead.',
      };
  }
}
