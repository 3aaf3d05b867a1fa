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
  // React resets the form's fields once the action answers (the select back to 'Choose…'), and
  // after a change the choices are the new status's: the suspension's fields go with it, the
  // outcome shown. Set while rendering, React's way of following a new answer without an effect.
  const [answered, setAnswered] = useState(state);
  if (answered !== state) {
    setAnswered(state);
    setTo('');
  }
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
            {/* Not disabled: React resets the form after each answer, and a reset lands on the
                first option that is not disabled, which must be this one. */}
            <option value="">Choose…</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        {to === 'suspended' ? (
          <>
            <div className={styles.field}>
              <label htmlFor="status-from" className={styles.label}>
                Suspended from<span className={styles.optional}> (optional)</span>
              </label>
              <p id="status-from-hint" className={styles.hint}>
                The first day: today when left empty, or a day before.
              </p>
              <input
                id="status-from"
                name="suspendedFrom"
                type="date"
                aria-describedby="status-from-hint"
                className={styles.input}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor="status-until" className={styles.label}>
                Suspended until
              </label>
              <p id="status-until-hint" className={styles.hint}>
                The last day: the membership is active again the day after, by itself.
              </p>
              <input
                id="status-until"
                name="suspendedUntil"
                type="date"
                required
                aria-describedby="status-until-hint"
                className={styles.input}
              />
            </div>
          </>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor="status-reason" className={styles.label}>
          Reason
        </label>
        {to === 'suspended' || to === 'active' ? (
          <p id="status-reason-hint" className={styles.hint}>
            {to === 'suspended'
              ? 'The member is emailed the dates and this reason, with the membership contact address (Club settings) to write to.'
              : 'The member is emailed that the membership is active again (not this reason).'}
          </p>
        ) : null}
        <input
          id="status-reason"
          name="reason"
          required
          maxLength={200}
          aria-describedby={
            to === 'suspended' || to === 'active' ? 'status-reason-hint' : undefined
          }
          className={styles.input}
        />
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
