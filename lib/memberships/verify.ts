import 'server-only';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { memberships } from '@/lib/db/schema';
import { clubDate } from '@/lib/db/time';
import { queueEmail, type Queryable } from '@/lib/mail/outbox';
import { sameUottawaEmail } from './email-key';
import { membershipMailContext } from './emails';
import { normalizeMemberId } from './member-id';
import { type MemberCheckReason, memberCheckNoticeEmail } from './public-emails';

/**
 * Whether a person registering as a member holds a membership that gives them a member place
 * (club-operations.md, 'Member events'): the ID exists and belongs to that uOttawa email, it is
 * active, valid on the event's date, and not suspended. Read with the registration's transaction,
 * so a membership refunded a moment earlier is not taken.
 *
 * Every refusal says the same words, whatever the reason: whoever knows a student's address and
 * tries member IDs learns neither which half was wrong nor whether the student is suspended,
 * unpaid or refunded. The reason goes by email to the membership's own address instead
 * (queueMemberCheckNotice), at most once an hour.
 */

export const MEMBERSHIP_MISMATCH_MESSAGE =
  'This member ID and email do not match an active membership. Check both, or use ‘I forgot my member ID’ on the membership page.';

/** The member checks refused with a right pair, and what their owner is told why. */
export type MemberCheckRefusal = {
  membershipId: number;
  reason: MemberCheckReason;
  /** `YYYY-MM-DD`, or null (suspended with no end). */
  suspendedUntil: string | null;
  validFrom: string;
  validUntil: string;
};

export type MemberCheck =
  | { ok: true; membershipId: number; memberId: string }
  | {
      ok: false;
      /** Always MEMBERSHIP_MISMATCH_MESSAGE: what the person registering is told. */
      message: string;
      /** Why a right pair was refused (for its owner's email); null for a wrong pair. */
      refusal: MemberCheckRefusal | null;
    };

const WRONG_PAIR: MemberCheck = { ok: false, message: MEMBERSHIP_MISMATCH_MESSAGE, refusal: null };

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
  // An ID that cannot be one is looked up all the same (as an ID nobody holds), so that the
  // answer takes the time of any other.
  const memberId = normalizeMemberId(input.memberId) ?? '';
  const [membership] = await db
    .select({
      id: memberships.id,
      status: memberships.status,
      validFrom: memberships.validFrom,
      validUntil: memberships.validUntil,
      suspendedUntil: memberships.suspendedUntil,
    })
    .from(memberships)
    .where(and(eq(memberships.memberId, memberId), sameUottawaEmail(input.email)));
  if (!membership) return WRONG_PAIR;

  const refused = (reason: MemberCheckReason): MemberCheck => ({
    ok: false,
    message: MEMBERSHIP_MISMATCH_MESSAGE,
    refusal: {
      membershipId: membership.id,
      reason,
      suspendedUntil: membership.suspendedUntil,
      validFrom: membership.validFrom,
      validUntil: membership.validUntil,
    },
  });
  switch (membership.status) {
    case 'active':
      break;
    case 'suspended':
      return refused('suspended');
    case 'pending':
    case 'payment_review':
      return refused('not_active');
    case 'expired':
      return refused('expired');
    default:
      return refused('ended');
  }
  const eventDay = clubDate(input.eventStartsAt ?? input.now);
  if (eventDay < membership.validFrom || eventDay > membership.validUntil) {
    return refused('not_valid_on_event_date');
  }
  return { ok: true, membershipId: membership.id, memberId };
}

/** A member is told why a check failed at most once in this time, whoever typed their pair. */
export const MEMBER_CHECK_NOTICE_INTERVAL_MS = 60 * 60_000;

/**
 * After a refused check: emails the membership's own uOttawa address why (through the outbox,
 * with the registration's transaction), unless it was told within the hour. A wrong pair runs the
 * same statement, which then finds no row, so both refusals cost the same work.
 */
export async function queueMemberCheckNotice(
  tx: Queryable,
  check: Extract<MemberCheck, { ok: false }>,
  event: { title: string },
  now: Date,
): Promise<boolean> {
  const membershipId = check.refusal?.membershipId ?? 0;
  const since = new Date(now.getTime() - MEMBER_CHECK_NOTICE_INTERVAL_MS);
  const [noted] = await tx
    .update(memberships)
    .set({ memberCheckNoticeAt: now })
    .where(
      and(
        eq(memberships.id, membershipId),
        or(isNull(memberships.memberCheckNoticeAt), lte(memberships.memberCheckNoticeAt, since)),
      ),
    )
    .returning({ id: memberships.id });
  if (!noted || !check.refusal) return false;
  const context = await membershipMailContext(tx, noted.id);
  if (!context) return false;
  return queueEmail(tx, {
    dedupeKey: `membership-member-check:${noted.id}:${now.getTime()}`,
    kind: 'membership-member-check',
    to: context.to,
    email: await memberCheckNoticeEmail(context, { ...check.refusal, eventTitle: event.title }),
    membershipId: noted.id,
  });
}
