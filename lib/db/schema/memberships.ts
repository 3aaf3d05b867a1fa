import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  jsonb,
  primaryKey,
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
// Relative: drizzle-kit loads this file without the project's path aliases.
import { ROLES } from '../auth/roles';
import { MAX_RESUME_BYTES } from '../submissions/resume-type';
import { PLACE_POOLS, REGISTRATION_STATUSES, STATUS_ACTORS } from '../registrations/statuses';
import { type Answers, QUESTION_KINDS } from '../registrations/questions';
import {
  MEMBERSHIP_ACTORS,
  MEMBERSHIP_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
  REFUND_STATES,
} from '../memberships/statuses';
import { uottawaEmailKeyOf } from '../memberships/email-key-expression';

/**
 * The database behind the JSON contract of spec section 7: one table per entity of section 3
 * that the API serves, plus event registrations. The same schema and migrations serve the
 * embedded PGlite database and a PostgreSQL server.
 *
 * Image columns hold URLs the browser can load as they are (site-relative, e.g.
 * `/media/events/lunar-new-year-gala.svg`). Lists are ordered by `sort_order`, then `id`.
 */

/** Lengths shared by several tables. */
const URL_LENGTH = 500;
const EMAIL_LENGTH = 254;
const NAME_LENGTH = 60;

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const sortOrder = () => integer('sort_order').notNull().default(0);
const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const departments = pgTable('departments', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull().unique(),
});

export const members = pgTable(
  'members',
  {
    id: id(),
    firstName: varchar('first_name', { length: NAME_LENGTH }).notNull(),
    lastName: varchar('last_name', { length: NAME_LENGTH }).notNull(),
    email: varchar('email', { length: EMAIL_LENGTH }),
    quote: varchar('quote', { length: 300 }),
    pfpImg: varchar('pfp_img', { length: URL_LENGTH }),
    position: varchar('position', { length: 100 }).notNull(),
    /** The member's leader in the team pyramid; null for the President. */
    reportsTo: integer('reports_to').references((): AnyPgColumn => members.id, {
      onDelete: 'set null',
    }),
    departmentId: integer('department_id').references(() => departments.id, {
      onDelete: 'set null',
    }),
    sortOrder: sortOrder(),
  },
  (table) => [
    index('members_reports_to_idx').on(table.reportsTo),
    check(
      'members_not_own_leader',
      sql`${table.reportsTo} is null or ${table.reportsTo} <> ${table.id}`,
    ),
  ],
);

export const events = pgTable(
  'events',
  {
    id: id(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    /** When the event starts; null while the date is to be announced. */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    /** Free text such as '3 hours'. */
    duration: varchar('duration', { length: 60 }),
    location: varchar('location', { length: 200 }),
    organizer: varchar('organizer', { length: 200 }),
    posterImg: varchar('poster_img', { length: URL_LENGTH }),
    thumbnailLink: varchar('thumbnail_link', { length: URL_LENGTH }),
    /** Most registrations accepted; null means no limit. */
    capacity: integer('capacity'),
    createdAt: createdAt(),
    /**
     * Set when the club cancels an event that has registrations (it cannot be deleted then):
     * visitors no longer find it, and its registrants stay for the club's records.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** Registration settings (club-operations); null opening: open from publication. */
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true, mode: 'date' }),
    /** The deadline; null: registration closes when the event starts. */
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true, mode: 'date' }),
    /** Whether a full event puts newcomers on a waitlist instead of refusing them. */
    waitlistEnabled: boolean('waitlist_enabled').notNull().default(false),
    /** Whether a freed place goes to the first waitlisted person at once, or waits for staff. */
    autoPromote: boolean('auto_promote').notNull().default(true),
    /** Whether each registration waits for staff to confirm or decline it. */
    requiresReview: boolean('requires_review').notNull().default(false),
    /** A cancellation later than this many hours before the start counts as late. */
    cancellationCutoffHours: integer('cancellation_cutoff_hours').notNull().default(24),
    /*
     * Member events (club-operations.md, 'Member events'). Of the capacity, `memberPlaces` are
     * kept for active members and `staffPlaces` for people staff add; the rest are public.
     * Members register from `memberRegistrationOpensAt`, everyone from `registrationOpensAt`.
     */
    memberPlaces: integer('member_places').notNull().default(0),
    staffPlaces: integer('staff_places').notNull().default(0),
    /** Only active members may register; every place is a member place. */
    membersOnly: boolean('members_only').notNull().default(false),
    /** When members may register; null: with everyone, at `registrationOpensAt`. */
    memberRegistrationOpensAt: timestamp('member_registration_opens_at', {
      withTimezone: true,
      mode: 'date',
    }),
    /** Whether a place is held only once a deposit is paid (said on the event's pages). */
    requiresDeposit: boolean('requires_deposit').notNull().default(false),
    /** Networking, office tour, workshop, …: shown on the cards and the member events page. */
    category: varchar('category', { length: 40 }),
    /**
     * When visitors first see the event (lib/events/visibility.ts): null while it is a draft, a
     * future time while it is scheduled. A new row is published at once unless it says otherwise.
     */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).defaultNow(),
  },
  (table) => [
    index('events_starts_at_idx').on(table.startsAt),
    check('events_capacity_positive', sql`${table.capacity} is null or ${table.capacity} > 0`),
    check('events_cutoff_not_negative', sql`${table.cancellationCutoffHours} >= 0`),
    check(
      'events_reserved_places_fit',
      sql`${table.memberPlaces} >= 0 and ${table.staffPlaces} >= 0 and (${table.capacity} is null or ${table.memberPlaces} + ${table.staffPlaces} <= ${table.capacity})`,
    ),
  ],
);

