import 'server-only';
import { and, asc, count, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { readClubSettings } from '@/lib/db/club-settings';
import {
  emailOutbox,
  type Event,
  eventMessages,
  eventRegistrations,
  events,
} from '@/lib/db/schema';
import { manageLinkKey, manageUrl, unsealManageToken } from '@/lib/registrations/manage-token';
import {
  ACTIVE_STATUSES,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
} from '@/lib/registrations/statuses';
import { type QueuedEmail, queueEmails, type Queryable } from '@/lib/mail/outbox';
import { AUDIENCE_LABELS, type Audience, audiencePhrase } from '@/lib/mail/audiences';
import { formatConsoleDateTime } from '@/lib/site/format';
import { type ComposedEmail, eventMessageEmail, registrationWords } from '@/lib/mail/templates';

export {
  AUDIENCE_LABELS,
  AUDIENCES,
  type Audience,
  audiencePhrase,
  changeWords,
  type EventChange,
  isAudience,
  isEventChange,
  offerQuestion,
} from '@/lib/mail/audiences';

/**
 * Emails to an event's registrants: a message staff write to one group of them (confirmed,
 * waitlisted, awaiting review, everyone), at most the club's number a day per event, and the
 * notice that the event's date, time or place changed, with a new calendar file
 * (change-notices.ts). Each is one row of event_messages (who sent what, to whom, to how many)
 * and one outbox email per person pointing to it, written by one transaction with its audit
 * entry; the outbox sends the copies at the relay's pace, after transactional emails. The
 * form's one-time key makes a second submit send nothing.
 */

/** A change notice goes to everyone still coming or hoping to: the active statuses. */
export type MessageAudience = Audience | 'active';

/** The statuses each group holds. Checked-in people are confirmed people who came. */
const AUDIENCE_STATUSES: Record<MessageAudience, readonly RegistrationStatus[]> = {
  confirmed: ['confirmed', 'attended'],
  waitlisted: ['waitlisted'],
  submitted: ['submitted'],
  everyone: REGISTRATION_STATUSES.filter(
    (status) => status !== 'declined' && status !== 'cancelled',
  ),
  active: ACTIVE_STATUSES,
};

/** How many people each group holds now. */
export async function audienceCounts(
  db: Pick<Database, 'select'>,
  eventId: number,
): Promise<Record<MessageAudience, number>> {
  const rows = await db
    .select({ status: eventRegistrations.status, people: count() })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .groupBy(eventRegistrations.status);
  const byStatus = new Map(rows.map((row) => [row.status, row.people]));
  const counts = {} as Record<MessageAudience, number>;
  for (const [audience, statuses] of Object.entries(AUDIENCE_STATUSES)) {
    counts[audience as MessageAudience] = statuses.reduce(
      (sum, status) => sum + (byStatus.get(status) ?? 0),
      0,
    );
  }
  return counts;
}

export type Recipient = {
  id: number;
  firstName: string;
  email: string;
  manageTokenSealed: string | null;
};

export function recipientsOf(
  db: Pick<Database, 'select'>,
  eventId: number,
  audience: MessageAudience,
): Promise<Recipient[]> {
  return db
    .select({
      id: eventRegistrations.id,
      firstName: eventRegistrations.firstName,
      email: eventRegistrations.email,
      manageTokenSealed: eventRegistrations.manageTokenSealed,
    })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        inArray(eventRegistrations.status, [...AUDIENCE_STATUSES[audience]]),
      ),
    )
    .orderBy(eventRegistrations.id);
}

export type MessageDraft = { audience: Audience; subject: string; body: string };

export type MessagePreview = {
  recipients: number;
  /** Who the shown copy is addressed to (the first of the group). */
  shownFor: string | null;
  email: Pick<ComposedEmail, 'subject' | 'text'>;
};

/** Stands in for each person's own link in a preview: staff never see a registrant's link. */
const LINK_PLACEHOLDER = '(their own registration link)';

/**
 * Exactly what the message sends, as the first person of the group receives it (their first
 * name; their link shown as a placeholder), and to how many.
 */
