'use server';

import { revalidatePath } from 'next/cache';
import { renewDeadAccountLink } from '@/lib/admin/accounts';
import { recordChange } from '@/lib/audit/record';
import { siteLink } from '@/lib/auth/links';
import { guard } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { resendEmail } from '@/lib/mail/outbox';
import { resendOutcomeMessage } from '@/lib/mail/resend-outcome';
import { deliverEmail } from '@/lib/mail/sender';
import type { SmallActionState } from '../events/actions';

/** What 'Resend' answers; `accountId` when the answer offers what to do on an account's page. */
export type ResendState = SmallActionState & { accountId?: string };

/**
 * Makes one email due again now, sends that one at once, and says what became of it. An
 * invitation or password reset whose link no longer works is not sent again as it is
 * (renewDeadAccountLink): a new link is sent instead, or an accepted invitation is refused.
 */
export async function resendOutboxEmail(
  _previous: ResendState,
  form: FormData,
): Promise<ResendState> {
  const access = await guard('emails.manage');
  if (!access.ok) return { error: access.message };
  const { actor } = access;
  const id = Number(form.get('emailId'));
  if (!Number.isSafeInteger(id)) return { error: 'This email does not exist.' };
  const db = await getDb();
  const welcome = await siteLink('/admin/welcome?token=');
  const reset = await siteLink('/admin/reset-password?token=');
  const renewal = await renewDeadAccountLink(db, actor, id, (purpose, token) =>
    purpose === 'invite' ? welcome + token : reset + token,
  );
  if (renewal && !renewal.renewed) {
    return { error: renewal.message, accountId: renewal.accountId };
  }
  if (renewal) {
    const outcome = await deliverEmail(db, renewal.emailId);
    revalidatePath('/admin/emails');
    const delivery = resendOutcomeMessage(outcome);
    return delivery.error
      ? { error: `${renewal.message} ${delivery.error}` }
      : { done: `${renewal.message} ${delivery.done ?? ''}`.trim() };
  }
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
