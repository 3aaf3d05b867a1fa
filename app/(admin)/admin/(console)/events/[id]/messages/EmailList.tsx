import type { EventEmailRow } from '@/lib/registrations/event-messages';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../../../console.module.css';
import compose from '../../../_forms/email-compose.module.css';

/** Whether the email arrived at the mail server, in words. */
export function deliveryWords(email: EventEmailRow): string {
  if (email.state === 'sent' && email.sentAt) return `Sent ${formatConsoleDateTime(email.sentAt)}`;
  if (email.state === 'failed') {
    return `Failed after ${email.attempts} ${email.attempts === 1 ? 'attempt' : 'attempts'}${email.lastError ? `: ${email.lastError}` : ''}`;
  }
  if (email.attempts > 0) {
    return `Waiting: ${email.attempts} failed ${email.attempts === 1 ? 'attempt' : 'attempts'}, next ${formatConsoleDateTime(email.nextAttemptAt)}`;
  }
  return 'Waiting to be sent';
}

/** The emails of an event or of one registrant: to whom, what, when, and whether it arrived. */
export function EmailList({
  emails,
  caption,
  showPerson = true,
}: {
  emails: EventEmailRow[];
  caption: string;
  showPerson?: boolean;
}) {
  if (emails.length === 0) return <p className={styles.empty}>No email yet.</p>;
  return (
    <table className={styles.table}>
      <caption className={styles.muted}>{caption}</caption>
      <thead>
        <tr>
          {showPerson ? <th scope="col">To</th> : null}
          <th scope="col">Subject</th>
          <th scope="col">Queued</th>
          <th scope="col">State</th>
        </tr>
      </thead>
      <tbody>
        {emails.map((email) => (
          <tr key={email.id} data-state={email.state}>
            {showPerson ? (
              <td data-label="To" className={styles.cellText}>
                {email.name} ({email.toAddress})
              </td>
            ) : null}
            <td data-label="Subject" className={styles.cellText}>
              {email.subject}
            </td>
            <td data-label="Queued">{formatConsoleDateTime(email.createdAt)}</td>
            <td
              data-label="State"
              className={`${styles.cellText} ${email.state === 'failed' ? compose.failed : ''}`}
            >
              {deliveryWords(email)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
