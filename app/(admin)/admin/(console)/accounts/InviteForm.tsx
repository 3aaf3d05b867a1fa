'use client';

import { useActionState } from 'react';
import { ROLE_NAMES, ROLES } from '@/lib/auth/roles';
import styles from '../../console.module.css';
import { invite, type InviteState } from './actions';
import { ErrorSummary } from '../_forms/ErrorSummary';
import { OneTimeLink } from './OneTimeLink';

export function InviteForm() {
  const [state, submit, pending] = useActionState<InviteState, FormData>(invite, {
    errors: {},
    values: { name: '', email: '', role: '' },
  });
  const error = (field: string) =>
    state.errors[field] ? (
      <p id={`invite-${field}-error`} className={styles.fieldError}>
        {state.errors[field]}
      </p>
    ) : null;
  const invalid = (field: string) =>
    state.errors[field]
      ? { 'aria-invalid': true, 'aria-describedby': `invite-${field}-error` }
      : {};
  return (
    <form action={submit} className={styles.form} noValidate>
      <div className={styles.field}>
        <label htmlFor="invite-name" className={styles.label}>
          Name
        </label>
        <input
          id="invite-name"
          name="name"
          autoComplete="off"
          required
          defaultValue={state.values.name}
          key={`name-${state.values.name}`}
          className={styles.input}
          {...invalid('name')}
        />
        {error('name')}
      </div>
      <div className={styles.field}>
        <label htmlFor="invite-email" className={styles.label}>
          Email
        </label>
        <input
          id="invite-email"
          name="email"
          type="email"
          autoComplete="off"
          required
          defaultValue={state.values.email}
          key={`email-${state.values.email}`}
          className={styles.input}
          {...invalid('email')}
        />
        {error('email')}
      </div>
      <div className={styles.field}>
        <label htmlFor="invite-role" className={styles.label}>
          Role
        </label>
        <select
          id="invite-role"
          name="role"
          required
          defaultValue={state.values.role}
          key={`role-${state.values.role}`}
          className={styles.input}
          {...invalid('role')}
        >
          <option value="" disabled>
            Choose a role
          </option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_NAMES[role]}
            </option>
          ))}
        </select>
        {error('role')}
      </div>
      <ErrorSummary errors={state.errors} />
      <div aria-live="polite">
        {state.errors.form ? (
          <p role="alert" className={styles.alert}>
            {state.errors.form}
          </p>
        ) : null}
        {state.invited ? (
          <div className={styles.form}>
            <p className={styles.notice}>
              {state.invited.emailedTo
                ? `${state.invited.name} is invited. We have emailed this one-time link to ${state.invited.emailedTo}; you can also send it to them yourself. It lets them choose a password within ${state.invited.validFor}.`
                : `${state.invited.name} is invited. No mail server is set up, so send them this one-time link yourself: it lets them choose a password within ${state.invited.validFor}.`}
            </p>
            <OneTimeLink label="Invitation link" link={state.invited.link} />
          </div>
        ) : null}
      </div>
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Inviting…' : 'Invite'}
      </button>
    </form>
  );
}
