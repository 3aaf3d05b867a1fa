'use client';

import { useActionState } from 'react';
import { ROLE_NAMES, ROLES, type Role } from '@/lib/auth/roles';
import styles from '../../../console.module.css';
import { ActionOutcome } from '../../_forms/ActionOutcome';
import { type AccountActionState, makePasswordLink, updateActive, updateRole } from '../actions';
import { OneTimeLink } from '../OneTimeLink';

export function RoleForm({ accountId, role }: { accountId: string; role: Role }) {
  const [state, submit, pending] = useActionState<AccountActionState, FormData>(updateRole, {});
  return (
    <form action={submit} className={styles.form}>
      <input type="hidden" name="accountId" value={accountId} />
      <div className={styles.field}>
        <label htmlFor="account-role" className={styles.label}>
          Role
        </label>
        <select id="account-role" name="role" defaultValue={role} className={styles.input}>
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {ROLE_NAMES[option]}
            </option>
          ))}
        </select>
      </div>
      <ActionOutcome state={state} />
      <button type="submit" className={styles.button} disabled={pending}>
        Save the role
      </button>
    </form>
  );
}

/**
 * Deactivating ends the account's sessions at once: the console's own confirmation (a box to
 * tick, checked again by the server) asks first. Reactivating needs none.
 */
export function ActiveForm({
  accountId,
  name,
  deactivated,
}: {
  accountId: string;
  name: string;
  deactivated: boolean;
}) {
  const [state, submit, pending] = useActionState<AccountActionState, FormData>(updateActive, {});
  return (
    <form action={submit} className={styles.form}>
      <input type="hidden" name="accountId" value={accountId} />
      <input type="hidden" name="deactivate" value={deactivated ? 'false' : 'true'} />
      {deactivated ? null : (
        <label className={styles.checkboxLine}>
          <input type="checkbox" name="confirm" value="yes" required />
          <span>Yes, deactivate {name}’s account: their open sessions end at once</span>
        </label>
      )}
      <ActionOutcome state={state} />
      <button
        type="submit"
        className={deactivated ? `${styles.button} ${styles.quietButton}` : styles.dangerButton}
        disabled={pending}
      >
        {deactivated ? 'Reactivate the account' : 'Deactivate the account'}
      </button>
    </form>
  );
}

export function PasswordLinkForm({ accountId }: { accountId: string }) {
  const [state, submit, pending] = useActionState<AccountActionState, FormData>(
    makePasswordLink,
    {},
  );
  return (
    <form action={submit} className={styles.form}>
      <input type="hidden" name="accountId" value={accountId} />
      <ActionOutcome state={state} />
      {state.link ? <OneTimeLink label="Password reset link" link={state.link} /> : null}
      <button type="submit" className={`${styles.button} ${styles.quietButton}`} disabled={pending}>
        Make a password reset link
      </button>
    </form>
  );
}
