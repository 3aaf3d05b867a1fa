import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { toEventDto } from '@/lib/api/serialize';
import { pickCopy, type Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { CANCEL_REGISTRATION_COPY_KEYS } from '@/lib/copy/client-keys';
import { getCopy } from '@/lib/copy/read';
import { getDb } from '@/lib/db/client';
import { eventPageTitle, eventSchedule } from '@/lib/events/details';
import { readManagedRegistration } from '@/lib/registrations/manage';
import type { RegistrationStatus } from '@/lib/registrations/statuses';
import { CancelRegistration } from './CancelRegistration';
import styles from './manage.module.css';

type Props = { params: Promise<{ token: string }> };

// A personal page: kept out of search engines, and the token out of other sites' logs.
export async function generateMetadata(): Promise<Metadata> {
  const copy = await getCopy('site');
  return {
    title: { absolute: copy.titleManage },
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

/** The status in one or two words, as the Studio says it. */
function statusWord(status: RegistrationStatus, copy: Copy<'event'>): string {
  const words: Record<RegistrationStatus, string> = {
    submitted: copy.statusWordSubmitted,
    confirmed: copy.statusWordConfirmed,
    waitlisted: copy.statusWordWaitlisted,
    declined: copy.statusWordDeclined,
    cancelled: copy.statusWordCancelled,
    attended: copy.statusWordAttended,
    no_show: copy.statusWordNoShow,
    excused: copy.statusWordExcused,
  };
  return words[status];
}

function statusMeaning(status: RegistrationStatus, copy: Copy<'event'>): string {
  const meanings: Record<RegistrationStatus, string> = {
    submitted: copy.statusSubmitted,
    confirmed: copy.statusConfirmed,
    waitlisted: copy.statusWaitlisted,
    declined: copy.statusDeclined,
    cancelled: copy.statusCancelled,
    attended: copy.statusAttended,
    no_show: copy.statusNoShow,
    excused: copy.statusExcused,
  };
  return meanings[status];
}

/**
 * /registrations/<token>: the person's own view of their registration, opened from the link in
 * their emails. Opening it changes nothing (link previews and chat apps open links by
 * themselves); only the cancel button's POST, with the CSRF token, does.
 */
export default async function ManageRegistrationPage({ params }: Props) {
  await connection();
  const [{ token }, copy, cardCopy] = await Promise.all([
    params,
    getCopy('event'),
    getCopy('events'),
  ]);
  const managed = await readManagedRegistration(await getDb(), token);
  if (!managed) notFound();
  const { registration, event, waitlistPosition, started } = managed;
  const dto = toEventDto(event);
  const title = eventPageTitle(dto, copy.pageTitle);
  const schedule = eventSchedule(dto, { date: cardCopy.cardNoDate, time: cardCopy.cardNoTime });
  const status = registration.status as RegistrationStatus;
  const cancellable =
    !started && !event.cancelledAt && ['submitted', 'confirmed', 'waitlisted'].includes(status);

  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>{copy.manageTitle}</h1>
      <section className={styles.card} aria-labelledby="manage-event">
        <h2 id="manage-event" className={styles.event}>
          {fillCopy(copy.manageFor, { title })}
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>{copy.dateTime}</dt>
            <dd>
              <span className={styles.line}>{schedule.date}</span>
              <span className={styles.line}>
                {schedule.time}
                {schedule.hasTime ? ` ${copy.timeZone}` : ''}
              </span>
            </dd>
          </div>
          {dto.location ? (
            <div>
              <dt>{copy.location}</dt>
              <dd>{dto.location}</dd>
            </div>
          ) : null}
          <div>
            <dt>{copy.manageStatus}</dt>
            <dd data-testid="manage-status" data-status={status}>
              <strong>{statusWord(status, copy)}</strong>
              <span className={styles.meaning}>{statusMeaning(status, copy)}</span>
              {waitlistPosition !== null ? (
                <span className={styles.meaning} data-testid="waitlist-position">
                  {fillCopy(copy.manageWaitlistPosition, { position: waitlistPosition })}
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
        {cancellable && status === 'confirmed' && event.cancellationCutoffHours > 0 ? (
          <p className={styles.note}>
            {fillCopy(copy.manageLateNote, { hours: event.cancellationCutoffHours })}
          </p>
        ) : null}
        {/* Still there once cancelled, in the same place: the refreshed page keeps the outcome
            the visitor has just been told, instead of taking it away with the buttons. */}
        {cancellable || status === 'cancelled' ? (
          <CancelRegistration
            token={token}
            cancellable={cancellable}
            copy={pickCopy(copy, ...CANCEL_REGISTRATION_COPY_KEYS)}
          />
        ) : started && ['submitted', 'confirmed', 'waitlisted'].includes(status) ? (
          <p className={styles.note}>{copy.manageStarted}</p>
        ) : null}
        {event.cancelledAt ? null : (
          <p className={styles.links}>
            <Link href={`/events/${event.id}`}>{copy.manageEventLink}</Link>
          </p>
        )}
      </section>
    </div>
  );
}
