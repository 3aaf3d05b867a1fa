'use server';

import { revalidatePath } from 'next/cache';
import { guard } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { deliverSoon } from '@/lib/jobs/tick';
import { isMembershipStatus } from '@/lib/memberships/roster';
import { changeMembershipStatus, resendActivationEmail } from '@/lib/memberships/status';

/**
 * The membership coordinator's actions on one member (memberships.changeStatus,
 * memberships.resendEmail). Each passes the guard first; lib/memberships/status.ts writes the
 * change, its status history, its audit entry and the member's email (a suspension, its lifting)
 * in one transaction and answers refusals in words; the email goes out soon after.
 */

export type MemberActionState = { error?: string; done?: string };

function idOf(form: FormData, name: string): number | null {
  const raw = String(form.get(name) ?? '');
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

/** Moves a membership to another status, with the reason staff give (required). */
export async function changeMemberStatus(
  _previous: MemberActionState,
  form: FormData,
): Promise<MemberActionState> {
  const access = await guard('memberships.changeStatus');
  if (!access.ok) return { error: access.message };
  const membershipId = idOf(form, 'membershipId');
  if (membershipId === null) return { error: 'This membership no longer exists.' };
  const to = String(form.get('to') ?? '');
  if (!isMembershipStatus(to)) return { error: 'Choose the new status.' };
  const reason = String(form.get('reason') ?? '').trim();
  if (!reason) return { error: 'Give the reason: it is kept in the status history.' };
  if (reason.length > 200) return { error: 'Give the reason in at most 200 characters.' };
  // A suspension's first day: today when left empty (lib/memberships/status.ts checks both).
  const suspendedFrom = String(form.get('suspendedFrom') ?? '').trim() || null;
  const suspendedUntil = String(form.get('suspendedUntil') ?? '').trim() || null;
  const outcome = await changeMembershipStatus(
    await getDb(),
    { id: access.actor.id, name: access.actor.name },
    { membershipId, to, reason, suspendedFrom, suspendedUntil },
  );
  if (!outcome.ok) return { error: outcome.message };
  revalidatePath(`/admin/members/${membershipId}`);
  deliverSoon();
  return { done: outcome.message };
}

/** Queues the activation email again (a member lost it, or it bounced). */
export async function resendMemberActivation(
  _previous: MemberActionState,
  form: FormData,
): Promise<MemberActionState> {
  const access = await guard('memberships.resendEmail');
  if (!access.ok) return { error: access.message };
  const membershipId = idOf(form, 'membershipId');
  if (membershipId === null) return { error: 'This membership no longer exists.' };
  const outcome = await resendActivationEmail(
    await getDb(),
    { id: access.actor.id, name: access.actor.name },
    membershipId,
  );
  if (!outcome.ok) return { error: outcome.message };
  deliverSoon();
  return { done: outcome.message };
}
