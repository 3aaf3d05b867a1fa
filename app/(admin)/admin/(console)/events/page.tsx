import type { Metadata } from 'next';
import Link from 'next/link';
import { unpublishedOf } from '@/lib/admin/event-authoring';
import { listConsoleEvents } from '@/lib/admin/event-reads';
import { pageNumber } from '@/lib/admin/search';
import { can, eventsInView } from '@/lib/auth/permissions';
import { pathWithQuery, requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { placesTakenLabel } from '@/lib/registrations/counts';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../console.module.css';
import { listLink, Pager, type Search, SearchBox, single } from '../_forms/Listing';
import { NotAllowed } from '../NotAllowed';
import { DoorLink } from './DoorLink';

export const metadata: Metadata = { title: 'Events' };

export default async function EventsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const { signedIn, allowed } = await requireAccess(
    'events.list',
    pathWithQuery('/admin/events', search),
  );
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const text = single(search.q);
  const page = pageNumber(single(search.page));
  const db = await getDb();
  const { rows, hasMore } = await listConsoleEvents(db, signedIn, { text, page });
  const unpublished = await unpublishedOf(
    db,
    rows.map((row) => row.id),
  );
  const onlyLed = eventsInView(signedIn) === 'led';
  const now = new Date();
  return (
    <div className={styles.stack}>
      <div className={styles.actionsRow}>
        <h1 className={styles.pageTitle}>Events</h1>
        {can(signedIn, 'events.create') ? (
          <Link href="/admin/events/new" className={styles.button}>
            New event
          </Link>
        ) : null}
      </div>
      {single(search.deleted) ? <p className={styles.notice}>The event is deleted.</p> : null}
      {onlyLed ? <p className={styles.muted}>These are the events you lead.</p> : null}
      <section className={styles.panel} aria-labelledby="event-list">
        <h2 id="event-list" className={styles.panelTitle}>
          {text ? `Events matching “${text}”` : 'All events, latest first'}
        </h2>
        <SearchBox id="event-search" label="Search events" text={text} />
        {rows.length === 0 ? (
          <p className={styles.empty}>
            {text
              ? 'No event matches these words.'
              : onlyLed
                ? 'You lead no event yet. A coordinator assigns event leads.'
                : 'No event yet. Press “New event” to add the first one.'}
          </p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">When</th>
                <th scope="col">Location</th>
                <th scope="col">Places</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => (
                <tr key={event.id}>
                  <td data-label="Title">
                    <Link href={`/admin/events/${event.id}`}>{event.title}</Link>
                    {event.cancelledAt ? (
                      <>
                        {' '}
                        <span className={styles.badge}>Cancelled</span>
                      </>
                    ) : null}
                    {unpublished.has(event.id) ? (
                      <>
                        {' '}
                        <span className={styles.badge}>{unpublished.get(event.id)}</span>
                      </>
                    ) : null}
                  </td>
                  <td data-label="When">
                    {event.startsAt ? formatConsoleDateTime(event.startsAt) : 'To be announced'}
                  </td>
                  <td data-label="Location">{event.location ?? '—'}</td>
                  <td data-label="Places">
                    <span className={styles.row}>
                      {placesTakenLabel(event.counts, event.capacity)}
                      <DoorLink actor={signedIn} event={event} now={now} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager
          label="Event pages"
          page={page}
          hasMore={hasMore}
          linkTo={(target) => listLink('/admin/events', text, target)}
        />
      </section>
    </div>
  );
}
