'use server';

import { recordChange } from '@/lib/audit';
import { guard } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { runTick } from '@/lib/jobs/tick';
import { resendEmail } from '@/lib/mail/outbox';
import type { SmallActionState } from '../events/actions';

/** Makes an email due again now, then runs the sender at once. */
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
  if (!(await resendEmail(db, id))) return { error: 'This email does not exist.' };
  await recordChange(db, actor, {
    action: 'email.resend',
    recordType: 'email',
    recordId: id,
    summary: `Asked to send email ${id} again`,
  });
  const report = await runTick(db);
  if (report.delivery.skipped === 'no_smtp') {
    return { done: 'Queued again. It goes out once an SMTP server is set up (SMTP_URL).' };
  }
  return report.delivery.failed > 0
    ? { error: 'The SMTP server did not accept it; the site tries again in a minute.' }
    : { done: 'Sent.' };
}
