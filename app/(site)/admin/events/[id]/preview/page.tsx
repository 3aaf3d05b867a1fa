import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import EventDetailPage from '@/app/(site)/events/[id]/page';
import { previewEventInThisRequest } from '@/app/(site)/events/[id]/event-data';
import { publicationWords } from '@/lib/admin/event-authoring';
import { findConsoleEvent } from '@/lib/admin/event-reads';
import { toEventDto } from '@/lib/api/serialize';
import { can } from '@/lib/auth/permissions';
import { getSignedIn, signInPath } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { eventRooms } from '@/lib/db/queries';
import { parseEventId } from '@/lib/events/id';
import { isVisibleToVisitors } from '@/lib/events/visibility';
import styles from './preview.module.css';

export const metadata: Metadata = {
  title: { absolute: 'Preview of an event | TCSA console' },
  robots: { index: false, follow: false },
};

type Props = { params: Promise<{ id: string }> };

/**
 * /admin/events/<id>/preview: the event's public page as a visitor will see it, a draft or a
 * scheduled event included, in the site's own frame. Only for signed-in staff who may edit the
 * event (a visitor is sent to sign in; anyone else finds nothing), and never cached: proxy.ts
 * keeps /admin answers out of every cache and search engine.
 */
export default async function EventPreviewPage({ params }: Props) {
  const { id: rawId } = await params;
  const signedIn = await getSignedIn();
  if (!signedIn) redirect(signInPath(`/admin/events/${rawId}/preview`));
  const id = parseEventId(rawId);
  const db = await getDb();
  const event = id === null ? null : await findConsoleEvent(db, id);
  if (!event || !can(signedIn, 'events.edit', event)) notFound();

  const rooms = await eventRooms(db, [event]);
  previewEventInThisRequest(toEventDto(event, rooms.get(event.id)));
  const onSite = isVisibleToVisitors(event);
  return (
    <>
      <section className={styles.bar} aria-label="Preview of the event">
        <p>
          <strong>Preview as a visitor will see it.</strong>{' '}
          {event.cancelledAt
            ? 'Cancelled: visitors do not see it.'
            : onSite
              ? 'Published: this is the page visitors see.'
              : `${publicationWords(event.publishedAt)}. Registering works once it is on the site.`}
        </p>
        <p>
          <Link href={`/admin/events/${event.id}/edit`}>Back to the event’s settings</Link>
        </p>
      </section>
      <EventDetailPage params={Promise.resolve({ id: String(event.id) })} />
    </>
  );
}
