import 'server-only';
import { apiError } from '@/lib/http/api-errors';
import { loadEvent, loadList } from './reads';
import { DATA_SOURCES, type ListSource } from './sources';

/**
 * The bodies of the GET route handlers: each endpoint is one line that names its source.
 * A failed read answers 500 with the spec's failure text for that source in `error`.
 */

export async function serveList(source: ListSource): Promise<Response> {
  try {
    return Response.json(await loadList(source));
  } catch {
    // loadList logged the cause.
    return apiError('source_failed', { message: DATA_SOURCES[source].failure });
  }
}

export async function serveEvent(rawId: string): Promise<Response> {
  try {
    const event = await loadEvent(rawId);
    if (event === null) return apiError('event_not_found');
    return Response.json(event);
  } catch {
    return apiError('source_failed', { message: DATA_SOURCES.event.failure });
  }
}
