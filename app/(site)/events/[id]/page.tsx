import type { Metadata } from 'next';
import Image from 'next/image';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { DEFAULT_EVENT_IMAGE } from '@/app/_components/EventCard';
import type { EventDto } from '@/lib/api/contract';
import { googleCalendarUrl } from '@/lib/calendar';
import { jsonForScript } from '@/lib/content';
import { getEmailConfig } from '@/lib/email-config';
import { siteUrl } from '@/lib/env/public';
import { cspNonce } from '@/lib/nonce';
import {
  durationText,
  EVENT_DETAILS_TITLE,
  eventPageTitle,
  eventSchedule,
  eventScheduleText,
  NO_POSTER,
  previewDescription,
  REGISTRATION_CLOSED,
} from '@/lib/event-details';
import { eventJsonLd } from '@/lib/event-structured-data';
import { hasEnded, hasStarted } from '@/lib/events';
import { CLUB_TIME_ZONE, CLUB_TIME_ZONE_LABEL, EVENT_FALLBACKS } from '@/lib/format';
import { readEvent } from './event-data';
import { RegistrationForm } from './RegistrationForm';
import styles from './event.module.css';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const read = await readEvent((await params).id);
  if (read.kind !== 'found') {
    return { title: { absolute: EVENT_DETAILS_TITLE }, robots: { index: false } };
  }
  const { event } = read;
  const title = eventPageTitle(event);
  const description = previewDescription(event);
  const image = event.poster_img ?? event.thumbnail_link ?? DEFAULT_EVENT_IMAGE;
  return {
    title: { absolute: title },
    description,
    alternates: { canonical: `/events/${event.id}` },
    openGraph: {
      type: 'website',
      siteName: 'Telfer Chinese Student Association',
      locale: 'en_CA',
      url: `/events/${event.id}`,
      title,
      description,
      images: [{ url: image, alt: `${title}${event.poster_img ? ' poster' : ''}` }],
    },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
  };
}

function CalendarLinks({ event }: { event: EventDto }) {
  const google = googleCalendarUrl(event, new URL(`/events/${event.id}`, siteUrl()).toString());
  if (!google) return null;
  return (
    <div className={styles.calendar}>
      <a className="button button-outline" href={`/events/${event.id}/calendar.ics`} download>
        Add to calendar (.ics)
      </a>
      <a className="button button-outline" href={google} target="_blank" rel="noopener noreferrer">
        Add to Google Calendar
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

function Registration({ event, now }: { event: EventDto; now: Date }) {
  if (hasStarted(event, now)) {
    const { date } = eventSchedule(event);
    return (
      <section className={styles.closed} aria-labelledby="registration-title">
        <h2 id="registration-title" className={styles.sectionTitle}>
          Registration closed
        </h2>
        <p>{REGISTRATION_CLOSED}</p>
        <p className={styles.muted}>
          {hasEnded(event, now)
            ? `This event took place on ${date}.`
            : 'This event has already started.'}{' '}
          <Link href="/events">See our upcoming events</Link>.
        </p>
      </section>
    );
  }
  return (
    <section className={styles.register} aria-labelledby="registration-title">
      <RegistrationForm
        titleId="registration-title"
        eventId={event.id}
        eventTitle={eventPageTitle(event)}
        eventDate={eventScheduleText(event)}
        emailConfig={getEmailConfig()}
      />
    </section>
  );
}

export default async function EventDetailPage({ params }: Props) {
  const read = await readEvent((await params).id);
  if (read.kind === 'missing') notFound();
  if (read.kind === 'failed') {
    return (
      <div className={`container ${styles.page}`}>
        <h1 className={styles.title}>{EVENT_DETAILS_TITLE}</h1>
        <p role="alert" className={styles.error}>
          {read.message}
        </p>
        <Link href="/events" className={`button button-outline ${styles.errorAction}`}>
          Back to all events
        </Link>
      </div>
    );
  }

  const { event } = read;
  const now = new Date();
  const title = eventPageTitle(event);
  const schedule = eventSchedule(event);
  const past = hasEnded(event, now);
  const jsonLd = eventJsonLd(event, {
    siteUrl: siteUrl(),
    registrationOpen: !hasStarted(event, now),
    defaultImage: DEFAULT_EVENT_IMAGE,
  });
  const nonce = await cspNonce();

  return (
    <article className={`container ${styles.page}`} aria-labelledby="event-title">
      <p className={styles.back}>
        <Link href="/events">
          <span aria-hidden="true">←</span>All events
        </Link>
      </p>
      <div className={styles.layout}>
        <div className={`${styles.poster} ${event.poster_img ? '' : styles.posterEmpty}`}>
          {event.poster_img ? (
            <Image
              src={event.poster_img}
              alt={`Poster for ${title}`}
              fill
              // The page's largest paint: fetched first, ahead of the scripts.
              priority
              fetchPriority="high"
              sizes="(max-width: 800px) 100vw, 420px"
            />
          ) : (
            <p className={styles.noPoster}>{NO_POSTER}</p>
          )}
        </div>
        <div className={styles.info}>
          {past ? <p className={styles.badge}>Past event</p> : null}
          <h1 id="event-title" className={styles.title}>
            {title}
          </h1>
          {event.description?.trim() ? (
            <p className={styles.description}>{event.description}</p>
          ) : null}
          <dl className={styles.facts}>
            <div>
              <dt>Date &amp; Time</dt>
              <dd>
                <span className={styles.factLine}>{schedule.date}</span>
                <span className={styles.factLine}>
                  {schedule.time}
                  {schedule.hasTime ? ` ${CLUB_TIME_ZONE_LABEL}` : ''}
                </span>
              </dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd>{event.location?.trim() || EVENT_FALLBACKS.location}</dd>
            </div>
            <div>
              <dt>Organizer</dt>
              <dd>{event.organizer?.trim() || EVENT_FALLBACKS.organizer}</dd>
            </div>
            <div>
              <dt>Duration</dt>
              <dd>{durationText(event.duration)}</dd>
            </div>
          </dl>
          <p className={styles.timeZone}>
            Dates and times are shown in Ottawa time ({CLUB_TIME_ZONE}).
          </p>
          <CalendarLinks event={event} />
        </div>
      </div>
      <Registration event={event} now={now} />
      {jsonLd ? (
        <script
          type="application/ld+json"
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }}
        />
      ) : null}
    </article>
  );
}
