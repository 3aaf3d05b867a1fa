'use server';

import { checkInScanned, doorScanWords } from '@/lib/admin/door-scan';
import { guardEvent } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { registrationCounts, type RegistrationCounts } from '@/lib/registrations/counts';

/**
 * What the door's scanner shows of a scanned code: `checked_in` and `already` name the person
 * (and bring the board's figures and the time they came in), `refused` says why nobody was
 * checked in.
 */
export type DoorScanResult = {
  tone: 'checked_in' | 'already' | 'refused';
  title: string;
  line: string;
  registrationId: number | null;
  checkedInAt: string | null;
  counts: RegistrationCounts | null;
};

/**
 * The door's scanner: check in the registration a QR code names, at this event. The same guard
 * (session, role, an event lead only on their events) and change as the list's tap (checkIn in
 * ../../registration-actions.ts); the server answers another event's code, a registration
 * without a place and someone already checked in.
 */
export async function checkInByCode(
  eventId: number,
  registrationId: number,
): Promise<DoorScanResult> {
  const access = await guardEvent('registrations.checkIn', eventId);
  if (!access.ok) return refused('Not checked in', access.message);
  if (!Number.isSafeInteger(registrationId) || registrationId <= 0) {
    return refused('Unknown code', 'This code names no registration.');
  }
  const db = await getDb();
  const scan = await checkInScanned(db, access.event, registrationId, {
    kind: 'staff',
    userId: access.actor.id,
    name: access.actor.name,
  });
  const words = doorScanWords(scan, access.event.title);
  if (scan.kind === 'checked_in' || scan.kind === 'already_checked_in') {
    return {
      tone: scan.kind === 'checked_in' ? 'checked_in' : 'already',
      ...words,
      registrationId: scan.registrationId,
      checkedInAt: scan.checkedInAt?.toISOString() ?? null,
      // The board's figures after the change, by the same definition as every other page.
      counts: await registrationCounts(db, access.event.id),
    };
  }
  return refused(words.title, words.line);
}

function refused(title: string, line: string): DoorScanResult {
  return { tone: 'refused', title, line, registrationId: null, checkedInAt: null, counts: null };
}
