import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { findConsoleEvent } from '@/lib/admin/event-reads';
import { doorList } from '@/lib/admin/registrants';
import { can } from '@/lib/auth/permissions';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { siteUrl } from '@/lib/env/public';
import { parseEventId } from '@/lib/events/id';
import styles from '../../../../console.module.css';
import { NotAllowed } from '../../../NotAllowed';
import { EventTabs } from '../EventTabs';
import { CheckInBoard } from './CheckInBoard';

export const metadata: Metadata = { title: 'Check-in' };

type Props = { params: Promise<{ id: string }> };

/** /admin/events/<id>/check-in: the door, made for a phone: scan a code, or search and tap. */
export default async function CheckInPage({ params }: Props) {
  const { id: rawId } = await params;
  const { signedIn } = await requireAccess('events.list', `/admin/events/${rawId}/check-in`);
  const id = parseEventId(rawId);
  const db = await getDb();
  const event = id === null ? null : await findConsoleEvent(db, id);
  if (!event) notFound();
  if (!can(signedIn, 'registrations.checkIn', event)) return <NotAllowed role={signedIn.role} />;
  const people = await doorList(db, event.id);
  return (
    <div className={styles.stack}>
      <p>
        <Link href={`/admin/events/${event.id}`}>← {event.title}</Link>
      </p>
      <h1 className={styles.pageTitle}>Check-in: {event.title}</h1>
      <EventTabs actor={signedIn} event={event} current="check-in" />
      <CheckInBoard
        eventId={event.id}
        people={people}
        counts={event.counts}
        siteOrigin={siteUrl()}
      />
    </div>
  );
}