/** Hands out waitlist places (event_registrations.queued_at) in the order people arrive. */
export const registrationQueue = pgSequence('registration_queue_seq');

const statusCheck = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

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

export const alumniKind = pgEnum('alumni_kind', ['club_member', 'telfer']);

export const alumni = pgTable('alumni', {
  id: id(),
  /** Former club members appear in /api/alumni/, Telfer alumni in /api/telferAlumni/. */
  kind: alumniKind('kind').notNull(),
  name: varchar('name', { length: 120 }).notNull(),
  position: varchar('position', { length: 150 }).notNull(),
  major: varchar('major', { length: 120 }).notNull(),
  email: varchar('email', { length: EMAIL_LENGTH }),
  pfpImg: varchar('pfp_img', { length: URL_LENGTH }),
  sortOrder: sortOrder(),
});

export const galleryItems = pgTable('gallery_items', {
  id: id(),
  image: varchar('image', { length: URL_LENGTH }).notNull(),
  /** The caption the circular gallery draws under the image. */
  text: varchar('text', { length: 120 }).notNull(),
  sortOrder: sortOrder(),
});

export const sponsors = pgTable('sponsors', {
  id: id(),
  name: varchar('name', { length: 120 }).notNull(),
  logoImg: varchar('logo_img', { length: URL_LENGTH }).notNull(),
  link: varchar('link', { length: URL_LENGTH }),
  description: text('description'),
  /** The optional Instagram link the partnerships card can show. */
  instagram: varchar('instagram', { length: URL_LENGTH }),
  sortOrder: sortOrder(),
});

export const homeHeroMedia = pgTable(
  'home_hero_media',
  {
    id: id(),
    video: varchar('video', { length: URL_LENGTH }),
    image: varchar('image', { length: URL_LENGTH }),
    sortOrder: sortOrder(),
  },
  (table) => [
    check(
      'home_hero_media_has_media',
      sql`${table.video} is not null or ${table.image} is not null`,
    ),
  ],
);

export const heroPage = pgEnum('hero_page', [
  'events',
  'joinus',
  'alumni',
  'services',
  'resources',
]);

export const pageHeroImages = pgTable('page_hero_images', {
  id: id(),
  page: heroPage('page').notNull(),
  image: varchar('image', { length: URL_LENGTH }).notNull(),
  sortOrder: sortOrder(),
});

export const imageCollection = pgEnum('image_collection', [
  'benefits',
  'services',
  'resource_carousel',
]);

/** Background and slideshow images: the join-us benefits, the services showcases, the resources slideshow. */
export const imageRecords = pgTable(
  'image_records',
  {
    id: id(),
    collection: imageCollection('collection').notNull(),
    image: varchar('image', { length: URL_LENGTH }).notNull(),
    link: varchar('link', { length: URL_LENGTH }),
    title: varchar('title', { length: 150 }),
    sortOrder: sortOrder(),
  },
  (table) => [index('image_records_collection_idx').on(table.collection, table.sortOrder)],
);