export async function previewEventMessage(
  db: Database,
  event: Event,
  draft: MessageDraft,
): Promise<MessagePreview> {
  const recipients = await recipientsOf(db, event.id, draft.audience);
  const first = recipients[0];
  const email = eventMessageEmail(
    await registrationWords(),
    {
      event,
      person: { firstName: first?.firstName ?? '(first name)' },
      manageUrl: LINK_PLACEHOLDER,
    },
    draft,
  );
  return {
    recipients: recipients.length,
    shownFor: first ? first.firstName : null,
    email: { subject: email.subject, text: email.text },
  };
}

export type SendOutcome =
  | { kind: 'sent'; messageId: number; recipients: number }
  /** The same form was sent before (a double submit): nothing more went out. */
  | { kind: 'already_sent'; recipients: number }
  /** The group changed since the preview: nothing was sent. */
  | { kind: 'changed'; recipients: number }
  /** The event had its day's messages already (club settings): nothing was sent. */
  | { kind: 'limit'; allowance: MessageAllowance }
  | { kind: 'nobody' }
  | { kind: 'not_found' };

export type Sender = { id: string; name: string };

export function linkOf(key: Buffer, recipient: Recipient): string | null {
  const token = recipient.manageTokenSealed
    ? unsealManageToken(key, recipient.manageTokenSealed)
    : null;
  return token ? manageUrl(token) : null;
}

/** Locks the event's row: registrations of the event wait, so the group counted is the group sent to. */
export async function lockEvent(tx: Queryable, eventId: number): Promise<Event | null> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
  return event ?? null;
}

/**
 * The event's current calendar SEQUENCE: the highest a change notice sent for it, 0 if none. A
 * calendar file sent later (a reminder) carries it; the next change notice carries one more.
 */
export async function eventCalendarSequence(
  db: Pick<Queryable, 'select'>,
  eventId: number,
): Promise<number> {
  const [last] = await db
    .select({ sequence: max(eventMessages.calendarSequence) })
    .from(eventMessages)
    .where(eq(eventMessages.eventId, eventId));
  return last?.sequence ?? 0;
}

export async function sentBefore(tx: Queryable, sendKey: string) {
  const [row] = await tx
    .select({ recipients: eventMessages.recipients })
    .from(eventMessages)
    .where(eq(eventMessages.sendKey, sendKey));
  return row ?? null;
}

/** Writes the message's row and queues one email per person; null when the key was used. */
export async function writeMessage(
  tx: Queryable,
  sender: Sender,
  row: {
    eventId: number;
    kind: 'message' | 'change';
    audience: MessageAudience;
    subject: string;
    body: string;
    sendKey: string;
    calendarSequence?: number;
    /** When it is sent: the daily limit counts by it. */
    createdAt: Date;
  },
  recipients: Recipient[],
  compose: (recipient: Recipient) => ComposedEmail,
): Promise<number | null> {
  const [message] = await tx
    .insert(eventMessages)
    .values({
      ...row,
      recipients: recipients.length,
      sentById: sender.id,
      sentByName: sender.name,
    })
    .onConflictDoNothing({ target: eventMessages.sendKey })
    .returning({ id: eventMessages.id });
  if (!message) return null;
  const kind = row.kind === 'message' ? 'event_message' : 'event_change';
  await queueEmails(
    tx,
    recipients.map((recipient): QueuedEmail => ({
      dedupeKey: `${kind}:${message.id}:${recipient.id}`,
      kind,
      to: recipient.email,
      email: compose(recipient),
      registrationId: recipient.id,
      eventMessageId: message.id,
    })),
  );
  return message.id;
}

/** The window of the daily limit: a rolling 24 hours, whatever the club's calendar day. */
export const MESSAGE_WINDOW_MS = 24 * 60 * 60_000;

/**
 * How many emails to its registrants the event had in the last 24 hours against the club's
 * limit (readClubSettings: eventMessagesPerDay), and when the next message may go if none may
 * now. Change notices count, since they too land in the registrants' inboxes, but are never
 * refused: people must learn of a new time or place.
 */
export type MessageAllowance = {
  limit: number;
  sent: number;
  /** When one more message may go; null while one may go now. */
  nextAt: Date | null;
};

