'use client';

import { useActionState } from 'react';
import styles from '../../console.module.css';
import { ActionOutcome } from '../_forms/ActionOutcome';
import type { SmallActionState } from '../events/actions';
import { resendOutboxEmail } from './actions';

export function ResendForm({ id, subject }: { id: number; subject: string }) {
  const [state, submit, pending] = useActionState<SmallActionState, FormData>(
    resendOutboxEmail,
    {},
  );
  return (
    <form action={submit} className={styles.inlineForm}>
      <input type="hidden" name="emailId" value={id} />
      <button
        type="submit"
        className={`${styles.button} ${styles.quietButton}`}
        disabled={pending}
        aria-label={`Resend “${subject}”`}
      >
        Resend
      </button>
      <ActionOutcome state={state} />
    </form>
  );
}
