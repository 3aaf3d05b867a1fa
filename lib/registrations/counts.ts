import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { eventRegistrations } from '@/lib/db/schema';
import { countsFromTally, type RegistrationCounts, type StatusTallyRow } from './count-words';

/**
 * The counts of an event's registrations, read by one query: their definitions (and the words
 * the pages say them in) are in ./count-words.ts, which the browser's door board shares.
 */
export {
  countOf,
  countsFromTally,
  doorFigures,
  emptyCounts,
  placesTakenLabel,
  statusTabs,
  type RegistrationCounts,
  type StatusTallyRow,
} from './count-words';

const tallyColumns = {
  status: eventRegistrations.status,
  late: eventRegistrations.lateCancellation,
  rows: count(),
};

/** Every count of one event's registrations, in one query. */
export async function registrationCounts(
  db: Pick<Database, 'select'>,
  eventId: number,
): Promise<RegistrationCounts> {
  const rows = await db
    .select(tallyColumns)
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .groupBy(eventRegistrations.status, eventRegistrations.lateCancellation);
  return countsFromTally(rows);
}

/** Every count of each of several events (a list page), in one query; events without any: zeros. */
export async function registrationCountsByEvent(
  db: Pick<Database, 'select'>,
  eventIds: readonly number[],
): Promise<Map<number, RegistrationCounts>> {
  const result = new Map<number, RegistrationCounts>();
  if (eventIds.length === 0) return result;
  const rows = await db
    .select({ eventId: eventRegistrations.eventId, ...tallyColumns })
    .from(eventRegistrations)
    .where(inArray(eventRegistrations.eventId, [...eventIds]))
    .groupBy(
      eventRegistrations.eventId,
      eventRegistrations.status,
      eventRegistrations.lateCancellation,
    );
  const byEvent = new Map<number, StatusTallyRow[]>();
  for (const row of rows) {
    const list = byEvent.get(row.eventId) ?? [];
    list.push(row);
    byEvent.set(row.eventId, list);
  }
  for (const id of eventIds) result.set(id, countsFromTally(byEvent.get(id) ?? []));
  return result;
}
