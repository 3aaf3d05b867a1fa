import { asc, inArray } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { registrationStatusChanges } from '@/lib/db/schema';
import { CLUB_TIME_ZONE } from '@/lib/db/time';
import { isRegistrationStatus, STATUS_LABELS } from './statuses';

/**
 * A registration's status history as staff read it on the registrant's row: each change in
 * words, at the club's local time, and who made it ('Confirmed → Checked in, Sat 12 Dec,
 * 6:30 PM, by Ana Li').
 */

export type StatusChange = {
  id: number;
  registrationId: number;
  fromStatus: string | null;
  toStatus: string;
  actor: string;
  actorName: string | null;
  reason: string | null;
  at: Date;
};

/** The status changes of each of the registrations (a page of the list), oldest first, in one query. */
export async function statusHistories(
  db: Pick<Database, 'select'>,
  registrationIds: readonly number[],
): Promise<Map<number, StatusChange[]>> {
  const histories = new Map<number, StatusChange[]>(registrationIds.map((id) => [id, []]));
  if (registrationIds.length === 0) return histories;
  const rows = await db
    .select({
      id: registrationStatusChanges.id,
      registrationId: registrationStatusChanges.registrationId,
      fromStatus: registrationStatusChanges.fromStatus,
      toStatus: registrationStatusChanges.toStatus,
      actor: registrationStatusChanges.actor,
      actorName: registrationStatusChanges.actorName,
      reason: registrationStatusChanges.reason,
      at: registrationStatusChanges.at,
    })
    .from(registrationStatusChanges)
    .where(inArray(registrationStatusChanges.registrationId, [...registrationIds]))
    .orderBy(asc(registrationStatusChanges.id));
  for (const row of rows) histories.get(row.registrationId)?.push(row);
  return histories;
}

const statusWords = (status: string) =>
  isRegistrationStatus(status) ? STATUS_LABELS[status] : status;

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CLUB_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const yearFormat = new Intl.DateTimeFormat('en-GB', { timeZone: CLUB_TIME_ZONE, year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CLUB_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Sat 12 Dec, 6:30 PM' in the club's time zone; the year too when it is not this year's. */
export function historyTime(at: Date, now: Date = new Date()): string {
  const day = dayFormat.format(at).replace(',', '');
  const year = yearFormat.format(at);
  const withYear = year === yearFormat.format(now) ? day : `${day} ${year}`;
  return `${withYear}, ${timeFormat.format(at)}`;
}

/** Who made a change, as the line ends: 'by Ana Li', 'by the person', 'by the site'. */
function byWhom(change: Pick<StatusChange, 'actor' | 'actorName'>): string {
  if (change.actor === 'staff') return `by ${change.actorName ?? 'a staff member'}`;
  if (change.actor === 'self') return 'by the person';
  return 'by the site';
}

/** One change in words: 'Confirmed → Checked in, Sat 12 Dec, 6:30 PM, by Ana Li'. */
export function describeStatusChange(change: StatusChange, now: Date = new Date()): string {
  const what =
    change.fromStatus === null
      ? `Registered: ${statusWords(change.toStatus)}`
      : `${statusWords(change.fromStatus)} → ${statusWords(change.toStatus)}`;
  const reason = change.reason ? ` (${change.reason})` : '';
  return `${what}, ${historyTime(change.at, now)}, ${byWhom(change)}${reason}`;
}