export async function messageAllowance(
  db: Pick<Database, 'select'>,
  eventId: number,
  now: Date = new Date(),
): Promise<MessageAllowance> {
  const [{ eventMessagesPerDay: limit }, recent] = await Promise.all([
    readClubSettings(db),
    db
      .select({ createdAt: eventMessages.createdAt })
      .from(eventMessages)
      .where(
        and(
          eq(eventMessages.eventId, eventId),
          gt(eventMessages.createdAt, new Date(now.getTime() - MESSAGE_WINDOW_MS)),
        ),
      )
      .orderBy(asc(eventMessages.createdAt)),
  ]);
  // One more may go once enough of these are older than the window: the oldest sent - limit + 1.
  const lastToLeave = recent[recent.length - limit];
  return {
    limit,
    sent: recent.length,
    nextAt:
      recent.length < limit || !lastToLeave
        ? null
        : new Date(lastToLeave.createdAt.getTime() + MESSAGE_WINDOW_MS),
  };
}

const messages = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;

/**
 * Why a message may not go now, and when it may: 'This event's registrants had 3 messages in the
 * last 24 hours, the most the club allows per event. The next can go Tue, Nov 25, 2026, 10:00 AM.'
 */
export function messageLimitWords(allowance: MessageAllowance): string {
  const reached = `This event’s registrants had ${messages(allowance.sent)} in the last 24 hours (change notices included), the most the club allows per event: ${allowance.limit} a day.`;
  return allowance.nextAt
    ? `${reached} The next can go ${formatConsoleDateTime(allowance.nextAt)}.`
    : reached;
}

/** 'Messages in the last 24 hours: 1 of 3 (change notices included).' */
export function allowanceWords(allowance: MessageAllowance): string {
  return allowance.nextAt
    ? messageLimitWords(allowance)
    : `Messages in the last 24 hours: ${allowance.sent} of ${allowance.limit} a day (change notices included).`;
}

/**
 * Sends staff's message to the group: one email per person with their own link. `expected` is
 * how many the preview showed; when the group changed since, nothing is sent.
 */
export async function sendEventMessage(
  db: Database,
  sender: Sender,
  eventId: number,
  draft: MessageDraft & { sendKey: string; expected: number },
  now: Date = new Date(),
): Promise<SendOutcome> {
  const key = await manageLinkKey(db);
  // The frame around the staff's words, read once for every copy.
  const words = await registrationWords();
  return db.transaction(async (tx): Promise<SendOutcome> => {
    // Under the event's lock: two sends at once count each other, so neither passes the limit.
    const event = await lockEvent(tx, eventId);
    if (!event) return { kind: 'not_found' };
    const earlier = await sentBefore(tx, draft.sendKey);
    if (earlier) return { kind: 'already_sent', recipients: earlier.recipients };
    const allowance = await messageAllowance(tx, eventId, now);
    if (allowance.nextAt) return { kind: 'limit', allowance };
    const recipients = await recipientsOf(tx, eventId, draft.audience);
    if (recipients.length === 0) return { kind: 'nobody' };
    if (recipients.length !== draft.expected) {
      return { kind: 'changed', recipients: recipients.length };
    }
    const messageId = await writeMessage(
      tx,
      sender,
      {
        eventId,
        kind: 'message',
        audience: draft.audience,
        subject: draft.subject,
        body: draft.body,
        sendKey: draft.sendKey,
        createdAt: now,
      },
      recipients,
      (recipient) =>
        eventMessageEmail(
          words,
          { event, person: { firstName: recipient.firstName }, manageUrl: linkOf(key, recipient) },
          draft,
        ),
    );
    if (messageId === null) return { kind: 'already_sent', recipients: recipients.length };
    await recordChange(
      tx,
      sender,
      {
        action: 'event.message',
        recordType: 'event',
        recordId: eventId,
        summary: `Emailed ${audiencePhrase(draft.audience, recipients.length)} of "${event.title}": ${draft.subject}`,
        after: {
          audience: AUDIENCE_LABELS[draft.audience],
          subject: draft.subject,
          recipients: recipients.length,
        },
      },
      now,
    );
    return { kind: 'sent', messageId, recipients: recipients.length };
  });
}

/** Whether an email went out: sent, still waiting (queued or retrying), or failed for good. */
export type DeliveryState = 'sent' | 'waiting' | 'failed';

