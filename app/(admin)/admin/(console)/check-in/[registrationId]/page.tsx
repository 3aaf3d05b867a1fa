import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { findConsoleEvent } from '@/lib/admin/event-reads';
import { doorList, eventOfRegistration } from '@/lib/admin/registrants';
import { can } from '@/lib/auth/permissions';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import styles from '../../../console.module.css';
import { CheckInBoard } from '../../events/[id]/check-in/CheckInBoard';
import { NotAllowed } from '../../NotAllowed';

export const metadata: Metadata = { title: 'Check-in' };

type Props = { params: Promise<{ registrationId: string }> };

/**
 * /admin/check-in/<registration>: where the QR code of a confirmation email leads. Signed-in
 * staff of the event see the person's card and check them in with one tap; anyone else is
 * asked to sign in, or told the page is not for their role.
 */
export default async function CheckInPersonPage({ params }: Props) {
  const { registrationId: raw } = await params;
  const { signedIn } = await requireAccess('events.list', `/admin/check-in/${raw}`);
  const registrationId = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const db = await getDb();
  const eventId = registrationId === null ? null : await eventOfRegistration(db, registrationId);
  const event = eventId === null ? null : await findConsoleEvent(db, eventId);
  if (!event || registrationId === null) notFound();
  if (!can(signedIn, 'registrations.checkIn', event)) return <NotAllowed role={signedIn.role} />;
  const people = await doorList(db, event.id, registrationId);
  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>Check-in: {event.title}</h1>
      {people.length === 0 ? (
        <p className={styles.alert}>
          This person has no confirmed place at this event (they may be on the waitlist, or have
          cancelled). See the{' '}
          <Link href={`/admin/events/${event.id}`}>event&apos;s registrants</Link>.
        </p>
      ) : (
        <CheckInBoard eventId={event.id} people={people} counts={event.counts} single />
      )}
      <p>
        <Link href={`/admin/events/${event.id}/check-in`}>Everyone at the door</Link>
      </p>
    </div>
  );
}
