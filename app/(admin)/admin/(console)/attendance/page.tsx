import type { Metadata } from 'next';
import Link from 'next/link';
import { pathWithQuery, requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { formatConsoleDateTime } from '@/lib/site/format';
import { attendanceHistory } from '@/lib/registrations/operations';
import { isRegistrationStatus, STATUS_LABELS } from '@/lib/registrations/statuses';
import styles from '../../console.module.css';
import { type Search, single } from '../_forms/Listing';
import { NotAllowed } from '../NotAllowed';

export const metadata: Metadata = { title: 'Attendance' };

/**
 * /admin/attendance?email=…: one person's registrations across events (attended, late
 * cancellations, no-shows). For staff to judge; nothing here penalises anyone.
 */
export default async function AttendancePage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const { signedIn, allowed } = await requireAccess(
    'attendance.read',
    pathWithQuery('/admin/attendance', search),
  );
  if (!allowed) return <NotAllowed role={signedIn.role} />;
  const email = (single(search.email) ?? '').trim().slice(0, 254);
  const history = email ? await attendanceHistory(await getDb(), email) : null;
  return (
    <div className={styles.stack}>
      <h1 className={styles.pageTitle}>Attendance</h1>
      <form method="get" className={styles.inlineForm} role="search">
        <label htmlFor="attendance-email" className={styles.label}>
          Email
        </label>
        <input
          id="attendance-email"
          name="email"
          type="email"
          defaultValue={email}
          required
          className={styles.input}
        />
        <button type="submit" className={styles.button}>
          Show
        </button>
      </form>
      {history ? (
        history.records.length === 0 ? (
          <p className={styles.empty}>No registration under {email}.</p>
        ) : (
          <>
            <p data-testid="attendance-summary">
              {history.attended} attended · {history.noShows} no-shows · {history.lateCancellations}{' '}
              late cancellations
            </p>
            <table className={styles.table}>
              <caption className={styles.muted}>{email}, newest event first</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {history.records.map((record) => (
                  <tr key={record.registrationId}>
                    <td data-label="Event">
                      <Link href={`/admin/events/${record.eventId}`}>{record.eventTitle}</Link>
                    </td>
                    <td data-label="Date">
                      {record.startsAt ? formatConsoleDateTime(record.startsAt) : 'To be announced'}
                    </td>
                    <td data-label="Status">
                      {isRegistrationStatus(record.status)
                        ? STATUS_LABELS[record.status]
                        : record.status}
                      {record.status === 'cancelled' && record.lateCancellation ? ' (late)' : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )
      ) : null}
    </div>
  );
}
