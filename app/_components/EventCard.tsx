import Image from 'next/image';
import Link from 'next/link';
import type { EventDto } from '@/lib/api/contract';
import { defaultCopy, type Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { formatEventDate, formatEventTime } from '@/lib/site/format';
import { EVENT_CARD_TEXT_LIMIT, truncate } from '@/lib/site/truncate';
import type { EventPhase } from '@/lib/events/schedule';
import { statusFields, type EventStatusCopy, type EventStatusFields } from '@/lib/events/status';
import { EventStatus } from './EventStatus';
import styles from './EventCard.module.css';

export const DEFAULT_EVENT_IMAGE = '/images/default-event.svg';

export type EventCardData = Pick<
  EventDto,
  'id' | 'title' | 'location' | 'organizer' | 'date' | 'thumbnail_link'
> &
  Partial<Pick<EventDto, 'start_time'>> &
  Partial<EventStatusFields>;

function cardText(value: string | null | undefined, fallback: string): string {
  return value && value.trim() !== '' ? truncate(value, EVENT_CARD_TEXT_LIMIT) : fallback;
}

/** One event in a grid (spec section 2): picture, title, location, date, organizer, 'Register'. */
export function EventCard({
  event,
  phase = 'upcoming',
  headingLevel = 3,
  copy = defaultCopy('events'),
  statusCopy,
}: {
  event: EventCardData;
  /** An event under way or over is shown, but no longer invites registration. */
  phase?: EventPhase;
  headingLevel?: 2 | 3;
  /** The events page's texts (the card's labels and fallbacks). */
  copy?: Copy<'events'>;
  /** The status names (the event page's texts); without them the card shows no status. */
  statusCopy?: EventStatusCopy;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const past = phase === 'past';
  const registrationOpen = phase === 'upcoming';
  const title = event.title?.trim() ? event.title : copy.cardNoTitle;
  return (
    <article className={`card-surface ${past ? styles.past : ''}`} data-testid="event-card">
      <div className={styles.media}>
        <Image
          src={event.thumbnail_link || DEFAULT_EVENT_IMAGE}
          alt=""
          fill
          sizes="(max-width: 600px) 100vw, (max-width: 1000px) 50vw, 380px"
        />
        {past ? <span className={styles.pastBadge}>{copy.cardPast}</span> : null}
        {phase === 'ongoing' ? <span className={styles.pastBadge}>{copy.cardOngoing}</span> : null}
      </div>
      <div className={styles.body}>
        <Heading className={styles.title}>{title}</Heading>
        <dl className={styles.details}>
          <div className={styles.detail}>
            <dt>{copy.cardLocation}</dt>
            <dd>{cardText(event.location, copy.cardNoLocation)}</dd>
          </div>
          <div className={styles.detail}>
            <dt>{copy.cardDate}</dt>
            <dd>{truncate(formatEventDate(event.date, copy.cardNoDate), EVENT_CARD_TEXT_LIMIT)}</dd>
          </div>
          <div className={styles.detail}>
            <dt>{copy.cardTime}</dt>
            <dd>{formatEventTime(event.start_time, copy.cardNoTime)}</dd>
          </div>
          <div className={styles.detail}>
            <dt>{copy.cardOrganizer}</dt>
            <dd>{cardText(event.organizer, copy.cardNoOrganizer)}</dd>
          </div>
          {statusCopy && !past ? (
            <div className={styles.detail}>
              <dt>{statusCopy.cardStatus}</dt>
              <dd>
                <EventStatus event={statusFields(event)} copy={statusCopy} />
              </dd>
            </div>
          ) : null}
        </dl>
        <Link
          href={`/events/${event.id}`}
          className={`button ${styles.action}`}
          aria-label={fillCopy(registrationOpen ? copy.cardRegisterFor : copy.cardViewEvent, {
            title,
          })}
        >
          {registrationOpen ? copy.cardRegister : copy.cardView}
        </Link>
      </div>
    </article>
  );
}

/** An empty card of the same size, for loading and error states. */
export function EventCardPlaceholder() {
  return <div className={`card-surface ${styles.placeholderCard}`} aria-hidden="true" />;
}
