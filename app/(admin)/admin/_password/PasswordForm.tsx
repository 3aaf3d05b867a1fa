'use client';

import { useActionState } from 'react';
import styles from '../console.module.css';
import { choosePassword, type PasswordState } from './actions';

/** The password form of an invitation link or a password reset link. */
export function PasswordForm({
  purpose,
  token,
}: {
  purpose: 'invite' | 'password';
  token: string;
}) {
  const [state, submit, pending] = useActionState<PasswordState, FormData>(choosePassword, {
    errors: {},
  });
  const passwordError = state.errors.password;
  const confirmError = state.errors.confirmPassword;
  return (
    <form action={submit} className={styles.form} noValidate>
      <input type="hidden" name="purpose" value={purpose} />
      <input type="hidden" name="token" value={token} />
      <div className={styles.field}>
        <label htmlFor="new-password" className={styles.label}>
          Password
        </label>
        <p id="new-password-hint" className={styles.hint}>
          At least 12 characters. A few unrelated words make a strong one.
        </p>
        <input
          id="new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          className={styles.input}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={`new-password-hint${passwordError ? ' new-password-error' : ''}`}
        />
        {passwordError ? (
          <p id="new-password-error" className={styles.fieldError}>
            {passwordError}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor="new-password-again" className={styles.label}>
          Password again
        </label>
        <input
          id="new-password-again"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          className={styles.input}
          aria-invalid={confirmError ? true : undefined}
          aria-describedby={confirmError ? 'new-password-again-error' : undefined}
        />
        {confirmError ? (
          <p id="new-password-again-error" className={styles.fieldError}>
            {confirmError}
          </p>
        ) : null}
      </div>
      <div aria-live="polite">
        {state.errors.form ? (
          <p role="alert" className={styles.alert}>
            {state.errors.form}
          </p>
        ) : null}
      </div>
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Saving…' : 'Save the password'}
      </button>
    </form>
  );
}
