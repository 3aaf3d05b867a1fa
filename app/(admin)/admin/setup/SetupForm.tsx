'use client';

import { useActionState } from 'react';
import styles from '../console.module.css';
import { createSuperAdmin, type SetupState } from './actions';

const FIELDS = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 12 characters. A few unrelated words make a strong one.',
  },
  {
    name: 'confirmPassword',
    label: 'Password again',
    type: 'password',
    autoComplete: 'new-password',
  },
] as const;

export function SetupForm({ token }: { token: string }) {
  const [state, submit, pending] = useActionState<SetupState, FormData>(createSuperAdmin, {
    errors: {},
    values: { name: '', email: '' },
  });
  return (
    <form action={submit} className={styles.form} noValidate>
      <input type="hidden" name="token" value={token} />
      {FIELDS.map((field) => {
        const id = `setup-${field.name}`;
        const error = state.errors[field.name];
        const hint = 'hint' in field ? field.hint : undefined;
        const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
          .filter(Boolean)
          .join(' ');
        return (
          <div key={field.name} className={styles.field}>
            <label htmlFor={id} className={styles.label}>
              {field.label}
            </label>
            {hint ? (
              <p id={`${id}-hint`} className={styles.hint}>
                {hint}
              </p>
            ) : null}
            <input
              id={id}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required
              defaultValue={
                field.name === 'name' || field.name === 'email'
                  ? state.values[field.name]
                  : undefined
              }
              className={styles.input}
              aria-invalid={error ? true : undefined}
              aria-describedby={described || undefined}
            />
            {error ? (
              <p id={`${id}-error`} className={styles.fieldError}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <div aria-live="polite">
        {state.errors.form ? (
          <p role="alert" className={styles.alert}>
            {state.errors.form}
          </p>
        ) : null}
      </div>
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Creating the account…' : 'Create the super admin'}
      </button>
    </form>
  );
}