export const openPositions = pgTable('open_positions', {
  id: id(),
  title: varchar('title', { length: 150 }).notNull(),
  description: text('description').notNull(),
  /** The day it was posted, in the club's time zone (a date, as Django's DateField serves it). */
  postedAt: date('posted_at', { mode: 'string' })
    .notNull()
    .default(sql`(now() at time zone 'America/Toronto')::date`),
  sortOrder: sortOrder(),
});

export const resources = pgTable('resources', {
  id: id(),
  title: varchar('title', { length: 150 }).notNull(),
  description: text('description').notNull(),
  thumbnailImg: varchar('thumbnail_img', { length: URL_LENGTH }),
  resourceUrl: varchar('resource_url', { length: URL_LENGTH }).notNull(),
  sortOrder: sortOrder(),
});

export const designs = pgTable('designs', {
  id: id(),
  title: varchar('title', { length: 150 }).notNull(),
  description: text('description'),
  image: varchar('image', { length: URL_LENGTH }).notNull(),
  sortOrder: sortOrder(),
});

/** When an executive first opened a submission, and when it was marked handled (the inbox's states). */
const inboxStates = () => ({
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
});

/**
 * What visitors submit through the site's forms. Stored before any email is sent, so a
 * submission survives EmailJS failing; executives read them with `npm run submissions:export`.
 * They belong to no content: `db:seed -- --reset` keeps them (see SUBMISSION_TABLES).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    senderName: varchar('sender_name', { length: 100 }).notNull(),
    senderEmail: varchar('sender_email', { length: EMAIL_LENGTH }).notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    ...inboxStates(),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    /** A person's or an organization's name. */
    name: varchar('name', { length: 150 }).notNull(),
    email: varchar('email', { length: EMAIL_LENGTH }).notNull(),
    needs: text('needs').notNull(),
    createdAt: createdAt(),
    ...inboxStates(),
  },
  (table) => [index('service_requests_created_at_idx').on(table.createdAt)],
);

export const jobApplications = pgTable(
  'job_applications',
  {
    id: id(),
    applicantName: varchar('applicant_name', { length: 100 }).notNull(),
    applicantEmail: varchar('applicant_email', { length: EMAIL_LENGTH }).notNull(),
    position: varchar('position', { length: 150 }).notNull(),
    /** The generated name of the file in the uploads folder (UPLOADS_DIR), e.g. `3f…9a.pdf`. */
    resumeStoredName: varchar('resume_stored_name', { length: 80 }).notNull().unique(),
    /** The name the file had on the applicant's computer, for the executives' reference only. */
    resumeOriginalName: varchar('resume_original_name', { length: 255 }).notNull(),
    /** Judged from the file's content (PDF, DOC or DOCX), not from what the browser said. */
    resumeContentType: varchar('resume_content_type', { length: 100 }).notNull(),
    resumeSize: integer('resume_size').notNull(),
    createdAt: createdAt(),
    ...inboxStates(),
  },
  (table) => [
    index('job_applications_created_at_idx').on(table.createdAt),
    check(
      'job_applications_resume_size_range',
      sql`${table.resumeSize} > 0 and ${table.resumeSize} <= ${sql.raw(String(MAX_RESUME_BYTES))}`,
    ),
  ],
);

/*
 * The club's console. Accounts, sessions, passwords and two-factor secrets are Better Auth's
 * tables (lib/auth/server.ts maps its models to them; its own names are the property names).
 * Ids are Better Auth's random strings.
 */
