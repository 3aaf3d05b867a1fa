import Image from 'next/image';
import Link from 'next/link';
import type { EventDto } from '@/lib/api/contract';
import {
  EVENT_CARD_TEXT_LIMIT,
  EVENT_FALLBACKS,
  formatEventDate,
  formatEventTime,
  truncate,
} from '@/lib/format';
import type { EventPhase } from '@/lib/events';
import styles from './EventCard.module.css';

export const DEFAULT_EVENT_IMAGE = '/images/default-event.svg';

export type EventCardData = Pick<
  EventDto,
  'id' | 'title' | 'location' | 'organizer' | 'date' | 'thumbnail_link'
> &
  Partial<Pick<EventDto, 'start_time'>>;

function cardText(value: string | null | undefined, fallback: string): string {
  return value && value.trim() !== '' ? truncate(value, EVENT_CARD_TEXT_LIMIT) : fallback;
}

/** One event in a grid (spec section 2): picture, title, location, date, organizer, 'Register'. */
export function EventCard({
  event,
  phase = 'upcoming',
  headingLevel = 3,
}: {
  event: EventCardData;
  /** An event under way or over is shown, but no longer invites registration. */
  phase?: EventPhase;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const past = phase === 'past';
  const registrationOpen = phase === 'upcoming';
  const title = event.title?.trim() ? event.title : EVENT_FALLBACKS.title;
  return (
    <article className={`card-surface ${past ? styles.past : ''}`} data-testid="event-card">
      <div className={styles.media}>
        <Image
          src={event.thumbnail_link || DEFAULT_EVENT_IMAGE}
          alt=""
          fill
          sizes="(max-width: 600px) 100vw, (max-width: 1000px) 50vw, 380px"
        />
        {past ? <span className={styles.pastBadge}>Past event</span> : null}
        {phase === 'ongoing' ? <span className={styles.pastBadge}>Happening now</span> : null}
      </div>
      <div className={styles.body}>
        <Heading className={styles.title}>{title}</Heading>
        <dl className={styles.details}>
          <div className={styles.detail}>
            <dt>Location:</dt>
            <dd>{cardText(event.location, EVENT_FALLBACKS.location)}</dd>
          </div>
          <div className={styles.detail}>
            <dt>Date:</dt>
            <dd>{truncate(formatEventDate(event.date), EVENT_CARD_TEXT_LIMIT)}</dd>
          </div>
          <div className={styles.detail}>
            <dt>Time:</dt>
            <dd>{formatEventTime(event.start_time)}</dd>
          </div>
          <div className={styles.detail}>
            <dt>Organizer:</dt>
            <dd>{cardText(event.organizer, EVENT_FALLBACKS.organizer)}</dd>
          </div>
        </dl>
        <Link
          href={`/events/${event.id}`}
          className={`button ${styles.action}`}
          aria-label={registrationOpen ? `Register for ${title}` : `View event: ${title}`}
        >
          {registrationOpen ? 'Register' : 'View event'}
        </Link>
      </div>
    </article>
  );
}

/** An empty card of the same size, for loading and error states. */
export function EventCardPlaceholder() {
  return <div className={`card-surface ${styles.placeholderCard}`} aria-hidden="true" />;
}
