'use client';

import { useActionState, useState } from 'react';
import styles from '../../../console.module.css';
import { ActionOutcome } from '../../_forms/ActionOutcome';
import { changeMemberStatus, type MemberActionState, resendMemberActivation } from '../actions';

/** A new status with its reason (required: it is kept in the status history). */
export function ChangeStatusForm({
  membershipId,
  name,
  choices,
}: {
  membershipId: number;
  name: string;
  choices: Array<{ value: string; label: string }>;
}) {
  const [state, submit, pending] = useActionState<MemberActionState, FormData>(
    changeMemberStatus,
    {},
  );
  const [to, setTo] = useState('');
  return (
    <form action={submit} className={styles.form} aria-labelledby="change-status-title">
      <h3 id="change-status-title" className={styles.label}>
        Change the status of {name}
      </h3>
      <input type="hidden" name="membershipId" value={membershipId} />
      <div className={styles.twoColumns}>
        <div className={styles.field}>
          <label htmlFor="status-to" className={styles.label}>
            New status
          </label>
          <select
            id="status-to"
            name="to"
            required
            value={to}
            onChange={(event) => setTo(event.target.value)}
            className={styles.input}
          >
            <option value="" disabled>
              Choose…
            </option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        {to === 'suspended' ? (
          <div className={styles.field}>
            <label htmlFor="status-until" className={styles.label}>
              Suspended until
            </label>
            <input id="status-until" name="suspendedUntil" type="date" className={styles.input} />
          </div>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor="status-reason" className={styles.label}>
          Reason
        </label>
        <input id="status-reason" name="reason" required maxLength={200} className={styles.input} />
      </div>
      <ActionOutcome state={state} />
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Saving…' : 'Change the status'}
      </button>
    </form>
  );
}

export function ResendActivationForm({
  membershipId,
  email,
}: {
  membershipId: number;
  email: string;
}) {
  const [state, submit, pending] = useActionState<MemberActionState, FormData>(
    resendMemberActivation,
    {},
  );
  return (
    <form action={submit} className={styles.form} aria-labelledby="resend-title">
      <h3 id="resend-title" className={styles.label}>
        Activation email
      </h3>
      <input type="hidden" name="membershipId" value={membershipId} />
      <p className={styles.muted}>Sends the member ID and the benefits again to {email}.</p>
      <ActionOutcome state={state} />
      <button type="submit" className={`${styles.button} ${styles.quietButton}`} disabled={pending}>
        {pending ? 'Queueing…' : 'Resend the activation email'}
      </button>
    </form>
  );
}
