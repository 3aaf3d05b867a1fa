import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { membershipYears, memberships } from '@/lib/db/schema';
import { clubDate } from '@/lib/db/time';
import { formatDay } from './format';
import { normalizeMemberId } from './member-id';

/**
 * Whether a person registering as a member holds a membership that gives them a member place
 * (club-operations.md, 'Member events'): the ID exists and belongs to that uOttawa email, it is
 * active, valid on the event's date, and not suspended. Read with the registration's transaction,
 * so a membership refunded a moment earlier is not taken.
 *
 * A wrong pair never says which half was wrong: whoever knows only an email or only an ID learns
 * nothing about the other.
 */

export const MEMBERSHIP_MISMATCH_MESSAGE =
  'This member ID and email do not match an active membership. Check both, or use ‘I forgot my member ID’ on the membership page.';

export type MemberCheck =
  | { ok: true; membershipId: number; memberId: string }
  | {
      ok: false;
      reason: 'mismatch' | 'not_active' | 'not_valid_on_event_date' | 'suspended' | 'ended';
      message: string;
    };

export async function checkMemberForEvent(
  db: Pick<Database, 'select'>,
  input: {
    memberId: string;
    email: string;
    /** The event's start; null for an event without a date (the day of registering counts). */
    eventStartsAt: Date | null;
    now: Date;
  },
): Promise<MemberCheck> {
  const memberId = normalizeMemberId(input.memberId);
  if (!memberId) {
    return { ok: false, reason: 'mismatch', message: MEMBERSHIP_MISMATCH_MESSAGE };
  }
  const [membership] = await db
    .select({
      id: memberships.id,
      status: memberships.status,
      validFrom: memberships.validFrom,
      validUntil: memberships.validUntil,
      suspendedUntil: memberships.suspendedUntil,
      // The club's address for its members, as the membership emails give it.
      contactEmail: membershipYears.etransferAddress,
    })
    .from(memberships)
    .innerJoin(membershipYears, eq(membershipYears.year, memberships.year))
    .where(
      and(
        eq(memberships.memberId, memberId),
        sql`lower(trim(${memberships.uottawaEmail})) = ${input.email.trim().toLowerCase()}`,
      ),
    );
  if (!membership) return { ok: false, reason: 'mismatch', message: MEMBERSHIP_MISMATCH_MESSAGE };

  switch (membership.status) {
    case 'active':
      break;
    case 'suspended': {
      const until = membership.suspendedUntil
        ? ` until ${formatDay(membership.suspendedUntil)}`
        : '';
      return {
        ok: false,
        reason: 'suspended',
        message: `Your membership is suspended${until}, so you cannot take a member place now. If you think this is a mistake, write to the membership coordinator at ${membership.contactEmail}.`,
      };
    }
    case 'pending':
    case 'payment_review':
      return {
        ok: false,
        reason: 'not_active',
        message: `Your membership is not active yet: it becomes active once the club has confirmed your payment. Questions: ${membership.contactEmail}.`,
      };
    case 'expired':
      return {
        ok: false,
        reason: 'not_valid_on_event_date',
        message: `Your membership ended on ${formatDay(membership.validUntil)}. Renew it on the membership page to register as a member.`,
      };
    default:
      return {
        ok: false,
        reason: 'ended',
        message: `This membership is no longer active. Questions: ${membership.contactEmail}.`,
      };
  }

  const eventDay = clubDate(input.eventStartsAt ?? input.now);
  if (eventDay < membership.validFrom || eventDay > membership.validUntil) {
    return {
      ok: false,
      reason: 'not_valid_on_event_date',
      message: `Your membership is valid from ${formatDay(membership.validFrom)} to ${formatDay(membership.validUntil)}, which does not cover the day of this event.`,
    };
  }
  return { ok: true, membershipId: membership.id, memberId };
}
