import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { formValuesOf } from '@/lib/admin/events';
import { findConsoleEvent, leadChoices } from '@/lib/admin/event-reads';
import { can } from '@/lib/auth/permissions';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { parseEventId } from '@/lib/events/id';
import { changeNoticeOffer } from '@/lib/registrations/change-notices';
import { isVisibleToVisitors } from '@/lib/events/visibility';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../../../console.module.css';
import { NotAllowed } from '../../../NotAllowed';
import { EventForm } from '../../EventForm';
import { RemoveEventForm, RestoreEventForm } from '../EventActions';
import { EventTabs } from '../EventTabs';

export const metadata: Metadata = { title: 'Event settings' };

type Props = { params: Promise<{ id: string }> };

/** /admin/events/<id>/edit: the event's settings, and cancelling or deleting it. */
export default async function EditEventPage({ params }: Props) {
  const { id: rawId } = await params;
  const { signedIn } = await requireAccess('events.list', `/admin/events/${rawId}/edit`);
  const id = parseEventId(rawId);
  const db = await getDb();
  const event = id === null ? null : await findConsoleEvent(db, id);
  if (!event) notFound();
  if (!can(signedIn, 'events.edit', event)) return <NotAllowed role={signedIn.role} />;
  const leads = can(signedIn, 'events.assignLeads') ? await leadChoices(db) : null;
  // Offered where the account may write to the registrants: until someone answers, a reload
  // shows it again.
  const changeOffer = can(signedIn, 'registrations.message', event)
    ? await changeNoticeOffer(db, event)
    : undefined;
  return (
    <div className={styles.stack}>
      <p>
        <Link href={`/admin/events/${event.id}`}>← {event.title}: registrants</Link>
      </p>
      <h1 className={styles.pageTitle}>{event.title}</h1>
      <EventTabs actor={signedIn} event={event} current="edit" />
      {event.cancelledAt ? (
        <p className={styles.alert}>
          This event was cancelled on {formatConsoleDateTime(event.cancelledAt)}: visitors no longer
          see it.
        </p>
      ) : isVisibleToVisitors(event) ? (
        <p>
          <Link href={`/events/${event.id}`}>See it on the site</Link>
        </p>
      ) : null}
      <section className={styles.panel} aria-labelledby="event-details">
        <h2 id="event-details" className={styles.panelTitle}>
          The event
        </h2>
        <EventForm
          eventId={event.id}
          initialValues={formValuesOf(event)}
          leadChoices={leads}
          leadIds={event.leadIds}
          canDuplicate={can(signedIn, 'events.create')}
          changeOffer={changeOffer}
        />
      </section>
      {can(signedIn, 'events.delete') ? (
        <section className={styles.panel} aria-labelledby="remove-event">
          <h2 id="remove-event" className={styles.panelTitle}>
            {event.cancelledAt ? 'Cancelled' : event.registered > 0 ? 'Cancel' : 'Delete'}
          </h2>
          {event.cancelledAt ? (
            <RestoreEventForm eventId={event.id} />
          ) : (
            <RemoveEventForm eventId={event.id} registered={event.registered} />
          )}
        </section>
      ) : null}
    </div>
  );
}
