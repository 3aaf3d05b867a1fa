import { eventNumbers, eventNumbersFileName, exportEventNumbers } from '@/lib/admin/numbers';
import { guardEvent, NO_SUCH_EVENT_MESSAGE, refusalResponse } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';

/**
 * GET /admin/events/<id>/numbers/numbers.csv: the event's numbers as a download, for those who
 * may read them (an event lead: their events only). Each download is in the audit log.
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  const access = await guardEvent('numbers.read', (await params).id, request);
  if (!access.ok) return refusalResponse(access);
  const db = await getDb();
  const figures = await eventNumbers(db, access.event.id);
  if (!figures)
    return refusalResponse({
      ok: false,
      status: 404,
      reason: 'no_such_event',
      message: NO_SUCH_EVENT_MESSAGE,
    });
  const csv = await exportEventNumbers(db, access.actor, figures);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${eventNumbersFileName(access.event)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
