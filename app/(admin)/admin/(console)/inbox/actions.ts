'use server';

import { revalidatePath } from 'next/cache';
import { dataUnderEmail, erasePersonalData } from '@/lib/admin/erasure';
import { describeErased, erasurePreview, foundAnything } from '@/lib/admin/erasure-counts';
import {
  BULK_LIMIT,
  isSubmissionKind,
  markManyHandled,
  setHandled,
  type SubmissionRef,
  submissionRefOf,
} from '@/lib/admin/inbox';
import { requiredEmail } from '@/lib/api/contract';
import { guard } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { deliverSoon } from '@/lib/jobs/tick';
import { publishChange } from '@/lib/publish/publish';
import { countOf } from '@/lib/site/plural';

export type InboxActionState = { error?: string; done?: string };

export async function toggleHandled(
  _previous: InboxActionState,
  form: FormData,
): Promise<InboxActionState> {
  const access = await guard('inbox.handle');
  if (!access.ok) return { error: access.message };
  const kind = form.get('kind');
  const id = Number(form.get('id'));
  if (!isSubmissionKind(kind) || !Number.isSafeInteger(id)) {
    return { error: 'This submission no longer exists.' };
  }
  const handled = form.get('handled') === 'true';
  const changed = await setHandled(await getDb(), access.actor, kind, id, handled);
  if (!changed) return { error: 'This submission no longer exists.' };
  revalidatePath('/admin/inbox', 'layout');
  return { done: handled ? 'Marked handled.' : 'Back among the open submissions.' };
}

/**
 * Marks the selected submissions handled at once (the inbox list's checkboxes, `kind:id`), after
 * the console's confirmation; each one gets its own audit entry, as when marked one by one.
 */
export async function markSelectedHandled(
  _previous: InboxActionState,
  form: FormData,
): Promise<InboxActionState> {
  const access = await guard('inbox.handle');
  if (!access.ok) return { error: access.message };
  const values = [...new Set(form.getAll('item'))];
  if (values.length === 0) return { error: 'Select the messages to mark handled.' };
  if (values.length > BULK_LIMIT) {
    return { error: `Select at most ${BULK_LIMIT} messages at once.` };
  }
  const refs = values.map(submissionRefOf);
  if (refs.some((ref) => ref === null)) return { error: 'A selected message no longer exists.' };
  if (form.get('confirm') !== 'yes') {
    return { error: 'Tick the box to confirm, then press the button again.' };
  }
  const marked = await markManyHandled(await getDb(), access.actor, refs as SubmissionRef[]);
  revalidatePath('/admin/inbox', 'layout');
  return {
    done:
      marked === 0 ? 'They were already handled.' : `Marked ${countOf(marked, 'message')} handled.`,
  };
}

export type ErasureState = {
  error?: string;
  done?: string;
  email?: string;
  /** The preview: what erasing would erase, and what it would keep and why, line by line. */
  erased?: string[];
  kept?: string[];
};

/**
 * Two steps: the first press shows what is stored under the address, what erasing deletes and
 * what it keeps (counts only: no name, no amount); the second, with the box ticked, erases it.
 */
export async function erasePerson(_previous: ErasureState, form: FormData): Promise<ErasureState> {
  const access = await guard('personalData.erase');
  if (!access.ok) return { error: access.message };
  const email = requiredEmail().safeParse(form.get('email'));
  if (!email.success) return { error: email.error.issues[0]?.message ?? 'Enter an email address.' };
  const db = await getDb();
  if (form.get('confirm') !== 'yes') {
    const counts = await dataUnderEmail(db, email.data);
    if (!foundAnything(counts)) return { error: `Nothing is stored under ${email.data}.` };
    return { ...erasurePreview(counts), email: email.data };
  }
  const counts = await erasePersonalData(db, access.actor, email.data);
  if (counts.registrations > 0) {
    await publishChange(['db:events']);
    // Freed places may have moved people up from a waitlist: their emails go now.
    deliverSoon();
  }
  revalidatePath('/admin/inbox', 'layout');
  revalidatePath('/admin/members', 'layout');
  return { done: `Erased: ${describeErased(counts)}.` };
}
