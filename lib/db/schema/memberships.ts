import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
// Relative: drizzle-kit loads this file without the project's path aliases.
import {
  MEMBERSHIP_ACTORS,
  MEMBERSHIP_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
  REFUND_STATES,
} from '../../memberships/statuses';
import { uottawaEmailKeyOf } from '../../memberships/email-key-expression';
import {
  createdAt,
  EMAIL_LENGTH,
  id,
  inboxStates,
  sortOrder,
  statusCheck,
  URL_LENGTH,
} from './columns';
import { adminUsers } from './console';

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

export type MembershipYear = typeof membershipYears.$inferSelect;
export type MembershipType = typeof membershipTypes.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type MembershipStatusChange = typeof membershipStatusChanges.$inferSelect;
export type MembershipPayment = typeof membershipPayments.$inferSelect;
export type MembershipRefund = typeof membershipRefunds.$inferSelect;
export type MembershipChangeRequest = typeof membershipChangeRequests.$inferSelect;
