import 'server-only';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { recordChange } from '@/lib/audit/record';
import type { SignedIn } from '@/lib/auth/session';
import type { Database } from '@/lib/db/client';
import { toCsv } from '@/lib/db/csv';
import { eventRegistrations, memberships, type Event } from '@/lib/db/schema';
import { clubDate, clubTime } from '@/lib/db/time';
import { deleteRegistrations } from '@/lib/registrations/transitions';
import { type RegistrationStatus, STATUS_LABELS } from '@/lib/registrations/statuses';
import { manageLinkKey } from '@/lib/registrations/manage-token';
import { answerColumns } from '@/lib/registrations/event-questions';
import { containsPattern } from './search';

/**
 * An event's registrants as the console shows them: the list, a removal with its audit entry,
 * their export, and the door's list for check-in.
 */

export const REGISTRANTS_PAGE_SIZE = 50;

export type Registrant = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: Date;
  status: RegistrationStatus;
  lateCancellation: boolean;
  checkedInAt: Date | null;
  /** Set when the person registered as a member (their ID was checked). */
  membershipId: number | null;
  memberId: string | null;
};

/**
 * The event's registrants filtered by name or email and by status: in the order they
 * registered, the waitlist in its own order.
 */
export async function listRegistrants(
  db: Database,
  eventId: number,
  { text, page, status }: { text?: string; page: number; status?: RegistrationStatus | null },
): Promise<{ rows: Registrant[]; hasMore: boolean; matching: number }> {
  const conditions: SQL[] = [eq(eventRegistrations.eventId, eventId)];
  if (status) conditions.push(eq(eventRegistrations.status, status));
  const pattern = containsPattern(text);
  if (pattern) {
    conditions.push(
      or(
        ilike(eventRegistrations.firstName, pattern),
        ilike(eventRegistrations.lastName, pattern),
        ilike(eventRegistrations.email, pattern),
        ilike(
          sql`${eventRegistrations.firstName} || ' ' || ${eventRegistrations.lastName}`,
          pattern,
        ),
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: eventRegistrations.id,
        firstName: eventRegistrations.firstName,
        lastName: eventRegistrations.lastName,
        email: eventRegistrations.email,
        createdAt: eventRegistrations.createdAt,
        status: eventRegistrations.status,
        lateCancellation: eventRegistrations.lateCancellation,
        checkedInAt: eventRegistrations.checkedInAt,
        membershipId: eventRegistrations.membershipId,
        memberId: memberships.memberId,
      })
      .from(eventRegistrations)
      .leftJoin(memberships, eq(memberships.id, eventRegistrations.membershipId))
      .where(where)
      .orderBy(
        ...(status === 'waitlisted'
          ? [asc(eventRegistrations.queuedAt), asc(eventRegistrations.id)]
          : [asc(eventRegistrations.createdAt), asc(eventRegistrations.id)]),
      )
      .limit(REGISTRANTS_PAGE_SIZE + 1)
      .offset((page - 1) * REGISTRANTS_PAGE_SIZE),
    db.select({ rows: count() }).from(eventRegistrations).where(where),
  ]);
  return {
    rows: rows.slice(0, REGISTRANTS_PAGE_SIZE) as Registrant[],
    hasMore: rows.length > REGISTRANTS_PAGE_SIZE,
    matching: total?.rows ?? 0,
  };
}

/**
 * Removes one registration, with the reason in the audit log. The place it held goes to the
 * waitlist when the event promotes by itself.
 */
export async function removeRegistration(
  db: Database,
  actor: SignedIn,
  eventId: number,
  registrationId: number,
  reason: string,
): Promise<{ ok: true; name: string; promoted: number } | { ok: false; message: string }> {
  const key = await manageLinkKey(db);
  return db.transaction(async (tx) => {
    const {
      deleted: [removed],
      promoted,
    } = await deleteRegistrations(
      tx,
      and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.eventId, eventId))!,
      key,
    );
    if (!removed) return { ok: false, message: 'This registration was already removed.' };
    const name = `${removed.firstName} ${removed.lastName}`;
    await recordChange(tx, actor, {
      action: 'registration.remove',
      recordType: 'event',
      recordId: eventId,
      summary: `Removed ${name}'s registration: ${reason}`,
      before: { registrationId, name, email: removed.email, status: removed.status },
      after: { reason },
    });
    return { ok: true, name, promoted };
  });
}

