import Link from 'next/link';
import type { AttendanceHistory } from '@/lib/registrations/reads';
import { isRegistrationStatus, STATUS_LABELS } from '@/lib/registrations/statuses';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../console.module.css';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * One person's registrations across events, with the counts staff judge by (attended, no-shows,
 * late cancellations): for staff to read; nothing here penalises anyone.
 */
export function AttendanceTable({
  history,
  caption,
  empty,
}: {
  history: AttendanceHistory;
  caption: string;
  empty: string;
}) {
  if (history.records.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <>
      <p data-testid="attendance-summary">
        {plural(history.records.length, 'registration', 'registrations')} · {history.attended}{' '}
        attended · {plural(history.noShows, 'no-show', 'no-shows')} ·{' '}
        {plural(history.lateCancellations, 'late cancellation', 'late cancellations')}
      </p>
      <table className={styles.table}>
        <caption className={styles.muted}>{caption}</caption>
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
                {record.asMember ? <span className={styles.memberBadge}>As a member</span> : null}
              </td>
              <td data-label="Date">
                {record.startsAt ? formatConsoleDateTime(record.startsAt) : 'To be announced'}
              </td>
              <td data-label="Status">
                {isRegistrationStatus(record.status) ? STATUS_LABELS[record.status] : record.status}
                {record.status === 'cancelled' && record.lateCancellation ? ' (late)' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
