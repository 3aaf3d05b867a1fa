import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { OutsideWeChat } from '@/app/_components/wechat/WeChat';
import { findConsoleEvent } from '@/lib/admin/event-reads';
import { listRegistrants } from '@/lib/admin/registrants';
import { pageNumber } from '@/lib/admin/search';
import { can } from '@/lib/auth/permissions';
import { pathWithQuery, requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { parseEventId } from '@/lib/events/id';
import { BULK_ACTIONS } from '@/lib/registrations/bulk';
import { changeNoticeOffer } from '@/lib/registrations/change-notices';
import { placesTakenLabel, statusTabs } from '@/lib/registrations/counts';
import { statusHistories } from '@/lib/registrations/history';
import { isRegistrationStatus } from '@/lib/registrations/statuses';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../../console.module.css';
import { listLink, Pager, type Search, SearchBox, single } from '../../_forms/Listing';
import { NotAllowed } from '../../NotAllowed';
import { BulkStatusForm, SelectAllBox } from './BulkActions';
import { EventTabs } from './EventTabs';
import { NotifyChangeOffer } from './messages/NotifyChangeOffer';
import { answersColumns } from './RegistrantAnswers';
import { actionLabel, RegistrantsTable } from './RegistrantsTable';
import { emailsColumn } from './RegistrantEmails';
import { AddRegistrantForm, MarkNoShowsForm } from './RegistrationActions';
import local from './registrants.module.css';

export const metadata: Metadata = { title: 'Event' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Search> };

/**
 * /admin/events/<id>: what is done most with an event comes first (its counts, the door, the
 * registrants and their export); its settings are on their own page (`edit`).
 */
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
  const registrants = readsRegistrants
    ? await listRegistrants(db, event.id, { text, page, status })
    : null;
  const histories = await statusHistories(db, registrants?.rows.map((row) => row.id) ?? []);
  // A change of date, time or place nobody has answered: offered here until someone does.
  const messages = can(signedIn, 'registrations.message', event);
  const changeOffer = messages ? await changeNoticeOffer(db, event) : null;
  const { counts, started } = event;
  const changesStatus = can(signedIn, 'registrations.changeStatus', event);
  const opensDoor = can(signedIn, 'registrations.checkIn', event) && !event.cancelledAt;
  const statusLink = (target: string | null) => {
    const query = new URLSearchParams();
    if (text) query.set('q', text);
    if (target) query.set('status', target);
    const rendered = query.toString();
    return `${path}${rendered ? `?${rendered}` : ''}#registrants`;
  };
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
      ) : null}
      <div className={local.summary}>
        <p className={styles.muted}>
          {event.startsAt ? formatConsoleDateTime(event.startsAt) : 'Date to be announced'}
          {event.location ? ` · ${event.location}` : ''}
        </p>
        <p className={local.links}>
          {event.cancelledAt ? null : <Link href={`/events/${event.id}`}>See it on the site</Link>}
          <Link href={`/admin/events/${event.id}/edit`}>Edit the event</Link>
        </p>
      </div>
      {messages ? <NotifyChangeOffer offer={changeOffer} /> : null}
      {registrants ? (
        <section className={styles.panel} aria-labelledby="registrants">
          <h2 id="registrants" className={styles.panelTitle}>
            Registrants
          </h2>
          <div className={local.summary}>
            <p className={local.places} data-testid="places-taken">
              {placesTakenLabel(counts, event.capacity)}
            </p>
            <p className={local.links}>
              {opensDoor ? (
                <Link href={`/admin/events/${event.id}/check-in`} className={styles.button}>
                  Check-in at the door
                </Link>
              ) : null}
              {can(signedIn, 'registrations.export', event) && counts.all > 0 ? (
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
            </p>
          </div>
          <nav aria-label="Registrants by status" className={styles.statusTabs}>
            {statusTabs(counts).map((tab) => (
              <Link
                key={tab.status ?? 'all'}
                href={statusLink(tab.status)}
                aria-current={status === tab.status ? 'page' : undefined}
              >
                {tab.text}
              </Link>
            ))}
          </nav>
          <SearchBox
            id="registrant-search"
            label="Search registrants"
            text={text}
            hidden={status ? { status } : {}}
          />
          {registrants.rows.length === 0 ? (
            <p className={styles.empty}>
              {text ? 'Nobody registered matches these words.' : 'Nobody has registered yet.'}
            </p>
          ) : (
            <>
              {changesStatus ? (
                <>
                  <BulkStatusForm
                    eventId={event.id}
                    actions={BULK_ACTIONS.map((value) => ({ value, label: actionLabel(value) }))}
                  />
                  <SelectAllBox />
                </>
              ) : null}
              <RegistrantsTable
                eventId={event.id}
                rows={registrants.rows}
                histories={histories}
                caption={`${
                  text ? `${registrants.matching} matching` : `${registrants.matching} in all`
                }, in the order they registered`}
                may={{
                  changeStatus: changesStatus,
                  remove: can(signedIn, 'registrations.remove', event),
                  readAttendance: can(signedIn, 'attendance.read'),
                  readMemberships: can(signedIn, 'memberships.read'),
                }}
                extraColumns={[
                  ...(await answersColumns(event.id)),
                  await emailsColumn(
                    event.id,
                    registrants.rows.map((row) => row.id),
                  ),
                ]}
              />
            </>
          )}
          <Pager
            label="Registrant pages"
            page={page}
            hasMore={registrants.hasMore}
            linkTo={(target) => listLink(path, text, target, status ? { status } : {})}
          />
          {changesStatus && !event.cancelledAt ? (
            <details className={styles.more}>
              <summary>Add someone by hand</summary>
              <AddRegistrantForm eventId={event.id} />
            </details>
          ) : null}
          {changesStatus && started && counts.confirmed > 0 ? (
            <MarkNoShowsForm eventId={event.id} confirmed={counts.confirmed} />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
