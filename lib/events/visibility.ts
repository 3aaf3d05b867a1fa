/**
 * Which events visitors see: the one rule every public read of an event follows (the events
 * pages, `/api/events/` and `/api/events/{id}/`, the availability and register endpoints, the
 * sitemap, the structured data, the home page and the member events page all read through it).
 *
 * An event is on the site when the club has not cancelled it and its publication time
 * (`published_at`) has come: null is a draft, a future time is a scheduled publication. The rule
 * compares with the clock at each read, so a scheduled event appears at its time with nothing
 * run then; the caches of what was read before that time drop it then
 * (lib/events/publication-clock.ts). No server code: proxy.ts's page cache reads the clock.
 */

export type PublicationFields = { publishedAt: Date | null; cancelledAt: Date | null };

/** Whether a visitor may see (and register for) the event at `now`. */
export function isVisibleToVisitors(event: PublicationFields, now: Date = new Date()): boolean {
  return (
    event.cancelledAt === null &&
    event.publishedAt !== null &&
    event.publishedAt.getTime() <= now.getTime()
  );
}

/** Where an event stands on the site, for the console's words. */
export type PublicationState =
  { kind: 'draft' } | { kind: 'scheduled'; at: Date } | { kind: 'published'; at: Date };

export function publicationState(publishedAt: Date | null, now: Date = new Date()) {
  if (publishedAt === null) return { kind: 'draft' } satisfies PublicationState;
  return (
    publishedAt.getTime() > now.getTime()
      ? { kind: 'scheduled', at: publishedAt }
      : { kind: 'published', at: publishedAt }
  ) satisfies PublicationState;
}
