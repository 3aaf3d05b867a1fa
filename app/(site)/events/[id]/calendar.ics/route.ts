import { getEvent } from '@/lib/api/reads';
import { buildIcs, calendarFileName, ICS_CONTENT_TYPE } from '@/lib/events/calendar';
import { siteUrl } from '@/lib/env/public';
import { eventLoadFailureText } from '@/lib/events/details';

function text(body: string, status: number): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** GET /events/{id}/calendar.ics: the event as an iCalendar file to add to any calendar. */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await params;
  let event;
  try {
    event = await getEvent(id);
  } catch (error) {
    return text(eventLoadFailureText(error), 500);
  }
  if (!event) return text('Event not found.', 404);

  const ics = buildIcs(event, {
    pageUrl: new URL(`/events/${event.id}`, siteUrl()).toString(),
    now: new Date(),
  });
  if (!ics) return text('This event has no date yet, so it cannot be added to a calendar.', 404);

  return new Response(ics, {
    headers: {
      'Content-Type': ICS_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${calendarFileName(event)}"`,
      'Cache-Control': 'no-store',
    },
  });
}
