'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import styles from '../../console.module.css';
import { ActionOutcome } from '../_forms/ActionOutcome';
import { type ResendState, resendOutboxEmail } from './actions';

export function ResendForm({ id, subject }: { id: number; subject: string }) {
  const [state, submit, pending] = useActionState<ResendState, FormData>(resendOutboxEmail, {});
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
      {state.accountId ? (
        <Link href={`/admin/accounts/${state.accountId}`}>Open the account&rsquo;s page</Link>
      ) : null}
    </form>
  );
}
