import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { findConsoleEvent } from '@/lib/admin/event-reads';
import { eventNumbers, NO_SHOW_RATE_DEFINITION, percentWords, termOf } from '@/lib/admin/numbers';
import { can } from '@/lib/auth/permissions';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { parseEventId } from '@/lib/events/id';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../../../console.module.css';
import { NotAllowed } from '../../../NotAllowed';
import { NumbersDefinitions, NumbersFigures } from '../../../numbers/NumbersFigures';
import numbers from '../../../numbers/numbers.module.css';
import { EventTabs } from '../EventTabs';

export const metadata: Metadata = { title: 'Numbers' };

type Props = { params: Promise<{ id: string }> };

/** /admin/events/<id>/numbers: one event's figures, what each counts, and their CSV. */
export default async function EventNumbersPage({ params }: Props) {
  const { id: rawId } = await params;
  const { signedIn } = await requireAccess('events.list', `/admin/events/${rawId}/numbers`);
  const id = parseEventId(rawId);
  const db = await getDb();
  const event = id === null ? null : await findConsoleEvent(db, id);
  if (!event) notFound();
  if (!can(signedIn, 'numbers.read', event)) return <NotAllowed role={signedIn.role} />;
  const figures = await eventNumbers(db, event.id);
  if (!figures) notFound();
  const term = event.startsAt ? termOf(event.startsAt) : null;
  return (
    <div className={styles.stack}>
      <p>
        <Link href={`/admin/events/${event.id}`}>← {event.title}</Link>
      </p>
      <h1 className={styles.pageTitle}>Numbers: {event.title}</h1>
      <EventTabs actor={signedIn} event={event} current="numbers" />
      <p className={styles.muted}>
        {event.startsAt ? formatConsoleDateTime(event.startsAt) : 'Date to be announced'}
        {event.cancelledAt ? ' · Cancelled' : ''}
      </p>
      <NumbersFigures
        figures={[
          { label: 'Registered', value: figures.registered },
          { label: 'Places taken', value: figures.placesTaken },
          { label: 'Confirmed', value: figures.confirmed },
          { label: 'Checked in', value: figures.checkedIn },
          { label: 'No-shows', value: figures.noShows },
          { label: 'No-show rate', value: percentWords(figures.noShowRate) },
          { label: 'Late cancellations', value: figures.lateCancellations },
        ]}
      />
      <section className={numbers.section} aria-labelledby="what-they-count">
        <h2 id="what-they-count" className={numbers.sectionTitle}>
          What the numbers count
        </h2>
        <NumbersDefinitions rate={NO_SHOW_RATE_DEFINITION} />
      </section>
      <p className={styles.row}>
        <a
          href={`/admin/events/${event.id}/numbers/numbers.csv`}
          className={styles.button}
          download
        >
          Download CSV
        </a>
        {term ? <Link href={`/admin/numbers?term=${term.key}`}>All of {term.label}</Link> : null}
      </p>
    </div>
  );
}
