import { serveEvent } from '@/lib/api/respond';

/** GET /api/events/{id}/: the event, or 404 `{"error": "Event not found."}`. */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  return serveEvent((await params).id);
}
