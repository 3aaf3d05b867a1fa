'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import styles from '../../console.module.css';
import { type CodeState, verifySignInCode } from '../actions';

export function CodeForm({ next }: { next: string }) {
  const [state, submit, pending] = useActionState<CodeState, FormData>(verifySignInCode, {
    error: null,
  });
  return (
    <form action={submit} className={styles.form} aria-describedby="code-error">
      <input type="hidden" name="next" value={next} />
      <div className={styles.field}>
        <label htmlFor="sign-in-code" className={styles.label}>
          Code
        </label>
        <input
          id="sign-in-code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          required
          className={styles.input}
          aria-invalid={state.error ? true : undefined}
        />
      </div>
      <div id="code-error" aria-live="polite">
        {state.error ? (
          <p role="alert" className={styles.alert}>
            {state.error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Checking…' : 'Sign in'}
      </button>
      <p className={styles.hint}>
        <Link href="/admin/sign-in">Back to the email and password</Link>
      </p>
    </form>
  );
}
