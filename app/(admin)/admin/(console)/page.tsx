import type { Metadata } from 'next';
import Link from 'next/link';
import { recentChanges, upcomingEventsWithCounts } from '@/lib/admin/dashboard';
import { unhandledCount } from '@/lib/admin/inbox';
import { can } from '@/lib/auth/permissions';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../console.module.css';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const { signedIn } = await requireAccess('dashboard.view', '/admin');
  const db = await getDb();
  const showChanges = can(signedIn, 'dashboard.recentChanges');
  const showInbox = can(signedIn, 'inbox.read');
  const [upcoming, changes, waiting] = await Promise.all([
    upcomingEventsWithCounts(db, signedIn),
    showChanges ? recentChanges(db) : [],
    showInbox ? unhandledCount(db) : 0,
  ]);
  return (
    <>
      <h1 className={styles.pageTitle}>Welcome, {signedIn.name}</h1>
      <div className={styles.panels}>
        <section className={styles.panel} aria-labelledby="upcoming-events">
          <h2 id="upcoming-events" className={styles.panelTitle}>
            Upcoming events
          </h2>
          {upcoming.length === 0 ? (
            <p className={styles.empty}>No upcoming events.</p>
          ) : (
            <ul className={styles.list}>
              {upcoming.map((event) => (
                <li key={event.id} className={styles.listItem}>
                  <span>
                    <Link href={`/admin/events/${event.id}`}>
                      <strong>{event.title}</strong>
                    </Link>
                    <br />
                    <span className={styles.muted}>
                      {event.startsAt
                        ? formatConsoleDateTime(event.startsAt)
                        : 'Date to be announced'}
                    </span>
                  </span>
                  <span>
                    {event.capacity === null
                      ? `${event.registered} registered`
                      : `${event.registered} / ${event.capacity} registered`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {showInbox ? (
          <section className={styles.panel} aria-labelledby="inbox-waiting">
            <h2 id="inbox-waiting" className={styles.panelTitle}>
              Inbox
            </h2>
            <p>
              {waiting === 0
                ? 'Every submission is handled.'
                : `${waiting} ${waiting === 1 ? 'submission waits' : 'submissions wait'} to be handled.`}{' '}
              <Link href="/admin/inbox">Open the inbox</Link>
            </p>
          </section>
        ) : null}
        {showChanges ? (
          <section className={styles.panel} aria-labelledby="recent-changes">
            <h2 id="recent-changes" className={styles.panelTitle}>
              Recent changes
            </h2>
            {changes.length === 0 ? (
              <p className={styles.empty}>No changes yet.</p>
            ) : (
              <ul className={styles.list}>
                {changes.map((change) => (
                  <li key={change.id} className={styles.listItem}>
                    <span>{change.summary}</span>
                    <span className={styles.muted}>
                      {change.actorName}, {formatConsoleDateTime(change.at)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </div>
    </>
  );
}
