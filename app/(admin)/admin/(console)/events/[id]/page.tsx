import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { OutsideWeChat } from '@/app/_components/wechat/WeChat';
import {
  findConsoleEvent,
  formValuesOf,
  leadChoices,
  listRegistrants,
  statusCounts,
} from '@/lib/admin/events';
import { STAFF_ACTIONS, type StaffAction } from '@/lib/registrations/operations';
import {
  isRegistrationStatus,
  REGISTRATION_STATUSES,
  STATUS_LABELS,
} from '@/lib/registrations/statuses';
import { pageNumber } from '@/lib/admin/search';
import { can } from '@/lib/auth/permissions';
import { pathWithQuery, requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { parseEventId } from '@/lib/events/id';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../../console.module.css';
import { listLink, Pager, type Search, SearchBox, single } from '../../_forms/Listing';
import { NotAllowed } from '../../NotAllowed';
import { EventForm } from '../EventForm';
import { EventTabs } from './EventTabs';
import { RemoveEventForm, RemoveRegistrantForm, RestoreEventForm } from './EventActions';
import { AddRegistrantForm, MarkNoShowsForm, StatusChangeForm } from './RegistrationActions';

/** The actions a registration offers from its status, in the order staff reach for them. */
const ACTION_LABELS: Record<StaffAction, string> = {
  confirm: 'Confirm',
  waitlist: 'Move to the waitlist',
  decline: 'Decline',
  cancel: 'Cancel',
  excuse: 'Excuse',
  check_in: 'Check in',
  undo_check_in: 'Undo check-in',
  no_show: 'Mark as no-show',
};

function actionsFrom(status: string): Array<{ value: StaffAction; label: string }> {
  return (Object.keys(STAFF_ACTIONS) as StaffAction[])
    .filter((action) => (STAFF_ACTIONS[action].from as readonly string[]).includes(status))
    .map((action) => ({ value: action, label: ACTION_LABELS[action] }));
}

export const metadata: Metadata = { title: 'Event' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Search> };

export default async function EventPage({ params, searchParams }: Props) {
  const [{ id: rawId }, search] = await Promise.all([params, searchParams]);
  const path = `/admin/events/${rawId}`;
  const { signedIn } = await requireAccess('events.list', pathWithQuery(path, search));
  const id = parseEventId(rawId);
  const db = await getDb();
  const event = id === null ? null : await findConsoleEvent(db, id);
  if (!event) notFound();
  if (!can(signedIn, 'events.edit', event)) return <NotAllowed role={signedIn.role} />;

  const text = single(search.q);
  const page = pageNumber(single(search.page));
  const rawStatus = single(search.status);
  const status = isRegistrationStatus(rawStatus) ? rawStatus : null;
  const readsRegistrants = can(signedIn, 'registrations.read', event);
  const [registrants, counts, leads] = await Promise.all([
    readsRegistrants ? listRegistrants(db, event.id, { text, page, status }) : null,
    readsRegistrants ? statusCounts(db, event.id) : null,
    can(signedIn, 'events.assignLeads') ? leadChoices(db) : null,
  ]);
  const changesStatus = can(signedIn, 'registrations.changeStatus', event);
  const { started } = event;
  const statusLink = (target: string | null) => {
    const query = new URLSearchParams();
    if (text) query.set('q', text);
    if (target) query.set('status', target);
    const rendered = query.toString();
    return `${path}${rendered ? `?${rendered}` : ''}#registrants`;
  };
  const placesText =
    event.capacity === null
      ? `${event.registered} registered (no limit)`
      : `${event.registered} / ${event.capacity} registered`;
  return (
    <div className={styles.stack}>
      <p>
        <Link href="/admin/events">← Events</Link>
      </p>
      <h1 className={styles.pageTitle}>{event.title}</h1>
      <EventTabs actor={signedIn} event={event} current="" />
      {single(search.created) ? (
        <p className={styles.notice}>The event is published: it shows on the site now.</p>
      ) : null}
      {event.cancelledAt ? (
        <p className={styles.alert}>
          This event was cancelled on {formatConsoleDateTime(event.cancelledAt)}: visitors no longer
          see it.
        </p>
      ) : (
        <p>
          <Link href={`/events/${event.id}`}>See it on the site</Link>
        </p>
      )}
      <section className={styles.panel} aria-labelledby="event-details">
        <h2 id="event-details" className={styles.panelTitle}>
          The event
        </h2>
        <EventForm
          eventId={event.id}
          initialValues={formValuesOf(event)}
          leadChoices={leads}
          leadIds={event.leadIds}
        />
      </section>
      {registrants ? (
        <section className={styles.panel} aria-labelledby="registrants">
          <h2 id="registrants" className={styles.panelTitle}>
            Registrants
          </h2>
          <div className={styles.actionsRow}>
            <p>{placesText}</p>
            {can(signedIn, 'registrations.export', event) && event.registered > 0 ? (
              <OutsideWeChat kind="download">
                <a
                  href={`/admin/events/${event.id}/registrants.csv`}
                  className={`${styles.button} ${styles.quietButton}`}
                  download
                >
                  Export CSV
                </a>
              </OutsideWeChat>
            ) : null}
          </div>
          {counts ? (
            <nav aria-label="Registrants by status" className={styles.statusTabs}>
              <Link href={statusLink(null)} aria-current={status === null ? 'page' : undefined}>
                All ({Object.values(counts).reduce((sum, value) => sum + value, 0)})
              </Link>
              {REGISTRATION_STATUSES.filter((each) => counts[each] > 0 || each === 'confirmed').map(
                (each) => (
                  <Link
                    key={each}
                    href={statusLink(each)}
                    aria-current={status === each ? 'page' : undefined}
                  >
                    {STATUS_LABELS[each]} ({counts[each]})
                  </Link>
                ),
              )}
            </nav>
          ) : null}
          {can(signedIn, 'registrations.checkIn', event) && !event.cancelledAt ? (
            <p>
              <Link
                href={`/admin/events/${event.id}/check-in`}
                className={`${styles.button} ${styles.quietButton}`}
              >
                Check-in at the door
              </Link>
            </p>
          ) : null}
          <SearchBox id="registrant-search" label="Search registrants" text={text} />
          {registrants.rows.length === 0 ? (
            <p className={styles.empty}>
              {text ? 'Nobody registered matches these words.' : 'Nobody has registered yet.'}
            </p>
          ) : (
            <table className={styles.table}>
              <caption className={styles.muted}>
                {text ? `${registrants.matching} matching` : `${registrants.matching} in all`}, in
                the order they registered
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Status</th>
                  <th scope="col">Registered</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {registrants.rows.map((person) => {
                  const name = `${person.firstName} ${person.lastName}`;
                  return (
                    <tr key={person.id}>
                      <td data-label="Name">{name}</td>
                      <td data-label="Email">
                        {can(signedIn, 'attendance.read') ? (
                          <Link
                            href={`/admin/attendance?email=${encodeURIComponent(person.email)}`}
                            title={`Attendance of ${name} across events`}
                          >
                            {person.email}
                          </Link>
                        ) : (
                          person.email
                        )}
                      </td>
                      <td data-label="Status" data-status={person.status}>
                        {STATUS_LABELS[person.status]}
                        {person.status === 'cancelled' && person.lateCancellation ? ' (late)' : ''}
                        {person.memberId ? (
                          <span className={styles.memberBadge}>
                            {can(signedIn, 'memberships.read') && person.membershipId ? (
                              <Link href={`/admin/members/${person.membershipId}`}>
                                Member {person.memberId}
                              </Link>
                            ) : (
                              `Member ${person.memberId}`
                            )}
                          </span>
                        ) : null}
                      </td>
                      <td data-label="Registered">{formatConsoleDateTime(person.createdAt)}</td>
                      <td data-label="Change" className={styles.actionCell}>
                        {changesStatus && actionsFrom(person.status).length > 0 ? (
                          <StatusChangeForm
                            eventId={event.id}
                            registrationId={person.id}
                            name={name}
                            actions={actionsFrom(person.status)}
                          />
                        ) : null}
                        {can(signedIn, 'registrations.remove', event) ? (
                          <details className={styles.more}>
                            <summary>Remove the record</summary>
                            <RemoveRegistrantForm
                              eventId={event.id}
                              registrationId={person.id}
                              name={name}
                            />
                          </details>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          <Pager
            label="Registrant pages"
            page={page}
            hasMore={registrants.hasMore}
            linkTo={(target) => listLink(path, text, target)}
          />
          {changesStatus && !event.cancelledAt ? (
            <details className={styles.more}>
              <summary>Add someone by hand</summary>
              <AddRegistrantForm eventId={event.id} />
            </details>
          ) : null}
          {changesStatus && started && counts && counts.confirmed > 0 ? (
            <MarkNoShowsForm eventId={event.id} confirmed={counts.confirmed} />
          ) : null}
        </section>
      ) : null}
      {can(signedIn, 'events.delete') ? (
        <section className={styles.panel} aria-labelledby="remove-event">
          <h2 id="remove-event" className={styles.panelTitle}>
            {event.cancelledAt ? 'Cancelled' : event.registered > 0 ? 'Cancel' : 'Delete'}
          </h2>
          {event.cancelledAt ? (
            <RestoreEventForm eventId={event.id} />
          ) : (
            <RemoveEventForm eventId={event.id} registered={event.registered} />
          )}
        </section>
      ) : null}
    </div>
  );
}
