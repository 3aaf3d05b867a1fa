import { sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

/*
 * Column builders the schema's files share. index.ts does not re-export them: the schema's public
 * face is its tables and their types.
 */

/** Lengths shared by several tables. */
export const URL_LENGTH = 500;
export const EMAIL_LENGTH = 254;
export const NAME_LENGTH = 60;

export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const sortOrder = () => integer('sort_order').notNull().default(0);
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const statusCheck = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

/** When an executive first opened a submission, and when it was marked handled (the inbox's states). */
export const inboxStates = () => ({
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
});
