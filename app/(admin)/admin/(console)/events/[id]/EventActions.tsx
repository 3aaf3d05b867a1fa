'use client';

import { useActionState } from 'react';
import styles from '../../../console.module.css';
import { ActionOutcome } from '../../_forms/ActionOutcome';
import {
  removeEvent,
  removeRegistrant,
  restoreCancelledEvent,
  type SmallActionState,
} from '../actions';

/** Delete (nobody registered) or cancel (people registered), after a confirmation. */
export function RemoveEventForm({ eventId, registered }: { eventId: number; registered: number }) {
  const [state, submit, pending] = useActionState<SmallActionState, FormData>(removeEvent, {});
  const cancels = registered > 0;
  return (
    <form action={submit} className={styles.form}>
      <input type="hidden" name="eventId" value={eventId} />
      <p>
        {cancels
          ? `${registered} ${registered === 1 ? 'person has' : 'people have'} registered, so the event cannot be deleted: it is cancelled instead. Visitors no longer see it; its registrants stay on record.`
          : 'Nobody has registered: the event is deleted for good.'}
      </p>
      <label className={styles.row}>
        <input type="checkbox" name="confirm" value="yes" required />
        {cancels ? 'Yes, cancel this event' : 'Yes, delete this event'}
      </label>
      <ActionOutcome state={state} />
      <button type="submit" className={styles.dangerButton} disabled={pending}>
        {cancels ? 'Cancel the event' : 'Delete the event'}
      </button>
    </form>
  );
}

export function RestoreEventForm({ eventId }: { eventId: number }) {
  const [state, submit, pending] = useActionState<SmallActionState, FormData>(
    restoreCancelledEvent,
    {},
  );
  return (
    <form action={submit} className={styles.form}>
      <input type="hidden" name="eventId" value={eventId} />
      <ActionOutcome state={state} />
      <button type="submit" className={styles.button} disabled={pending}>
        Show the event on the site again
      </button>
    </form>
  );
}

/** Removes one registrant; the reason goes to the audit log. */
export function RemoveRegistrantForm({
  eventId,
  registrationId,
  name,
}: {
  eventId: number;
  registrationId: number;
  name: string;
}) {
  const [state, submit, pending] = useActionState<SmallActionState, FormData>(removeRegistrant, {});
  const id = `remove-${registrationId}`;
  if (state.done) return <p className={styles.notice}>{state.done}</p>;
  return (
    <form action={submit} className={styles.row}>
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="registrationId" value={registrationId} />
      <label htmlFor={id} className={styles.hint}>
        Reason for removing {name}
      </label>
      <input id={id} name="reason" required maxLength={200} className={styles.input} />
      <button type="submit" className={`${styles.button} ${styles.quietButton}`} disabled={pending}>
        Remove
      </button>
      <ActionOutcome state={state} />
    </form>
  );
}
