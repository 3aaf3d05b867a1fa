import { exportRegistrants, registrantsFileName } from '@/lib/admin/registrants';
import { guardEvent, refusalResponse } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';

/**
 * GET /admin/events/<id>/registrants.csv: the event's registrants as a download, for the roles
 * that may export them (an event lead: their events only). Each export is logged, since it
 * takes personal data out of the site.
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  const access = await guardEvent('registrations.export', (await params).id, request);
  if (!access.ok) return refusalResponse(access);
  const { event } = access;
  const csv = await exportRegistrants(await getDb(), access.actor, event);
  const fileName = registrantsFileName(event);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
