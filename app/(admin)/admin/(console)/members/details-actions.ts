'use server';

import { revalidatePath } from 'next/cache';
import { guard } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { DETAIL_FIELDS, type DetailField } from '@/lib/memberships/detail-fields';
import { correctMembershipDetails } from '@/lib/memberships/details';

/**
 * Corrections of a member's details (memberships.editDetails): on the member's page, or from a
 * confirmed change request in the inbox, which the same correction marks applied and handled.
 * Each passes the guard first; lib/memberships/details.ts checks the values with the
 * application's rules and writes the row, the audit entry and the request in one transaction.
 */

export type CorrectionState = {
  error?: string;
  done?: string;
  fields?: Partial<Record<DetailField, string>>;
  /** What was typed, put back in the form when it is refused (React empties it otherwise). */
  values?: Record<string, string>;
};

function idOf(form: FormData, name: string): number | null {
  const raw = String(form.get(name) ?? '');
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

async function correct(
  form: FormData,
  changeRequestId: number | null,
  actor: { id: string; name: string },
): Promise<CorrectionState> {
  const membershipId = idOf(form, 'membershipId');
  if (membershipId === null) return { error: 'This membership no longer exists.' };
  const values = Object.fromEntries(
    [...DETAIL_FIELDS, 'reason'].map((field) => [field, String(form.get(field) ?? '')]),
  );
  const outcome = await correctMembershipDetails(await getDb(), actor, {
    membershipId,
    values,
    reason: values.reason ?? '',
    changeRequestId,
  });
  if (!outcome.ok) {
    return {
      error: outcome.message,
      values,
      ...(outcome.fields ? { fields: outcome.fields } : {}),
    };
  }
  revalidatePath(`/admin/members/${membershipId}`);
  if (changeRequestId !== null) revalidatePath('/admin/inbox', 'layout');
  return { done: outcome.message };
}

/** Corrects a member's details on their page, with the reason staff give (required). */
export async function correctMemberDetails(
  _previous: CorrectionState,
  form: FormData,
): Promise<CorrectionState> {
  const access = await guard('memberships.editDetails');
  if (!access.ok) return { error: access.message };
  return correct(form, null, { id: access.actor.id, name: access.actor.name });
}

/** Applies a confirmed change request in one step: the correction, and the request applied. */
export async function applyChangeRequest(
  _previous: CorrectionState,
  form: FormData,
): Promise<CorrectionState> {
  const access = await guard('memberships.editDetails');
  if (!access.ok) return { error: access.message };
  const changeRequestId = idOf(form, 'changeRequestId');
  if (changeRequestId === null) return { error: 'This change request no longer exists.' };
  return correct(form, changeRequestId, { id: access.actor.id, name: access.actor.name });
}
