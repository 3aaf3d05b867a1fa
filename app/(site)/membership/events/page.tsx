import Link from 'next/link';
import { unstable_rethrow } from 'next/navigation';
import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import type { EventDto } from '@/lib/api/contract';
import { getEvents } from '@/lib/api/reads';
import { fillCopy } from '@/lib/copy/catalogue';
import { getCopy } from '@/lib/copy/read';
import { clubDate } from '@/lib/db/time';
import { formatEventDate, formatEventTime } from '@/lib/site/format';
import { pageMetadata } from '@/lib/site/seo';
import { Disclaimer, MembershipNav, readMembershipContent } from '../_components/shared';
import styles from '../_components/membership.module.css';

export const generateMetadata = pageMetadata({
  path: '/membership/events',
  title: 'Member Events',
  description:
    'Upcoming TCSA events for members: dates, times and places, with early registration and priority for office tours and other events with a selection.',
});

/** Events still to come: those starting today or later, then those without a date yet. */
function upcoming(events: EventDto[], now: Date): EventDto[] {
  const today = clubDate(now);
  return events.filter((event) => event.date === null || event.date >= today);
}

async function readEvents(): Promise<EventDto[] | null> {
  try {
    return await getEvents();
  } catch (error) {
    unstable_rethrow(error);
    console.error('Failed to load the events for the member events page', error);
    return null;
  }
}

export default async function MemberEventsPage() {
  await connection();
  const [content, texts, events] = await Promise.all([
    readMembershipContent(),
    getCopy('membership'),
    readEvents(),
  ]);
  const list = events === null ? null : upcoming(events, new Date());
  return (
    <>
      <Hero compact title={texts.eventsTitle} message={content?.eventsIntro} />
      <MembershipNav current="/membership/events" texts={texts} />
      <div className="section">
        <div className={`container ${styles.narrow}`}>
          {list === null ? (
            <p className="error-text">{texts.eventsError}</p>
          ) : list.length === 0 ? (
            <p className="status-text">{texts.eventsEmpty}</p>
          ) : (
            <ul className={styles.events}>
              {list.map((event) => (
                <li key={event.id} className={styles.event}>
                  <h2>{event.title}</h2>
                  <p className={styles.meta}>
                    {formatEventDate(event.date, texts.eventDateTbd)}
                    {event.start_time ? ` · ${formatEventTime(event.start_time)}` : null}
                  </p>
                  <p className={styles.meta}>{event.location || texts.eventPlaceTbd}</p>
                  {event.category ? <p className={styles.meta}>{event.category}</p> : null}
                  <p>
                    <Link href={`/events/${event.id}`}>
                      {texts.eventsMore}
                      <span className="visually-hidden">
                        {' '}
                        {fillCopy(texts.eventsMoreAbout, { title: event.title })}
                      </span>
                    </Link>
                  </p>
                </li>
              ))}
            </ul>
          )}
          <Disclaimer content={content} texts={texts} />
        </div>
      </div>
    </>
  );
}
