import { getDb } from '@/lib/db/client';
import { eventEmails } from '@/lib/mail/event-messages';
import styles from '../../../console.module.css';
import { EmailList } from './messages/EmailList';

/**
 * One registrant's emails (their registration's emails and the messages they got), folded in
 * their row: when each was queued and whether it arrived. The page showing it has checked that
 * the account may read this event's registrants.
 */
export async function RegistrantEmails({
  eventId,
  registrationId,
}: {
  eventId: number;
  registrationId: number;
}) {
  const emails = await eventEmails(await getDb(), eventId, { registrationId, limit: 20 });
  return (
    <details className={styles.changes}>
      <summary>Emails ({emails.length === 20 ? '20 newest' : emails.length})</summary>
      <EmailList emails={emails} caption="Newest first" showPerson={false} />
    </details>
  );
}
