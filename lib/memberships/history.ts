import 'server-only';
import { type ChangeActor, recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { membershipStatusChanges, memberships } from '@/lib/db/schema';
import { eq } from 'drizzle-orm';
import type { MembershipActor, MembershipStatus } from './statuses';

type Transaction = Pick<Database, 'insert' | 'update'>;

export type MembershipStatusMove = {
  membershipId: number;
  from: MembershipStatus | null;
  to: MembershipStatus;
  /** Who moved it: the applicant (applying), staff (with their account), or the system. */
  actor: MembershipActor;
  staff?: ChangeActor;
  /** Why, in words; required of staff (club-operations.md: 'before, after, when, who, why'). */
  reason: string | null;
  /** The audit entry: `membership.activate`, `membership.refund`, … and one line a person reads. */
  action: string;
  summary: string;
  /** Extra fields for the audit entry's before and after (the member ID given, an amount). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  at?: Date;
};

/**
 * The one way a membership's status changes: the row, its status history and the audit log,
 * written with the caller's transaction so that all three are stored together or not at all.
 * `from: null` records the application itself (no row update).
 */
export async function moveMembershipStatus(tx: Transaction, move: MembershipStatusMove) {
  const at = move.at ?? new Date();
  if (move.from !== null && move.from !== move.to) {
    await tx
      .update(memberships)
      .set({ status: move.to })
      .where(eq(memberships.id, move.membershipId));
  }
  const staff = move.actor === 'staff' ? (move.staff ?? null) : null;
  await tx.insert(membershipStatusChanges).values({
    membershipId: move.membershipId,
    fromStatus: move.from,
    toStatus: move.to,
    actor: move.actor,
    actorUserId: staff?.id ?? null,
    actorName: staff?.name ?? (move.actor === 'applicant' ? 'Applicant' : 'System'),
    reason: move.reason,
    at,
  });
  await recordChange(
    tx,
    move.actor === 'applicant' ? { id: null, name: 'Applicant' } : staff,
    {
      action: move.action,
      recordType: 'membership',
      recordId: move.membershipId,
      summary: move.summary,
      before: { status: move.from, ...move.before },
      after: { status: move.to, ...(move.reason ? { reason: move.reason } : {}), ...move.after },
    },
    at,
  );
}
