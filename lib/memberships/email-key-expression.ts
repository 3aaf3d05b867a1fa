import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A uOttawa address as uniqueness compares addresses: Unicode NFKC (full-width letters are the
 * same letters), lower case, a `+tag` dropped. One expression, which generates
 * `memberships.uottawa_email_key` in the schema and compares what was typed with it
 * (lib/memberships/email-key.ts), so the two can never disagree. Free of path aliases: drizzle-kit
 * loads the schema, and this with it, without them.
 */
export function uottawaEmailKeyOf(value: SQL | AnyPgColumn): SQL {
  return sql`regexp_replace(lower(normalize(trim(${value}), NFKC)), '\\+[^@]*@', '@')`;
}