const authTimestamp = (name: string) =>
  timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const adminUsers = pgTable(
  'admin_users',
  {
    id: text('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: EMAIL_LENGTH }).notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: varchar('role', { length: 20 }).notNull().default('event_lead'),
    /** Set when a super admin deactivates the account: it can no longer sign in. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
    twoFactorEnabled: boolean('two_factor_enabled').default(false),
    createdAt: authTimestamp('created_at'),
    updatedAt: authTimestamp('updated_at'),
  },
  (table) => [
    check(
      'admin_users_role_known',
      sql`${table.role} in (${sql.raw(ROLES.map((role) => `'${role}'`).join(', '))})`,
    ),
  ],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: authTimestamp('created_at'),
    updatedAt: authTimestamp('updated_at'),
  },
  (table) => [index('admin_sessions_user_idx').on(table.userId)],
);

/** Sign-in methods of an account; the password hash lives here (provider 'credential'). */
export const adminAccounts = pgTable(
  'admin_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: authTimestamp('created_at'),
    updatedAt: authTimestamp('updated_at'),
  },
  (table) => [index('admin_accounts_user_idx').on(table.userId)],
);

/** One-time values: the first account's setup link, invitations, password resets. */
export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: authTimestamp('created_at'),
    updatedAt: authTimestamp('updated_at'),
  },
  (table) => [index('auth_verifications_identifier_idx').on(table.identifier)],
);

export const adminTwoFactors = pgTable(
  'admin_two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('admin_two_factors_user_idx').on(table.userId),
    index('admin_two_factors_secret_idx').on(table.secret),
  ],
);

/**
 * Every sign-in attempt with a password, by the email it named (whether or not an account has it,
 * so the answers never tell which addresses have one): the per-account limit counts the failures
 * since the last success, and an account's owner sees them.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: id(),
    /** Lower-cased and trimmed, as accounts are found by it. */
    email: varchar('email', { length: EMAIL_LENGTH }).notNull(),
    at: createdAt(),
    address: varchar('address', { length: 64 }),
    /** 'checking' until the password has been checked; 'refused' when the account was locked. */
    outcome: varchar('outcome', { length: 12 }).notNull(),
  },
  (table) => [index('sign_in_attempts_email_at_idx').on(table.email, table.at)],
);

/** Better Auth's sign-in rate limit, kept in the database so that every instance shares it. */
export const authRateLimits = pgTable('auth_rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Secrets the server makes for itself when none is configured (the console's signing secret), so
 * that every instance on one database shares them and a restart keeps the sessions.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 60 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Who leads which event: an event lead sees and edits only these. */
export const eventLeads = pgTable(
  'event_leads',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.userId] }),
    index('event_leads_user_idx').on(table.userId),
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

/** Every change made in the console: who, when, what, and a short before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: createdAt(),
    /** Null for the system (the first account's setup) or an account deleted since. */
    actorId: text('actor_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** Kept as it was, so the log still names someone whose account is gone. */
    actorName: varchar('actor_name', { length: 100 }).notNull(),
    action: varchar('action', { length: 60 }).notNull(),
    recordType: varchar('record_type', { length: 40 }).notNull(),
    recordId: varchar('record_id', { length: 80 }),
    summary: varchar('summary', { length: 300 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actorId),
  ],
);

/*
 * The club's paid annual membership (club-operations.md, 'Membership'). Not to be confused with
 * `members`, the team chart of the contract: in code and tables these are 'memberships'.
 * Money is integer cents with its currency. Nothing the club must never collect (student
 * number, passport, ID card, SIN, bank account, card number) has a column here.
 */
const currency = () => varchar('currency', { length: 3 }).notNull().default('CAD');
const dateColumn = (name: string) => date(name, { mode: 'string' });

/** The year's settings, one row per membership year (2026 for 2026–27). */
export const membershipYears = pgTable('membership_years', {
  /** The calendar year the membership year starts in: 2026 for 2026–27, `26` in member IDs. */
  year: integer('year').primaryKey(),
  /** Where applicants send their Interac e-Transfer. */
  etransferAddress: varchar('etransfer_address', { length: EMAIL_LENGTH }).notNull(),
  /** What to do, in the club's words (security question or auto-deposit, the message). */
  etransferInstructions: text('etransfer_instructions').notNull(),
  /** The last member ID number given this year: the counter IDs come from, never decreased. */
  lastMemberNumber: integer('last_member_number').notNull().default(0),
  /** Whether applications are taken for this year (the public form offers the open year only). */
  acceptingApplications: boolean('accepting_applications').notNull().default(true),
  /**
   * Days a confirmed application may wait for its payment: the scheduled work reminds the
   * applicant, then cancels it, so the roster does not fill with applications nobody pays.
   */
  unpaidApplicationDays: integer('unpaid_application_days').notNull().default(30),
  updatedAt: createdAt(),
});

