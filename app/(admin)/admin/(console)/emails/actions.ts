'use server';

import { revalidatePath } from 'next/cache';
import { recordChange } from '@/lib/audit/record';
import { guard } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { resendEmail } from '@/lib/mail/outbox';
import { resendOutcomeMessage } from '@/lib/mail/resend-outcome';
import { deliverEmail } from '@/lib/mail/sender';
import type { SmallActionState } from '../events/actions';

/** Makes one email due again now, sends that one at once, and says what became of it. */
export async function resendOutboxEmail(
  _previous: SmallActionState,
  form: FormData,
): Promise<SmallActionState> {
  const access = await guard('emails.manage');
  if (!access.ok) return { error: access.message };
  const { actor } = access;
  const id = Number(form.get('emailId'));
  if (!Number.isSafeInteger(id)) return { error: 'This email does not exist.' };
  const db = await getDb();
  const found = await db.transaction(async (tx) => {
    if (!(await resendEmail(tx, id))) return false;
    await recordChange(tx, actor, {
      action: 'email.resend',
      recordType: 'email',
      recordId: id,
      summary: `Asked to send email ${id} again`,
    });
    return true;
  });
  if (!found) return { error: 'This email does not exist.' };
  // That one email, now; the rest of the queue keeps its own schedule.
  const outcome = await deliverEmail(db, id);
  revalidatePath('/admin/emails');
  return resendOutcomeMessage(outcome);
}
