import { findConsoleEvent, registrantsCsv, registrantsFileName } from '@/lib/admin/events';
import { recordChange } from '@/lib/audit';
import { can } from '@/lib/auth/permissions';
import { NOT_ALLOWED_MESSAGE, signedInFrom } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { parseEventId } from '@/lib/event-id';

/**
 * GET /admin/events/<id>/registrants.csv: the event's registrants as a download, for the roles
 * that may export them (an event lead: their events only). Each export is logged, since it
 * takes personal data out of the site.
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  const text = (status: number, body: string) =>
    new Response(body, {
      status,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'private, no-store',
      },
    });
  const signedIn = await signedInFrom(request.headers);
  if (!signedIn) return text(401, NOT_ALLOWED_MESSAGE);
  const id = parseEventId((await params).id);
  const db = await getDb();
  const event = id === null ? null : await findConsoleEvent(db, id);
  if (!event) return text(404, 'There is no such event.');
  if (!can(signedIn, 'registrations.export', event)) return text(403, NOT_ALLOWED_MESSAGE);
  const csv = await registrantsCsv(db, event.id);
  await recordChange(db, signedIn, {
    action: 'registration.export',
    recordType: 'event',
    recordId: event.id,
    summary: `Exported the ${event.registered} registrants of "${event.title}"`,
  });
  const fileName = registrantsFileName(event);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
