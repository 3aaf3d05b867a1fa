import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, EMAIL_LENGTH, id } from './columns';
import { adminUsers } from './console';
import { events } from './content';
import { memberships } from './memberships';
import { eventRegistrations } from './registrations';

/**
 * Every email the server sends, written in the transaction of the change that causes it and
 * delivered afterwards by the sender (lib/mail/sender.ts). `dedupeKey` makes queueing the same
 * email twice (a reminder run twice, a retried request) a no-op.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    dedupeKey: varchar('dedupe_key', { length: 200 }).notNull().unique(),
    kind: varchar('kind', { length: 40 }).notNull(),
    toAddress: varchar('to_address', { length: EMAIL_LENGTH }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** [{ filename, contentType, contentBase64 }]: the calendar file, for example. */
    attachments: jsonb('attachments')
      .notNull()
      .default(sql`'[]'::jsonb`),
    registrationId: integer('registration_id').references(() => eventRegistrations.id, {
      onDelete: 'set null',
    }),
    /** The membership an email is about (application received, activation, reminder, ...). */
    membershipId: integer('membership_id').references((): AnyPgColumn => memberships.id),
    /** The message to an event's registrants this email is one copy of. */
    eventMessageId: integer('event_message_id').references((): AnyPgColumn => eventMessages.id, {
      onDelete: 'set null',
    }),
    /** The announcement to the members this email is one copy of. */
    announcementId: integer('announcement_id').references((): AnyPgColumn => announcements.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /**
     * Set while one sender delivers it, so two instances never send the same email. The sender
     * renews it while it talks to the SMTP server; it lapses only when that sender is gone.
     */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /**
     * The current claim's fencing token: written by each claim, and required by its renewal and
     * by the sender's 'sent' or 'failed' record, so a sender whose claim was taken over records
     * nothing.
     */
    claimToken: varchar('claim_token', { length: 36 }),
    /** How often staff resent it after it was sent: each deliberate resend is a new Message-ID. */
    resends: integer('resends').notNull().default(0),
    lastError: varchar('last_error', { length: 500 }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Set after the last automatic attempt failed; staff can still resend. */
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('email_outbox_due_idx').on(table.sentAt, table.nextAttemptAt),
    index('email_outbox_to_idx').on(sql`lower(${table.toAddress})`),
  ],
);

/**
 * What staff wrote to an event's registrants (`message`), or the notice that the event's date,
 * time or place changed (`change`, with a new calendar file): who sent it, to whom, and to how
 * many. Each person's copy is a row of the outbox that points here.
 */
export const eventMessages = pgTable(
  'event_messages',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** Whom it went to: confirmed, waitlisted, submitted, everyone, or active (a change notice). */
    audience: varchar('audience', { length: 20 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    body: text('body').notNull(),
    recipients: integer('recipients').notNull(),
    sentById: text('sent_by_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** Kept as it was, so the list still names someone whose account is gone. */
    sentByName: varchar('sent_by_name', { length: 100 }).notNull(),
    /** The form's one-time key: submitting the same form twice sends once. */
    sendKey: varchar('send_key', { length: 64 }).notNull().unique(),
    /** A change notice's calendar SEQUENCE: higher than any calendar file sent before it. */
    calendarSequence: integer('calendar_sequence'),
    createdAt: createdAt(),
  },
  (table) => [
    index('event_messages_event_idx').on(table.eventId, table.createdAt),
    check('event_messages_kind', sql`${table.kind} in ('message', 'change')`),
  ],
);

export type OutboxEmail = typeof emailOutbox.$inferSelect;

/**
 * An announcement to the club's members: to every active member who agreed to be emailed, or to
 * a filter of the roster (`audience`, as the roster's filter reads it). Each copy is a row of the
 * outbox that points here, delivered at the relay's pace like an event's messages.
 */
export const announcements = pgTable('announcements', {
  id: id(),
  subject: varchar('subject', { length: 200 }).notNull(),
  body: text('body').notNull(),
  audience: jsonb('audience').notNull(),
  recipients: integer('recipients').notNull(),
  sentById: text('sent_by_id').references(() => adminUsers.id, { onDelete: 'set null' }),
  /** Kept as it was, so the list still names someone whose account is gone. */
  sentByName: varchar('sent_by_name', { length: 100 }).notNull(),
  /** The form's one-time key: submitting the same form twice sends once. */
  sendKey: varchar('send_key', { length: 64 }).notNull().unique(),
  createdAt: createdAt(),
});