/** What the club sells: Early Bird, Regular, Winter, each with its price, sale window, validity. */
export const membershipTypes = pgTable(
  'membership_types',
  {
    id: id(),
    year: integer('year')
      .notNull()
      .references(() => membershipYears.year),
    name: varchar('name', { length: 60 }).notNull(),
    description: varchar('description', { length: 300 }).notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    currency: currency(),
    /** Offered on the form from this day to that day inclusive (the club's time zone). */
    saleOpensOn: dateColumn('sale_opens_on').notNull(),
    saleClosesOn: dateColumn('sale_closes_on').notNull(),
    /** Benefits valid from this day to that day inclusive. */
    validFrom: dateColumn('valid_from').notNull(),
    validUntil: dateColumn('valid_until').notNull(),
    sortOrder: sortOrder(),
  },
  (table) => [
    uniqueIndex('membership_types_year_name_unique').on(table.year, table.name),
    check('membership_types_price_positive', sql`${table.priceCents} >= 0`),
    check('membership_types_sale_order', sql`${table.saleOpensOn} <= ${table.saleClosesOn}`),
    check('membership_types_valid_order', sql`${table.validFrom} <= ${table.validUntil}`),
  ],
);

/** One application, and the membership it becomes once paid: one per uOttawa email and year. */
export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    year: integer('year')
      .notNull()
      .references(() => membershipYears.year),
    typeId: integer('type_id')
      .notNull()
      .references(() => membershipTypes.id),
    /** What the applicant puts in the e-Transfer message, e.g. `M26-7KQ4XW`. */
    paymentReference: varchar('payment_reference', { length: 20 }).notNull().unique(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    /** `TCSA-26-0001`: given at activation, never changed, kept after a refund or cancellation. */
    memberId: varchar('member_id', { length: 20 }).unique(),
    legalName: varchar('legal_name', { length: 100 }).notNull(),
    preferredName: varchar('preferred_name', { length: 60 }).notNull(),
    /** Stored trimmed, NFKC-normalised and lower-cased (`@uottawa.ca`). */
    uottawaEmail: varchar('uottawa_email', { length: EMAIL_LENGTH }).notNull(),
    /**
     * The address as uniqueness compares it: NFKC, lower case, a `+tag` dropped. Computed by the
     * database, so no writer can store a membership whose key disagrees with its address.
     */
    uottawaEmailKey: varchar('uottawa_email_key', { length: EMAIL_LENGTH })
      .notNull()
      .generatedAlwaysAs(uottawaEmailKeyOf(sql.raw('uottawa_email'))),
    /**
     * When the applicant opened the confirmation link sent to the uOttawa address. Until then the
     * application counts for nothing: it blocks no address and finance does not see it.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    /** SHA-256 of the confirmation link's token (the token itself is only in the email). */
    emailConfirmationHash: varchar('email_confirmation_hash', { length: 64 }),
    /** When the last confirmation link was sent: it is valid for 48 hours from then. */
    emailConfirmationSentAt: timestamp('email_confirmation_sent_at', {
      withTimezone: true,
      mode: 'date',
    }),
    program: varchar('program', { length: 100 }).notNull(),
    yearOfStudy: varchar('year_of_study', { length: 20 }).notNull(),
    expectedGraduationYear: integer('expected_graduation_year').notNull(),
    /** string[] */
    industries: jsonb('industries').notNull().$type<string[]>(),
    notificationConsent: boolean('notification_consent').notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true, mode: 'date' }).notNull(),
    personalEmail: varchar('personal_email', { length: EMAIL_LENGTH }),
    wechatId: varchar('wechat_id', { length: 40 }),
    linkedinUrl: varchar('linkedin_url', { length: URL_LENGTH }),
    /** string[] */
    preferredEventKinds: jsonb('preferred_event_kinds')
      .notNull()
      .default(sql`'[]'::jsonb`)
      .$type<string[]>(),
    /** The price and validity when the person applied: a later price change does not touch them. */
    priceCents: integer('price_cents').notNull(),
    currency: currency(),
    validFrom: dateColumn('valid_from').notNull(),
    validUntil: dateColumn('valid_until').notNull(),
    createdAt: createdAt(),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    /** A suspension's period and why (set by staff; it ends by itself on `suspendedUntil`). */
    suspendedFrom: dateColumn('suspended_from'),
    suspendedUntil: dateColumn('suspended_until'),
    suspensionReason: varchar('suspension_reason', { length: 300 }),
    /** Set when the expiry reminder was queued, so the job queues it once. */
    expiryReminderQueuedAt: timestamp('expiry_reminder_queued_at', {
      withTimezone: true,
      mode: 'date',
    }),
    /** Set when the 'your application is not paid yet' reminder was queued (once). */
    unpaidReminderQueuedAt: timestamp('unpaid_reminder_queued_at', {
      withTimezone: true,
      mode: 'date',
    }),
    /**
     * When the member was last emailed why a member check at registration failed: at most once
     * an hour, whoever typed their ID and address.
     */
    memberCheckNoticeAt: timestamp('member_check_notice_at', { withTimezone: true, mode: 'date' }),
    /** When the person's data was erased on request: names and addresses are gone, money kept. */
    erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // One confirmed, not cancelled application per address and membership year: concurrent
    // confirmations of the same address fail here. An unconfirmed one blocks nobody.
    uniqueIndex('memberships_year_email_key_unique')
      .on(table.year, table.uottawaEmailKey)
      .where(sql`${table.emailConfirmedAt} is not null and ${table.status} <> 'cancelled'`),
    index('memberships_email_key_idx').on(table.uottawaEmailKey),
    index('memberships_status_idx').on(table.status),
    index('memberships_email_idx').on(sql`lower(${table.uottawaEmail})`),
    check('memberships_status_known', statusCheck(table.status, MEMBERSHIP_STATUSES)),
    check('memberships_price_positive', sql`${table.priceCents} >= 0`),
  ],
);

