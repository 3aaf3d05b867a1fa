import 'server-only';
import { cache } from 'react';
import type { EventDto } from '@/lib/api/contract';
import { getEvent } from '@/lib/api/reads';

export type EventRead =
  { kind: 'found'; event: EventDto } | { kind: 'missing' } | { kind: 'failed'; error: unknown };

/**
 * The event a console preview shows (/admin/events/<id>/preview), held for this one request
 * only: React's cache() lives as long as the request it was made in. The preview checks the
 * staff session before it sets it, so no visitor's request ever holds one.
 */
const previewed = cache((): { event: EventDto | null } => ({ event: null }));

/** Renders this request's event page with `event`, a draft or a scheduled one, for staff. */
export function previewEventInThisRequest(event: EventDto): void {
  previewed().event = event;
}

/**
 * The event of an /events/{id} request, read once per request (the layout, the metadata and the
 * page all ask). A failed read keeps its error, which the page words; it is logged by the read.
 */
export const readEvent = cache(async (id: string): Promise<EventRead> => {
  const preview = previewed().event;
  if (preview && String(preview.id) === id) return { kind: 'found', event: preview };
  try {
    const event = await getEvent(id);
    return event ? { kind: 'found', event } : { kind: 'missing' };
  } catch (error) {
    return { kind: 'failed', error };
  }
});
