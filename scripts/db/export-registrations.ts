/**
 * npm run registrations:export -- --event <id> — prints the event's registrations as CSV on
 * standard output (redirect it to a file: `... > registrations.csv`).
 *
 * The embedded database allows one process per data folder: stop the site first, or run on
 * PostgreSQL (DATABASE_URL), where the export works while the site serves.
 */
import '../lib/env-files.mjs';
import { parseArgs } from 'node:util';
import { configuredOpenOptions, openDatabase } from '@/lib/db/client';
import { toCsv } from '@/lib/db/csv';
import { findEvent, listRegistrations } from '@/lib/db/queries';

const { values } = parseArgs({ options: { event: { type: 'string' } } });
const eventId = Number(values.event);
if (!values.event || !Number.isInteger(eventId) || eventId < 1) {
  console.error('Usage: npm run registrations:export -- --event <id>');
  process.exit(2);
}

const handle = await openDatabase({ ...configuredOpenOptions(), migrate: true });
try {
  const event = await findEvent(handle.db, eventId);
  if (!event) {
    console.error(`There is no event with id ${eventId}.`);
    process.exitCode = 1;
  } else {
    const rows = await listRegistrations(handle.db, eventId);
    process.stdout.write(
      toCsv(
        ['id', 'event_id', 'event_title', 'first_name', 'last_name', 'email', 'registered_at'],
        rows.map((row) => [
          row.id,
          row.eventId,
          event.title,
          row.firstName,
          row.lastName,
          row.email,
          row.createdAt,
        ]),
      ),
    );
    console.error(`${rows.length} registration(s) for "${event.title}".`);
  }
} finally {
  await handle.close();
}
