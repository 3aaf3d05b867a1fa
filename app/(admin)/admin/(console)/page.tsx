import type { Metadata } from 'next';
import { recentChanges, upcomingEventsWithCounts } from '@/lib/admin/dashboard';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { formatConsoleDateTime } from '@/lib/format';
import styles from '../console.module.css';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const { signedIn } = await requireAccess('dashboard.view', '/admin');
  const db = await getDb();
  const [upcoming, changes] = await Promise.all([upcomingEventsWithCounts(db), recentChanges(db)]);
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
                    <strong>{event.title}</strong>
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
      </div>
    </>
  );
}
