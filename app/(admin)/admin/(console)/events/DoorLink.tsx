import Link from 'next/link';
import { happensToday } from '@/lib/admin/event-reads';
import { can, type Actor, type ScopedEvent } from '@/lib/auth/permissions';
import styles from '../../console.module.css';

type DoorEvent = ScopedEvent & {
  id: number;
  title: string;
  startsAt: Date | null;
  cancelledAt?: Date | null;
};

/**
 * 'Door': straight to the check-in of an event happening today (on the club's calendar), for
 * those who may check people in there; nothing for other events and other accounts.
 */
export function DoorLink({ actor, event, now }: { actor: Actor; event: DoorEvent; now: Date }) {
  if (event.cancelledAt || !happensToday(event, now)) return null;
  if (!can(actor, 'registrations.checkIn', event)) return null;
  return (
    <Link
      href={`/admin/events/${event.id}/check-in`}
      className={`${styles.button} ${styles.quietButton}`}
      aria-label={`Door of ${event.title} (check-in)`}
    >
      Door
    </Link>
  );
}
