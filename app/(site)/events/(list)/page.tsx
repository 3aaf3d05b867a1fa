import { Suspense } from 'react';
import { EventCard, EventCardPlaceholder } from '@/app/_components/EventCard';
import { Hero } from '@/app/_components/Hero';
import { pageHeroMedia } from '@/app/(site)/_components/page-hero-media';
import { EmptyText, ErrorText } from '@/app/_components/SectionStatus';
import type { EventDto } from '@/lib/api/contract';
import { getEvents } from '@/lib/api/reads';
import { DATA_SOURCES } from '@/lib/api/sources';
import { pickCopy, type Copy } from '@/lib/copy/catalogue';
import { EVENT_STATUS_COPY_KEYS } from '@/lib/copy/client-keys';
import { getCopy } from '@/lib/copy/read';
import { eventsLoadFailureText } from '@/lib/events/details';
import type { EventStatusCopy } from '@/lib/events/status';
import { eventPhase, orderForListing } from '@/lib/events/schedule';
import { pageMetadata } from '@/lib/site/seo';
import { EVENTS_HERO, EventsLoading, readEventsHero } from './shared';
import styles from './events.module.css';

export const generateMetadata = pageMetadata({
  path: '/events',
  title: 'titleEvents',
  description: EVENTS_HERO.message,
});

function EventGrid({
  events,
  now,
  copy,
  statusCopy,
}: {
  events: EventDto[];
  now: Date;
  copy: Copy<'events'>;
  statusCopy?: EventStatusCopy;
}) {
  return (
    <ul className={`card-grid ${styles.grid}`}>
      {events.map((event) => (
        <li key={event.id}>
          <EventCard
            event={event}
            phase={eventPhase(event, now)}
            copy={copy}
            statusCopy={statusCopy}
          />
        </li>
      ))}
    </ul>
  );
}

/** The cards: upcoming events first, soonest first; then past events, most recent first. */
async function EventsList({ copy, invalid }: { copy: Copy<'events'>; invalid: string }) {
  let events: EventDto[];
  try {
    events = await getEvents();
  } catch (error) {
    return (
      <>
        <ErrorText>{eventsLoadFailureText(error, { failure: copy.error, invalid })}</ErrorText>
        <div className={`card-grid ${styles.grid}`} data-testid="event-placeholders">
          <EventCardPlaceholder />
          <EventCardPlaceholder />
          <EventCardPlaceholder />
        </div>
      </>
    );
  }
  if (events.length === 0) return <EmptyText>{copy.empty}</EmptyText>;
  const statusCopy = pickCopy(await getCopy('event'), ...EVENT_STATUS_COPY_KEYS);

  const now = new Date();
  const { upcoming, past } = orderForListing(events, now);
  return (
    <>
      {upcoming.length > 0 ? (
        <section aria-labelledby="upcoming-events" className={styles.group}>
          <h2 id="upcoming-events" className={styles.groupTitle}>
            {copy.upcomingTitle}
          </h2>
          <EventGrid events={upcoming} now={now} copy={copy} statusCopy={statusCopy} />
        </section>
      ) : null}
      {past.length > 0 ? (
        <section aria-labelledby="past-events" className={styles.group}>
          <h2 id="past-events" className={styles.groupTitle}>
            {copy.pastTitle}
          </h2>
          <EventGrid events={past} now={now} copy={copy} />
        </section>
      ) : null}
    </>
  );
}

export default async function EventsPage() {
  const [hero, copy, siteCopy] = await Promise.all([
    readEventsHero(),
    getCopy('events'),
    getCopy('site'),
  ]);
  return (
    <>
      <Hero
        compact
        title={hero.title}
        message={hero.message}
        media={pageHeroMedia('events')}
        mediaErrorMessage={DATA_SOURCES.eventHeroImage.failure}
      />
      <div className="section">
        <div className={`container ${styles.events}`}>
          <Suspense fallback={<EventsLoading text={copy.loading} />}>
            <EventsList copy={copy} invalid={siteCopy.invalidData} />
          </Suspense>
        </div>
      </div>
    </>
  );
}
