import type { Metadata } from 'next';
import Image from 'next/image';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { DEFAULT_EVENT_IMAGE } from '@/app/_components/EventCard';
import { OutsideWeChat } from '@/app/_components/wechat/WeChat';
import type { EventDto } from '@/lib/api/contract';
import { googleCalendarUrl } from '@/lib/events/calendar';
import { jsonForScript } from '@/lib/content';
import { getEmailConfig } from '@/lib/mail/emailjs-config';
import { siteUrl } from '@/lib/env/public';
import { cspNonce } from '@/lib/http/nonce';
import { pickCopy, type Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { EVENT_STATUS_COPY_KEYS, REGISTRATION_FORM_COPY_KEYS } from '@/lib/copy/client-keys';
import { EventStatus } from '@/app/_components/EventStatus';
import { statusFields } from '@/lib/events/status';
import { getCopy } from '@/lib/copy/read';
import {
  durationText,
  eventLoadFailureText,
  eventPageTitle,
  eventSchedule,
  eventScheduleText,
  previewDescription,
} from '@/lib/events/details';
import { eventJsonLd } from '@/lib/events/structured-data';
import { hasEnded, hasStarted } from '@/lib/events/schedule';
import { publicQuestions } from '@/lib/registrations/public-questions';
import { readEvent } from './event-data';
import { RegistrationForm } from './RegistrationForm';
import styles from './event.module.css';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [read, copy] = await Promise.all([readEvent((await params).id), getCopy('event')]);
  if (read.kind !== 'found') {
    return { title: { absolute: copy.pageTitle }, robots: { index: false } };
  }
  const { event } = read;
  const title = eventPageTitle(event, copy.pageTitle);
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

type EventCopy = Copy<'event'>;

/** The date and time with the page's own fallbacks. */
function scheduleOf(event: EventDto, cardCopy: Copy<'events'>) {
  return eventSchedule(event, { date: cardCopy.cardNoDate, time: cardCopy.cardNoTime });
}

function CalendarLinks({
  event,
  copy,
  newTab,
}: {
  event: EventDto;
  copy: EventCopy;
  newTab: string;
}) {
  const google = googleCalendarUrl(event, new URL(`/events/${event.id}`, siteUrl()).toString());
  if (!google) return null;
  return (
    <div className={styles.calendar}>
      {/* WeChat's browser does not open calendar files: it says how to leave for the phone's. */}
      <OutsideWeChat kind="calendar">
        <a className="button button-outline" href={`/events/${event.id}/calendar.ics`} download>
          {copy.calendarFile}
        </a>
      </OutsideWeChat>
      <a className="button button-outline" href={google} target="_blank" rel="noopener noreferrer">
        {copy.googleCalendar}
        <span className="visually-hidden"> {newTab}</span>
      </a>
    </div>
  );
}

async function Registration({
  event,
  now,
  copy,
  cardCopy,
}: {
  event: EventDto;
  now: Date;
  copy: EventCopy;
  cardCopy: Copy<'events'>;
}) {
  if (hasStarted(event, now)) {
    const { date } = scheduleOf(event, cardCopy);
    return (
      <section className={styles.closed} aria-labelledby="registration-title">
        <h2 id="registration-title" className={styles.sectionTitle}>
          {copy.closedTitle}
        </h2>
        <p>{copy.closed}</p>
        <p className={styles.muted}>
          {hasEnded(event, now) ? fillCopy(copy.tookPlace, { date }) : copy.started}{' '}
          <Link href="/events">{copy.seeUpcoming}</Link>
        </p>
      </section>
    );
  }
  // The event's own questions, cached with the event (lib/registrations/public-questions.ts).
  const questions = await publicQuestions(event.id);
  return (
    <section className={styles.register} aria-labelledby="registration-title">
      <RegistrationForm
        titleId="registration-title"
        eventId={event.id}
        eventTitle={eventPageTitle(event, copy.pageTitle)}
        eventDate={eventScheduleText(event)}
        emailConfig={getEmailConfig()}
        copy={pickCopy(copy, ...REGISTRATION_FORM_COPY_KEYS)}
        timeZoneLabel={copy.timeZone}
        questions={questions}
      />
    </section>
  );
}

export default async function EventDetailPage({ params }: Props) {
  const [read, copy, cardCopy, siteCopy] = await Promise.all([
    readEvent((await params).id),
    getCopy('event'),
    getCopy('events'),
    getCopy('site'),
  ]);
  if (read.kind === 'missing') notFound();
  if (read.kind === 'failed') {
    return (
      <div className={`container ${styles.page}`}>
        <h1 className={styles.title}>{copy.pageTitle}</h1>
        <p role="alert" className={styles.error}>
          {eventLoadFailureText(read.error, { noData: copy.noData, failure: copy.loadFailure })}
        </p>
        <Link href="/events" className={`button button-outline ${styles.errorAction}`}>
          {copy.backToEvents}
        </Link>
      </div>
    );
  }

  const { event } = read;
  const now = new Date();
  const title = eventPageTitle(event, copy.pageTitle);
  const schedule = scheduleOf(event, cardCopy);
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
          <span aria-hidden="true">←</span>
          {copy.allEvents}
        </Link>
      </p>
      <div className={styles.layout}>
        <div className={`${styles.poster} ${event.poster_img ? '' : styles.posterEmpty}`}>
          {event.poster_img ? (
            <Image
              src={event.poster_img}
              alt={fillCopy(copy.posterAlt, { title })}
              fill
              // The page's largest paint: fetched first, ahead of the scripts.
              priority
              fetchPriority="high"
              sizes="(max-width: 800px) 100vw, 420px"
            />
          ) : (
            <p className={styles.noPoster}>{copy.noPoster}</p>
          )}
        </div>
        <div className={styles.info}>
          {past ? <p className={styles.badge}>{copy.pastBadge}</p> : null}
          <h1 id="event-title" className={styles.title}>
            {title}
          </h1>
          {event.description?.trim() ? (
            <p className={styles.description}>{event.description}</p>
          ) : null}
          <dl className={styles.facts}>
            <div>
              <dt>{copy.dateTime}</dt>
              <dd>
                <span className={styles.factLine}>{schedule.date}</span>
                <span className={styles.factLine}>
                  {schedule.time}
                  {schedule.hasTime ? ` ${copy.timeZone}` : ''}
                </span>
              </dd>
            </div>
            <div>
              <dt>{copy.location}</dt>
              <dd>{event.location?.trim() || cardCopy.cardNoLocation}</dd>
            </div>
            <div>
              <dt>{copy.organizer}</dt>
              <dd>{event.organizer?.trim() || cardCopy.cardNoOrganizer}</dd>
            </div>
            <div>
              <dt>{copy.duration}</dt>
              <dd>{durationText(event.duration, copy.noDuration)}</dd>
            </div>
            {past ? null : (
              <div>
                <dt>{copy.statusLabel}</dt>
                <dd>
                  <EventStatus
                    event={statusFields(event)}
                    copy={pickCopy(copy, ...EVENT_STATUS_COPY_KEYS)}
                  />
                </dd>
              </div>
            )}
          </dl>
          <p className={styles.timeZone}>{copy.timeZoneNote}</p>
          <CalendarLinks event={event} copy={copy} newTab={siteCopy.opensInNewTab} />
        </div>
      </div>
      <Registration event={event} now={now} copy={copy} cardCopy={cardCopy} />
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
