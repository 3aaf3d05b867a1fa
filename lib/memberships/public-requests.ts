import 'server-only';
import { and, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { emailOutbox, memberships } from '@/lib/db/schema';
import { queueEmail } from '@/lib/mail/outbox';
import { sameUottawaEmail } from './email-key';
import { membershipMailContext } from './emails';
import { memberIdEmail } from './public-emails';

/**
 * The two requests a member makes from the public pages without signing in: 'I forgot my member
 * ID' (the ID is emailed to the membership's own uOttawa address, never shown) and a request to
 * change their details (./change-requests.ts).
 */

/** Memberships whose ID may be sent: it was given, and the membership is (or was) in force. */
const ID_STATUSES = ['active', 'expired'] as const;

/** Repeated asks send at most one email an hour per membership. */
export const MEMBER_ID_EMAIL_INTERVAL_MS = 60 * 60_000;

export type MemberIdRequestOutcome = 'queued' | 'recently-sent' | 'no-membership';

/**
 * Queues 'Your member ID' to `uottawaEmail` when it belongs to an active or expired membership
 * (the latest year's). What happened is for tests and logs only: the visitor is told the same
 * thing whatever it is, so the form cannot be used to learn who is a member.
 */
export async function requestMemberIdEmail(
  db: Database,
  uottawaEmail: string,
  now: Date,
): Promise<MemberIdRequestOutcome> {
  return db.transaction(async (tx) => {
    const [membership] = await tx
      .select({ id: memberships.id, status: memberships.status })
      .from(memberships)
      .where(
        and(
          // As uniqueness compares addresses: a full-width or +tag spelling finds the member.
          sameUottawaEmail(uottawaEmail),
          inArray(memberships.status, [...ID_STATUSES]),
          isNotNull(memberships.memberId),
        ),
      )
      .orderBy(desc(memberships.year), desc(memberships.id))
      .limit(1);
    if (!membership) return 'no-membership';
    const recent = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.membershipId, membership.id),
          eq(emailOutbox.kind, 'membership-member-id'),
          gte(emailOutbox.createdAt, new Date(now.getTime() - MEMBER_ID_EMAIL_INTERVAL_MS)),
        ),
      )
      .limit(1);
    if (recent.length > 0) return 'recently-sent';
    const context = await membershipMailContext(tx, membership.id);
    if (!context) return 'no-membership';
    // The hour in the key makes two asks at the same moment queue one email, not two.
    const hour = Math.floor(now.getTime() / MEMBER_ID_EMAIL_INTERVAL_MS);
    const queued = await queueEmail(tx, {
      dedupeKey: `membership-member-id:${membership.id}:${hour}`,
      kind: 'membership-member-id',
      // The membership's own address, whatever spelling was typed.
      to: context.to,
      email: await memberIdEmail({ ...context, status: membership.status }),
      membershipId: membership.id,
    });
    return queued ? 'queued' : 'recently-sent';
  });
}
