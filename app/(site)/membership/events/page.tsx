import Link from 'next/link';
import { unstable_rethrow } from 'next/navigation';
import { connection } from 'next/server';
import { Hero } from '@/app/_components/Hero';
import type { EventDto } from '@/lib/api/contract';
import { getEvents } from '@/lib/api/reads';
import { EventStatus } from '@/app/_components/EventStatus';
import { pickCopy, type Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { EVENT_STATUS_COPY_KEYS } from '@/lib/copy/client-keys';
import { getCopy } from '@/lib/copy/read';
import { shortClubDateTime, statusFields } from '@/lib/events/status';
import { clubDate } from '@/lib/db/time';
import { formatEventDate, formatEventTime } from '@/lib/site/format';
import { pageMetadata } from '@/lib/site/seo';
import { Disclaimer, MembershipNav, readMembershipContent } from '../_components/shared';
import styles from '../_components/membership.module.css';

export const generateMetadata = pageMetadata({
  path: '/membership/events',
  title: 'titleMembershipEvents',
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

type MembershipCopy = Copy<'membership'>;

function placesText(event: EventDto, texts: MembershipCopy): string {
  if (event.capacity === null) return texts.eventNoCapacity;
  if (event.members_only) {
    return fillCopy(texts.eventCapacityMembersOnly, { count: event.capacity });
  }
  if (event.member_places === 0) return String(event.capacity);
  return fillCopy(texts.eventCapacityValue, {
    count: event.capacity,
    members: event.member_places,
  });
}

function openingText(iso: string | null, texts: MembershipCopy): string {
  return iso ? shortClubDateTime(iso) : texts.eventOpenOnPublication;
}

function conditionsText(event: EventDto, texts: MembershipCopy): string {
  const conditions = [
    event.requires_selection ? texts.eventSelection : null,
    event.requires_deposit ? texts.eventDeposit : null,
  ].filter((condition): condition is string => condition !== null);
  return conditions.length > 0 ? conditions.join(', ') : texts.eventNoConditions;
}

/**
 * What a member needs to know to register: places, when members and everyone may register, the
 * deadline, selection and deposit (fixed facts), and the status, which the browser computes from
 * these and the clock so the cached page never goes stale.
 */
function MemberEventFacts({
  event,
  texts,
  statusCopy,
}: {
  event: EventDto;
  texts: MembershipCopy;
  statusCopy: Pick<Copy<'event'>, (typeof EVENT_STATUS_COPY_KEYS)[number]>;
}) {
  return (
    <dl>
      <dt>{texts.eventStatus}</dt>
      <dd>
        <EventStatus event={statusFields(event)} copy={statusCopy} />
      </dd>
      <dt>{texts.eventCapacity}</dt>
      <dd>{placesText(event, texts)}</dd>
      {/* Without member places, members register with everyone: one opening says it. */}
      {event.members_only || event.member_places > 0 ? (
        <>
          <dt>{texts.eventMemberOpens}</dt>
          <dd>
            {openingText(event.member_registration_opens_at ?? event.registration_opens_at, texts)}
          </dd>
        </>
      ) : null}
      <dt>{texts.eventPublicOpens}</dt>
      <dd>
        {event.members_only
          ? texts.eventPublicNever
          : openingText(event.registration_opens_at, texts)}
      </dd>
      <dt>{texts.eventDeadline}</dt>
      <dd>
        {event.registration_closes_at
          ? shortClubDateTime(event.registration_closes_at)
          : texts.eventDeadlineAtStart}
      </dd>
      <dt>{texts.eventConditions}</dt>
      <dd>{conditionsText(event, texts)}</dd>
    </dl>
  );
}

export default async function MemberEventsPage() {
  await connection();
  const [content, texts, eventTexts, events] = await Promise.all([
    readMembershipContent(),
    getCopy('membership'),
    getCopy('event'),
    readEvents(),
  ]);
  const statusCopy = pickCopy(eventTexts, ...EVENT_STATUS_COPY_KEYS);
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
                <li key={event.id} className={styles.event} data-testid="member-event">
                  <h2>{event.title}</h2>
                  <p className={styles.meta}>
                    {formatEventDate(event.date, texts.eventDateTbd)}
                    {event.start_time ? ` · ${formatEventTime(event.start_time)}` : null}
                  </p>
                  <p className={styles.meta}>{event.location || texts.eventPlaceTbd}</p>
                  {event.category ? <p className={styles.meta}>{event.category}</p> : null}
                  <MemberEventFacts event={event} texts={texts} statusCopy={statusCopy} />
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
