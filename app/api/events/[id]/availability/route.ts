import { serveAvailability } from '@/lib/registrations/manage-endpoint';

/** GET /api/events/{id}/availability/: what the event page says about registering. */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  return serveAvailability((await params).id);
}
