import { Suspense } from 'react';
import { EventCard, EventCardPlaceholder } from '@/app/_components/EventCard';
import { Hero } from '@/app/_components/Hero';
import { pageHeroMedia } from '@/app/(site)/_components/page-hero-media';
import { EmptyText, ErrorText } from '@/app/_components/SectionStatus';
import type { EventDto } from '@/lib/api/contract';
import { getEvents } from '@/lib/api/reads';
import { DATA_SOURCES } from '@/lib/api/sources';
import { eventsLoadFailureText, NO_EVENTS } from '@/lib/event-details';
import { eventPhase, orderForListing } from '@/lib/events';
import { pageMetadata } from '@/lib/seo';
import { EVENTS_HERO, EventsLoading } from './shared';
import styles from './events.module.css';

export const generateMetadata = pageMetadata({
  path: '/events',
  title: { absolute: 'Events' },
  description: EVENTS_HERO.message,
});

function EventGrid({ events, now }: { events: EventDto[]; now: Date }) {
  return (
    <ul className={`card-grid ${styles.grid}`}>
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} phase={eventPhase(event, now)} />
        </li>
      ))}
    </ul>
  );
}

/** The cards: upcoming events first, soonest first; then past events, most recent first. */
async function EventsList() {
  let events: EventDto[];
  try {
    events = await getEvents();
  } catch (error) {
    return (
      <>
        <ErrorText>{eventsLoadFailureText(error)}</ErrorText>
        <div className={`card-grid ${styles.grid}`} data-testid="event-placeholders">
          <EventCardPlaceholder />
          <EventCardPlaceholder />
          <EventCardPlaceholder />
        </div>
      </>
    );
  }
  if (events.length === 0) return <EmptyText>{NO_EVENTS}</EmptyText>;

  const now = new Date();
  const { upcoming, past } = orderForListing(events, now);
  return (
    <>
      {upcoming.length > 0 ? (
        <section aria-labelledby="upcoming-events" className={styles.group}>
          <h2 id="upcoming-events" className={styles.groupTitle}>
            Upcoming Events
          </h2>
          <EventGrid events={upcoming} now={now} />
        </section>
      ) : null}
      {past.length > 0 ? (
        <section aria-labelledby="past-events" className={styles.group}>
          <h2 id="past-events" className={styles.groupTitle}>
            Past Events
          </h2>
          <EventGrid events={past} now={now} />
        </section>
      ) : null}
    </>
  );
}

export default function EventsPage() {
  return (
    <>
      <Hero
        compact
        title={EVENTS_HERO.title}
        message={EVENTS_HERO.message}
        media={pageHeroMedia('events')}
        mediaErrorMessage={DATA_SOURCES.eventHeroImage.failure}
      />
      <div className="section">
        <div className={`container ${styles.events}`}>
          <Suspense fallback={<EventsLoading />}>
            <EventsList />
          </Suspense>
        </div>
      </div>
    </>
  );
}