/** Every change of a membership's status: before, after, when, who (or the system), why. */
export const membershipStatusChanges = pgTable(
  'membership_status_changes',
  {
    id: id(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id),
    fromStatus: varchar('from_status', { length: 20 }),
    toStatus: varchar('to_status', { length: 20 }).notNull(),
    actor: varchar('actor', { length: 10 }).notNull(),
    actorUserId: text('actor_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    actorName: varchar('actor_name', { length: 100 }),
    reason: varchar('reason', { length: 300 }),
    at: createdAt(),
  },
  (table) => [
    index('membership_status_changes_membership_idx').on(table.membershipId),
    check('membership_status_changes_actor_known', statusCheck(table.actor, MEMBERSHIP_ACTORS)),
  ],
);

/** What arrived for a membership, as finance recorded it. Never deleted (no cascade either). */
export const membershipPayments = pgTable(
  'membership_payments',
  {
    id: id(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id),
    method: varchar('method', { length: 20 }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: currency(),
    receivedOn: dateColumn('received_on').notNull(),
    /** The bank's or e-Transfer's reference; a reference seen before is flagged, not refused. */
    transactionReference: varchar('transaction_reference', { length: 100 }).notNull(),
    state: varchar('state', { length: 20 }).notNull().default('recorded'),
    /** Why it was flagged, in words (wrong amount, reference used before, ...). */
    problem: varchar('problem', { length: 300 }),
    /** Finance's note when it accepted a flagged payment after checking it. */
    note: varchar('note', { length: 300 }),
    /** When and why the bank took a confirmed payment back (a recalled e-Transfer, a bounced cheque). */
    reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
    reversalReason: varchar('reversal_reason', { length: 300 }),
    recordedAt: createdAt(),
    recordedBy: text('recorded_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    recordedByName: varchar('recorded_by_name', { length: 100 }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    confirmedByName: varchar('confirmed_by_name', { length: 100 }),
  },
  (table) => [
    index('membership_payments_membership_idx').on(table.membershipId),
    index('membership_payments_reference_idx').on(sql`lower(${table.transactionReference})`),
    check('membership_payments_method_known', statusCheck(table.method, PAYMENT_METHODS)),
    check('membership_payments_state_known', statusCheck(table.state, PAYMENT_STATES)),
    check('membership_payments_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/** Money the club gives back: amount, date and reason. Never deleted. */
export const membershipRefunds = pgTable(
  'membership_refunds',
  {
    id: id(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id),
    paymentId: integer('payment_id').references(() => membershipPayments.id),
    amountCents: integer('amount_cents').notNull(),
    currency: currency(),
    reason: varchar('reason', { length: 300 }).notNull(),
    state: varchar('state', { length: 20 }).notNull().default('pending'),
    /** The day the money went back; null while the refund is pending. */
    refundedOn: dateColumn('refunded_on'),
    /**
     * Whether the membership ends when the refund is done. A partial refund (an overpayment's
     * difference, a goodwill refund) keeps it active unless finance chooses to end it.
     */
    endsMembership: boolean('ends_membership').notNull().default(true),
    recordedAt: createdAt(),
    recordedBy: text('recorded_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    recordedByName: varchar('recorded_by_name', { length: 100 }).notNull(),
  },
  (table) => [
    index('membership_refunds_membership_idx').on(table.membershipId),
    check('membership_refunds_state_known', statusCheck(table.state, REFUND_STATES)),
    check('membership_refunds_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/** A member asks the club to change their details: a kind of its own in the console's inbox. */
export const membershipChangeRequests = pgTable(
  'membership_change_requests',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    uottawaEmail: varchar('uottawa_email', { length: EMAIL_LENGTH }).notNull(),
    memberId: varchar('member_id', { length: 20 }),
    changes: text('changes').notNull(),
    /** The membership whose member ID and uOttawa email the request names; null when they do not match. */
    membershipId: integer('membership_id').references(() => memberships.id),
    /**
     * When the request was confirmed from the membership's own uOttawa address (the link in the
     * email sent there). Until then the inbox marks it unconfirmed.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /** SHA-256 of the confirmation link's token. */
    confirmationHash: varchar('confirmation_hash', { length: 64 }),
    /** When staff applied the request to the membership in one step. */
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    ...inboxStates(),
  },
  (table) => [
    index('membership_change_requests_created_at_idx').on(table.createdAt),
    index('membership_change_requests_membership_idx').on(table.membershipId),
  ],
);

export type Department = typeof departments.$inferSelect;
export type Member = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;
export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
export type EventRegistration = typeof eventRegistrations.$inferSelect;
export type NewEventRegistration = typeof eventRegistrations.$inferInsert;
export type RegistrationStatusChange = typeof registrationStatusChanges.$inferSelect;
export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type Alumnus = typeof alumni.$inferSelect;
export type AlumniKind = (typeof alumniKind.enumValues)[number];
export type GalleryItem = typeof galleryItems.$inferSelect;
export type Sponsor = typeof sponsors.$inferSelect;
export type HomeHeroMedia = typeof homeHeroMedia.$inferSelect;
export type HeroPage = (typeof heroPage.enumValues)[number];
export type PageHeroImage = typeof pageHeroImages.$inferSelect;
export type ImageCollection = (typeof imageCollection.enumValues)[number];
export type ImageRecord = typeof imageRecords.$inferSelect;
export type OpenPosition = typeof openPositions.$inferSelect;
export type Resource = typeof resources.$inferSelect;
export type Design = typeof designs.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type ServiceRequest = typeof serviceRequests.$inferSelect;
export type JobApplication = typeof jobApplications.$inferSelect;
export type NewJobApplication = typeof jobApplications.$inferInsert;
export type AdminUser = typeof adminUsers.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type MembershipYear = typeof membershipYears.$inferSelect;
export type MembershipType = typeof membershipTypes.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type MembershipStatusChange = typeof membershipStatusChanges.$inferSelect;
export type MembershipPayment = typeof membershipPayments.$inferSelect;
export type MembershipRefund = typeof membershipRefunds.$inferSelect;
export type MembershipChangeRequest = typeof membershipChangeRequests.$inferSelect;

/**
 * Every table of content and registrations, in an order that deletes children before parents:
 * what `db:seed -- --reset` replaces.
 */
export const ALL_TABLES = [
  emailOutbox,
  eventMessages,
  registrationStatusChanges,
  eventRegistrations,
  events,
  members,
  departments,
  alumni,
  galleryItems,
  sponsors,
  homeHeroMedia,
  pageHeroImages,
  imageRecords,
  openPositions,
  resources,
  designs,
] as const;

/** Visitors' submissions: never cleared by seeding, so a reset loses no message or application. */
export const SUBMISSION_TABLES = [contactMessages, serviceRequests, jobApplications] as const;
