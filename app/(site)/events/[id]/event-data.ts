import 'server-only';
import { cache } from 'react';
import type { EventDto } from '@/lib/api/contract';
import { getEvent } from '@/lib/api/reads';

export type EventRead =
  { kind: 'found'; event: EventDto } | { kind: 'missing' } | { kind: 'failed'; error: unknown };

/**
 * The event of an /events/{id} request, read once per request (the layout, the metadata and the
 * page all ask). A failed read keeps its error, which the page words; it is logged by the read.
 */
export const readEvent = cache(async (id: string): Promise<EventRead> => {
  try {
    const event = await getEvent(id);
    return event ? { kind: 'found', event } : { kind: 'missing' };
  } catch (error) {
    return { kind: 'failed', error };
  }
});
