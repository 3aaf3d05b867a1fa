'use client';

import { useActionState } from 'react';
import styles from '../console.module.css';
import { signIn, type SignInState } from './actions';

export function SignInForm({ next }: { next: string }) {
  const [state, submit, pending] = useActionState<SignInState, FormData>(signIn, {
    error: null,
    email: '',
  });
  return (
    <form action={submit} className={styles.form} aria-describedby="sign-in-error">
      <input type="hidden" name="next" value={next} />
      <div className={styles.field}>
        <label htmlFor="sign-in-email" className={styles.label}>
          Email
        </label>
        <input
          id="sign-in-email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={state.email}
          className={styles.input}
          aria-invalid={state.error ? true : undefined}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="sign-in-password" className={styles.label}>
          Password
        </label>
        <input
          id="sign-in-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={styles.input}
          aria-invalid={state.error ? true : undefined}
        />
      </div>
      <div id="sign-in-error" aria-live="polite">
        {state.error ? (
          <p role="alert" className={styles.alert}>
            {state.error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
