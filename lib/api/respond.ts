import 'server-only';
import { apiError } from '@/lib/http/api-errors';
import { publicQuestions } from '@/lib/registrations/public-questions';
import { loadEvent, loadListJson } from './reads';
import { DATA_SOURCES, type ListSource } from './sources';

/**
 * The bodies of the GET route handlers: each endpoint is one line that names its source.
 * A failed read answers 500 with the spec's failure text for that source in `error`.
 */

const JSON_HEADERS = { 'content-type': 'application/json' } as const;

export async function serveList(source: ListSource): Promise<Response> {
  try {
    // The serialized list kept in this process, the same bytes for every visitor.
    return new Response(await loadListJson(source), { headers: JSON_HEADERS });
  } catch {
    // The read logged the cause.
    return apiError('source_failed', { message: DATA_SOURCES[source].failure });
  }
}

export async function serveEvent(rawId: string): Promise<Response> {
  try {
    const event = await loadEvent(rawId);
    if (event === null) return apiError('event_not_found');
    // The questions its registration asks, added to the event's fields (the 'invalid' test
    // fault's list is answered as it is).
    if (Array.isArray(event)) return Response.json(event);
    return Response.json({ ...event, questions: await publicQuestions(event.id) });
  } catch {
    return apiError('source_failed', { message: DATA_SOURCES.event.failure });
  }
}