/** The registrants as a CSV file that Excel opens correctly (lib/db/csv.ts), Chinese names included. */
export async function registrantsCsv(db: Database, eventId: number): Promise<string> {
  return (await registrantsFile(db, eventId)).csv;
}

/** The registrants' CSV and the number of registrants written to it. */
async function registrantsFile(
  db: Database,
  eventId: number,
): Promise<{ csv: string; rowsWritten: number }> {
  const rows = await db
    .select({ registration: eventRegistrations, memberId: memberships.memberId })
    .from(eventRegistrations)
    .leftJoin(memberships, eq(memberships.id, eventRegistrations.membershipId))
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
  // One column per question of the event, answered or not (removed ones with their answers).
  const answers = await answerColumns(db, eventId);
  const csv = toCsv(
    [
      'First name',
      'Last name',
      'Email',
      'Registered at (Ottawa time)',
      'Status',
      'Late cancellation',
      'Checked in at (Ottawa time)',
      'Member ID',
      ...answers.header,
    ],
    rows.map(({ registration: row, memberId }) => [
      row.firstName,
      row.lastName,
      row.email,
      `${clubDate(row.createdAt)} ${clubTime(row.createdAt)}`,
      STATUS_LABELS[row.status as RegistrationStatus] ?? row.status,
      row.status === 'cancelled' ? (row.lateCancellation ? 'yes' : 'no') : '',
      row.checkedInAt ? `${clubDate(row.checkedInAt)} ${clubTime(row.checkedInAt)}` : '',
      memberId ?? '',
      ...answers.cells(row.answers),
    ]),
    { bom: true },
  );
  return { csv, rowsWritten: rows.length };
}

/**
 * The registrants' CSV with its audit entry, which counts the rows written to the file (every
 * status, not only the places taken), since the entry records what left the site.
 */
export async function exportRegistrants(
  db: Database,
  actor: SignedIn,
  event: Pick<Event, 'id' | 'title'>,
): Promise<string> {
  const { csv, rowsWritten } = await registrantsFile(db, event.id);
  await recordChange(db, actor, {
    action: 'registration.export',
    recordType: 'event',
    recordId: event.id,
    summary: `Exported ${rowsWritten === 1 ? '1 registrant' : `${rowsWritten} registrants`} of "${event.title}"`,
  });
  return csv;
}

/** The export's file name: the event's title in safe characters and its date. */
export function registrantsFileName(event: Pick<Event, 'id' | 'title' | 'startsAt'>): string {
  const slug = event.title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .toLowerCase();
  const date = event.startsAt ? `-${clubDate(event.startsAt)}` : '';
  return `registrants-${slug || `event-${event.id}`}${date}.csv`;
}

export type DoorPerson = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  status: RegistrationStatus;
  checkedInAt: string | null;
};

/** Everyone the door may check in (confirmed, and those already checked in or marked). */
export async function doorList(db: Database, eventId: number, registrationId?: number) {
  const rows = await db
    .select({
      id: eventRegistrations.id,
      firstName: eventRegistrations.firstName,
      lastName: eventRegistrations.lastName,
      email: eventRegistrations.email,
      status: eventRegistrations.status,
      checkedInAt: eventRegistrations.checkedInAt,
    })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        inArray(eventRegistrations.status, ['confirmed', 'attended', 'no_show', 'excused']),
        ...(registrationId === undefined ? [] : [eq(eventRegistrations.id, registrationId)]),
      ),
    )
    .orderBy(asc(eventRegistrations.lastName), asc(eventRegistrations.firstName))
    .limit(5000);
  return rows.map((row): DoorPerson => ({
    ...row,
    status: row.status as RegistrationStatus,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
  }));
}

/** The event of a registration, for the door QR code's link. */
export async function eventOfRegistration(db: Database, registrationId: number) {
  const [row] = await db
    .select({ eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId));
  return row?.eventId ?? null;
}
