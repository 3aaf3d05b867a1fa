import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { findConsoleEvent } from '@/lib/admin/event-reads';
import { can } from '@/lib/auth/permissions';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { parseEventId } from '@/lib/events/id';
import { changeNoticeOffer } from '@/lib/registrations/change-notices';
import {
  allowanceWords,
  audienceCounts,
  audiencePhrase,
  eventEmails,
  listEventMessages,
  messageAllowance,
  type EventMessageRow,
} from '@/lib/registrations/event-messages';
import { formatConsoleDateTime } from '@/lib/site/format';
import styles from '../../../../console.module.css';
import { NotAllowed } from '../../../NotAllowed';
import { EventTabs } from '../EventTabs';
import { EmailList } from './EmailList';
import { MessageForm } from './MessageForm';
import { NotifyChangeOffer } from './NotifyChangeOffer';
import compose from '../../../_forms/email-compose.module.css';

export const metadata: Metadata = { title: 'Messages' };

type Props = { params: Promise<{ id: string }> };

/** How many of a message's emails went out: '11 sent, 1 waiting'. */
function arrivedWords(message: EventMessageRow): string {
  const parts = [
    message.sent > 0 ? `${message.sent} sent` : null,
    message.waiting > 0 ? `${message.waiting} waiting` : null,
    message.failed > 0 ? `${message.failed} failed` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'no email queued';
}

/**
 * /admin/events/<id>/messages: write to the event's registrants (by group, previewed), what
 * was sent to them and by whom, and every email of the event with whether it arrived.
 */
export default async function EventMessagesPage({ params }: Props) {
  const { id: rawId } = await params;
  const { signedIn } = await requireAccess('events.list', `/admin/events/${rawId}/messages`);
  const id = parseEventId(rawId);
  const db = await getDb();
  const event = id === null ? null : await findConsoleEvent(db, id);
  if (!event) notFound();
  if (!can(signedIn, 'registrations.message', event)) return <NotAllowed role={signedIn.role} />;
  const [counts, messages, emails, allowance, changeOffer] = await Promise.all([
    audienceCounts(db, event.id),
    listEventMessages(db, event.id),
    eventEmails(db, event.id, { limit: 100 }),
    messageAllowance(db, event.id),
    changeNoticeOffer(db, event),
  ]);
  return (
    <div className={styles.stack}>
      <p>
        <Link href={`/admin/events/${event.id}`}>← {event.title}</Link>
      </p>
      <h1 className={styles.pageTitle}>Messages: {event.title}</h1>
      <EventTabs actor={signedIn} event={event} current="messages" />
      <NotifyChangeOffer offer={changeOffer} />

      <section className={styles.panel} aria-labelledby="write-title">
        <h2 id="write-title" className={styles.panelTitle}>
          Write to registrants
        </h2>
        <p
          className={allowance.nextAt ? styles.alert : styles.muted}
          data-testid="message-allowance"
        >
          {allowanceWords(allowance)}
        </p>
        <MessageForm
          eventId={event.id}
          counts={{
            confirmed: counts.confirmed,
            waitlisted: counts.waitlisted,
            submitted: counts.submitted,
            everyone: counts.everyone,
          }}
        />
      </section>

      <section className={styles.panel} aria-labelledby="sent-title">
        <h2 id="sent-title" className={styles.panelTitle}>
          Sent to registrants
        </h2>
        {messages.length === 0 ? (
          <p className={styles.empty}>No message yet.</p>
        ) : (
          <ul className={compose.sentList} data-testid="event-messages">
            {messages.map((message) => (
              <li key={message.id} className={compose.sentItem}>
                <p className={compose.subject}>
                  {message.kind === 'change' ? 'Change notice: ' : ''}
                  {message.subject}
                </p>
                <p>
                  Sent by {message.sentByName}, {formatConsoleDateTime(message.createdAt)}, to{' '}
                  {audiencePhrase(message.audience, message.recipients)}
                </p>
                <p className={message.failed > 0 ? compose.failed : styles.muted}>
                  Emails: {arrivedWords(message)}
                </p>
                <details className={styles.changes}>
                  <summary>What it said</summary>
                  <p className={compose.emailText}>{message.body}</p>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.panel} aria-labelledby="emails-title">
        <h2 id="emails-title" className={styles.panelTitle}>
          Emails for this event
        </h2>
        <EmailList
          emails={emails}
          caption={
            emails.length === 100
              ? 'The 100 newest, newest first: registrations, changes and messages'
              : 'Newest first: registrations, changes and messages'
          }
        />
      </section>
    </div>
  );
}
