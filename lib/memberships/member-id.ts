import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { membershipYears } from '@/lib/db/schema';

/**
 * Member IDs (club-operations.md, 'Member IDs'): `TCSA-26-0001`, the last two digits of the year
 * the membership year starts in, then that year's counter. Given at activation, never changed,
 * kept after a refund or cancellation, never given to anyone else.
 */

const PREFIX = 'TCSA';

/** `TCSA-26-0001`: four digits at least, more once a year passes 9999 members. */
export function formatMemberId(year: number, n: number): string {
  if (!Number.isInteger(year) || !Number.isInteger(n) || n < 1) {
    throw new RangeError(`No member ID for year ${year}, number ${n}`);
  }
  const yy = String(year % 100).padStart(2, '0');
  return `${PREFIX}-${yy}-${String(n).padStart(4, '0')}`;
}

const MEMBER_ID_PATTERN = /^TCSA-?(\d{2})-?(\d{1,6})$/;

/**
 * A member ID as a person may type it (`tcsa-26-1`, ` TCSA260001 `) in its one stored form, or
 * null when it cannot be one: for searches and look-ups, so that the case, spaces and missing
 * zeros do not matter.
 */
export function normalizeMemberId(input: string): string | null {
  const match = MEMBER_ID_PATTERN.exec(input.trim().toUpperCase().replaceAll(/\s+/g, ''));
  if (!match) return null;
  const n = Number(match[2]);
  if (n < 1) return null;
  return `${PREFIX}-${match[1]}-${String(n).padStart(4, '0')}`;
}

/** A database or one of its transactions. */
type Updater = Pick<Database, 'update'>;

/**
 * Takes the next member ID of membership year `year`, inside the caller's transaction (the
 * activation's): one `UPDATE … RETURNING` increments the year's counter, so on PostgreSQL the
 * year's row stays locked until the transaction ends and concurrent activations take numbers one
 * after the other; a rolled-back activation gives its number back with everything else, and a
 * committed one never gives it again (the counter only grows). Throws when the year does not
 * exist: an activation of a membership always has its year.
 */
export async function takeNextMemberId(tx: Updater, year: number): Promise<string> {
  const [row] = await tx
    .update(membershipYears)
    .set({ lastMemberNumber: sql`${membershipYears.lastMemberNumber} + 1` })
    .where(eq(membershipYears.year, year))
    .returning({ n: membershipYears.lastMemberNumber });
  if (!row) throw new Error(`Membership year ${year} does not exist`);
  return formatMemberId(year, row.n);
}
