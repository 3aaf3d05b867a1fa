import Link from 'next/link';
import { EVENT_TABS, eventTabHref, type EventTabSegment } from '@/lib/admin/event-tabs';
import { can, type Actor, type ScopedEvent } from '@/lib/auth/permissions';
import styles from '../../../console.module.css';

type Props = {
  actor: Actor;
  event: ScopedEvent & { id: number };
  current: EventTabSegment;
};

/** The tabs of one event's pages: what the signed-in account may open, the current one marked. */
export function EventTabs({ actor, event, current }: Props) {
  const tabs = EVENT_TABS.filter((tab) => can(actor, tab.permission, event));
  if (tabs.length < 2) return null;
  return (
    <nav aria-label="This event" className={styles.eventTabs}>
      {tabs.map((tab) => (
        <Link
          key={tab.segment || 'registrants'}
          href={eventTabHref(event.id, tab.segment)}
          aria-current={tab.segment === current ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
