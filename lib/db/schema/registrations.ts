import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
// Relative: drizzle-kit loads this file without the project's path aliases.
import { PLACE_POOLS, REGISTRATION_STATUSES, STATUS_ACTORS } from '../../registrations/statuses';
import { type Answers, QUESTION_KINDS } from '../../registrations/questions';
import { createdAt, EMAIL_LENGTH, id, NAME_LENGTH, statusCheck } from './columns';
import { adminUsers } from './console';
import { events } from './content';
import { memberships } from './memberships';

/** Hands out waitlist places (event_registrations.queued_at) in the order people arrive. */
export const registrationQueue = pgSequence('registration_queue_seq');

export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    firstName: varchar('first_name', { length: NAME_LENGTH }).notNull(),
    lastName: varchar('last_name', { length: NAME_LENGTH }).notNull(),
    /** Stored trimmed and lower-cased; the unique index below is the guarantee either way. */
    email: varchar('email', { length: EMAIL_LENGTH }).notNull(),
    createdAt: createdAt(),
    status: varchar('status', { length: 20 }).notNull().default('confirmed'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** For a cancellation: whether it came after the event's cut-off. */
    lateCancellation: boolean('late_cancellation').notNull().default(false),
    /**
     * Place in the waitlist: taken from one sequence when the person joins it, under the event's
     * row lock, so the order is the order of arrival.
     */
    queuedAt: bigint('queued_at', { mode: 'number' }),
    /** SHA-256 of the manage link's token (hex); the token itself is only in the person's link. */
    manageTokenHash: varchar('manage_token_hash', { length: 64 }).unique(),
    /**
     * The token sealed with the server's key (AES-256-GCM), so that later emails (promotion,
     * reminder) can carry the link again; the database alone reveals neither.
     */
    manageTokenSealed: varchar('manage_token_sealed', { length: 200 }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }),
    /** When this registration's one reminder was queued: never a second, whatever changes. */
    reminderQueuedAt: timestamp('reminder_queued_at', { withTimezone: true, mode: 'date' }),
    /**
     * Which of the event's pools the place is held in, or waited for: `member` (an active
     * member's place), `public`, or `staff` (added by staff).
     */
    pool: varchar('pool', { length: 10 }).notNull().default('public'),
    /** The membership checked when the person registered as a member (ID and email matched). */
    membershipId: integer('membership_id').references((): AnyPgColumn => memberships.id),
    /**
     * The answers to the event's questions (event_questions), keyed by question id. A column
     * rather than a table: a registration is written with its answers by the same statement (a
     * group commit writes a whole group's rows with one INSERT per table, and a table of answers
     * would add one more, plus a join to every read of the registrants), and the answers go with
     * the row when a registration is erased. A removed question that was answered is kept (its
     * `removed_at` set), so its answers still read under its label.
     */
    answers: jsonb('answers')
      .$type<Answers>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (table) => [
    // One registration per person and event, whatever the case or surrounding spaces of the
    // address: concurrent duplicates fail here with a unique violation (SQLSTATE 23505).
    uniqueIndex('event_registrations_event_email_unique').on(
      table.eventId,
      sql`lower(trim(${table.email}))`,
    ),
    index('event_registrations_event_status_idx').on(table.eventId, table.status),
    index('event_registrations_email_idx').on(sql`lower(${table.email})`),
    check('event_registrations_status_known', statusCheck(table.status, REGISTRATION_STATUSES)),
    check('event_registrations_pool_known', statusCheck(table.pool, PLACE_POOLS)),
    index('event_registrations_membership_idx').on(table.membershipId),
  ],
);

/**
 * The questions an event asks on its registration form (lib/registrations/questions.ts), in
 * `position` order. A question removed after someone answered it keeps its row with `removed_at`
 * set: the form and the API no longer ask it, the registrants' answers keep their label.
 */
export const eventQuestions = pgTable(
  'event_questions',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: varchar('label', { length: 150 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** The options of a 'choice' question, in order; [] for the other kinds. */
    choices: jsonb('choices')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    required: boolean('required').notNull().default(false),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('event_questions_event_idx').on(table.eventId, table.position),
    check('event_questions_kind_known', statusCheck(table.kind, QUESTION_KINDS)),
  ],
);

/** Every change of a registration's status: who (the person, staff or the system), when, why. */
export const registrationStatusChanges = pgTable(
  'registration_status_changes',
  {
    id: id(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 20 }),
    toStatus: varchar('to_status', { length: 20 }).notNull(),
    actor: varchar('actor', { length: 10 }).notNull(),
    /** The staff account, when staff made the change (null once the account is deleted). */
    actorUserId: text('actor_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    actorName: varchar('actor_name', { length: 100 }),
    reason: varchar('reason', { length: 300 }),
    at: createdAt(),
  },
  (table) => [
    index('registration_status_changes_registration_idx').on(table.registrationId),
    check('registration_status_changes_actor_known', statusCheck(table.actor, STATUS_ACTORS)),
  ],
);

export type EventRegistration = typeof eventRegistrations.$inferSelect;
export type NewEventRegistration = typeof eventRegistrations.$inferInsert;
export type RegistrationStatusChange = typeof registrationStatusChanges.$inferSelect;
