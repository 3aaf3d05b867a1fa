import { getDb } from '@/lib/db/client';
import { emailsOfRegistrations, type EventEmailRow } from '@/lib/registrations/event-messages';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../../console.module.css';
import { deliveryWords } from './messages/EmailList';
import type { RegistrantColumn } from './RegistrantsTable';
import compose from '../../_forms/email-compose.module.css';

/**
 * One registrant's emails in their row (their registration's emails and the messages they got),
 * folded: what each said, when it was queued and whether it went out, waits or failed.
 */
export function RegistrantEmails({
  registrationId,
  name,
  emails,
}: {
  registrationId: number;
  name: string;
  emails: EventEmailRow[];
}) {
  if (emails.length === 0) return <span className={styles.muted}>None yet</span>;
  const failed = emails.filter((email) => email.state === 'failed').length;
  return (
    <details className={styles.changes} data-emails-of={registrationId}>
      <summary>
        {emails.length === 1 ? '1 email' : `${emails.length} emails`}
        {failed > 0 ? `, ${failed} failed` : ''}
        <span className="visually-hidden"> to {name}</span>
      </summary>
      <ul className={styles.changeList}>
        {emails.map((email) => (
          <li key={email.id} className={email.state === 'failed' ? compose.failed : undefined}>
            {email.subject} (queued {formatConsoleDateTime(email.createdAt)}):{' '}
            {deliveryWords(email)}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The registrants list's 'Emails' column for one page of registrants, read in one query. */
export async function emailsColumn(
  eventId: number,
  registrationIds: readonly number[],
): Promise<RegistrantColumn> {
  const emails = await emailsOfRegistrations(await getDb(), eventId, registrationIds);
  return {
    label: 'Emails',
    cell: (person) => (
      <RegistrantEmails
        registrationId={person.id}
        name={`${person.firstName} ${person.lastName}`}
        emails={emails.get(person.id) ?? []}
      />
    ),
  };
}