const sentCount = sql<number>`count(${emailOutbox.sentAt})`.mapWith(Number);
const failedCount =
  sql<number>`count(*) filter (where ${emailOutbox.sentAt} is null and ${emailOutbox.gaveUpAt} is not null)`.mapWith(
    Number,
  );
const queuedCount = sql<number>`count(${emailOutbox.id})`.mapWith(Number);

export type EventMessageRow = {
  id: number;
  kind: string;
  audience: string;
  subject: string;
  body: string;
  recipients: number;
  sentByName: string;
  createdAt: Date;
  sent: number;
  failed: number;
  waiting: number;
};

/** The event's messages and change notices, newest first, with how many of each arrived. */
export async function listEventMessages(
  db: Pick<Database, 'select'>,
  eventId: number,
): Promise<EventMessageRow[]> {
  const rows = await db
    .select({
      id: eventMessages.id,
      kind: eventMessages.kind,
      audience: eventMessages.audience,
      subject: eventMessages.subject,
      body: eventMessages.body,
      recipients: eventMessages.recipients,
      sentByName: eventMessages.sentByName,
      createdAt: eventMessages.createdAt,
      queued: queuedCount,
      sent: sentCount,
      failed: failedCount,
    })
    .from(eventMessages)
    .leftJoin(emailOutbox, eq(emailOutbox.eventMessageId, eventMessages.id))
    .where(eq(eventMessages.eventId, eventId))
    .groupBy(eventMessages.id)
    .orderBy(desc(eventMessages.id));
  return rows.map(({ queued, ...row }) => ({
    ...row,
    waiting: Math.max(0, queued - row.sent - row.failed),
  }));
}

export type EventEmailRow = {
  id: number;
  kind: string;
  toAddress: string;
  subject: string;
  createdAt: Date;
  sentAt: Date | null;
  gaveUpAt: Date | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  registrationId: number | null;
  name: string;
  state: DeliveryState;
};

/**
 * The emails sent about the event's registrations (one registration's when `registrationId` is
 * given), newest first: the registration's own emails and the messages to its registrants.
 */
export async function eventEmails(
  db: Pick<Database, 'select'>,
  eventId: number,
  {
    registrationId,
    registrationIds,
    limit = 100,
  }: { registrationId?: number; registrationIds?: readonly number[]; limit?: number } = {},
): Promise<EventEmailRow[]> {
  const rows = await db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      gaveUpAt: emailOutbox.gaveUpAt,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      registrationId: emailOutbox.registrationId,
      firstName: eventRegistrations.firstName,
      lastName: eventRegistrations.lastName,
    })
    .from(emailOutbox)
    .innerJoin(eventRegistrations, eq(eventRegistrations.id, emailOutbox.registrationId))
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        registrationId === undefined ? undefined : eq(emailOutbox.registrationId, registrationId),
        registrationIds === undefined
          ? undefined
          : inArray(emailOutbox.registrationId, [...registrationIds]),
      ),
    )
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
  return rows.map(({ firstName, lastName, ...row }) => ({
    ...row,
    name: `${firstName} ${lastName}`,
    state: row.sentAt ? 'sent' : row.gaveUpAt ? 'failed' : 'waiting',
  }));
}

/**
 * The emails of several registrations of the event at once (one page of the registrants list),
 * each registration's newest first, at most `perPerson` each.
 */
export async function emailsOfRegistrations(
  db: Pick<Database, 'select'>,
  eventId: number,
  registrationIds: readonly number[],
  perPerson = 20,
): Promise<Map<number, EventEmailRow[]>> {
  const byRegistration = new Map<number, EventEmailRow[]>();
  if (registrationIds.length === 0) return byRegistration;
  const rows = await eventEmails(db, eventId, {
    registrationIds,
    limit: registrationIds.length * perPerson,
  });
  for (const row of rows) {
    const list = byRegistration.get(row.registrationId!) ?? [];
    if (list.length < perPerson) list.push(row);
    byRegistration.set(row.registrationId!, list);
  }
  return byRegistration;
}

/** The outbox rows of one message (tests, and a message's own list). */
export function outboxOfMessage(db: Pick<Database, 'select'>, messageId: number) {
  return db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.eventMessageId, messageId))
    .orderBy(emailOutbox.id);
}
