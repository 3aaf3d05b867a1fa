import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
// Relative: drizzle-kit loads this file without the project's path aliases.
import { ROLES } from '../../auth/roles';
import { createdAt, EMAIL_LENGTH, id } from './columns';
import { events } from './content';

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

/**
 * The scheduled work's last run, whichever instance ran it (one row, id 1, written at the end of
 * each run): of several instances only one runs the work (lib/jobs/scheduler-lease.ts), and the
 * System page and `npm run doctor` of every one of them say whether the club's work runs on time.
 */
export const scheduledWorkRuns = pgTable(
  'scheduled_work_runs',
  {
    id: integer('id').primaryKey().default(1),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The failure's message; null when the run did its work. */
    error: text('error'),
  },
  (table) => [check('scheduled_work_runs_one_row', sql`${table.id} = 1`)],
);

/**
 * Devices an account signed in from with its password and two-factor code, remembered for a
 * while: from one of them the right password still gets its owner in while a stranger who knows
 * the address has locked the account, or one network's failures hold every other device back.
 * The cookie carries the token; only its SHA-256 is kept here.
 */
export const adminTrustedDevices = pgTable(
  'admin_trusted_devices',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** The browser and system in words ('Safari on iPhone'), for the account page's list. */
    label: varchar('label', { length: 120 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: authTimestamp('last_used_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('admin_trusted_devices_user_idx').on(table.userId)],
);

/**
 * The club's settings that are not a membership year's: one row (id 1), written by the first
 * save (lib/db/club-settings.ts reads the defaults until then). The address members
 * write to about their membership (a suspension, a question), and how many messages the staff may
 * send to one event's registrants in a day, so one slip cannot flood them.
 */
export const clubSettings = pgTable(
  'club_settings',
  {
    id: integer('id').primaryKey().default(1),
    membershipContactAddress: varchar('membership_contact_address', { length: EMAIL_LENGTH }),
    eventMessagesPerDay: integer('event_messages_per_day').notNull().default(3),
    updatedAt: authTimestamp('updated_at'),
  },
  (table) => [
    check('club_settings_one_row', sql`${table.id} = 1`),
    check(
      'club_settings_event_messages_per_day',
      sql`${table.eventMessagesPerDay} between 1 and 50`,
    ),
  ],
);

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

export type AdminUser = typeof adminUsers.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
