'use client';

import { useActionState } from 'react';
import styles from '../../../console.module.css';
import { ActionOutcome } from '../../_forms/ActionOutcome';
import type { SmallActionState } from '../actions';
import {
  addRegistrant,
  changeStatus,
  markEventNoShows,
  undoStatusChange,
} from '../registration-actions';

/** One registration's next step (confirm, waitlist, decline, …), with an optional reason. */
export function StatusChangeForm({
  eventId,
  registrationId,
  name,
  actions,
}: {
  eventId: number;
  registrationId: number;
  name: string;
  actions: Array<{ value: string; label: string }>;
}) {
  const [state, submit, pending] = useActionState<SmallActionState, FormData>(changeStatus, {});
  const id = `status-${registrationId}`;
  return (
    <form action={submit} className={styles.inlineForm}>
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="registrationId" value={registrationId} />
      <label htmlFor={`${id}-action`} className="visually-hidden">
        New status for {name}
      </label>
      <select id={`${id}-action`} name="action" className={styles.input} defaultValue="">
        <option value="" disabled>
          Choose…
        </option>
        {actions.map((action) => (
          <option key={action.value} value={action.value}>
            {action.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-reason`} className="visually-hidden">
        Reason (optional, sent to {name} with a decline or a cancellation)
      </label>
      <input
        id={`${id}-reason`}
        name="reason"
        maxLength={200}
        placeholder="Reason (optional)"
        className={styles.input}
        // A narrow start: in the registrants table the column stays within the page.
        size={12}
      />
      <button type="submit" className={`${styles.button} ${styles.quietButton}`} disabled={pending}>
        {pending ? 'Saving…' : 'Apply'}
      </button>
      <ActionOutcome state={state} />
    </form>
  );
}

export function AddRegistrantForm({ eventId }: { eventId: number }) {
  const [state, submit, pending] = useActionState<SmallActionState, FormData>(addRegistrant, {});
  return (
    <form action={submit} className={styles.form}>
      <input type="hidden" name="eventId" value={eventId} />
      <div className={styles.twoColumns}>
        <div className={styles.field}>
          <label htmlFor="add-first-name" className={styles.label}>
            First name
          </label>
          <input
            id="add-first-name"
            name="firstName"
            required
            maxLength={60}
            className={styles.input}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="add-last-name" className={styles.label}>
            Last name
          </label>
          <input
            id="add-last-name"
            name="lastName"
            required
            maxLength={60}
            className={styles.input}
          />
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor="add-email" className={styles.label}>
          Email
        </label>
        <input
          id="add-email"
          name="email"
          type="email"
          required
          maxLength={254}
          className={styles.input}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="add-status" className={styles.label}>
          Status
        </label>
        <select id="add-status" name="status" defaultValue="confirmed" className={styles.input}>
          <option value="confirmed">Confirmed</option>
          <option value="waitlisted">Waitlisted</option>
          <option value="submitted">Awaiting review</option>
        </select>
      </div>
      <ActionOutcome state={state} />
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Adding…' : 'Add'}
      </button>
    </form>
  );
}

/** After the event: the confirmed people not checked in become no-shows, after a confirmation. */
export function MarkNoShowsForm({ eventId, confirmed }: { eventId: number; confirmed: number }) {
  const [state, submit, pending] = useActionState<SmallActionState, FormData>(markEventNoShows, {});
  return (
    <form action={submit} className={styles.form} aria-labelledby="no-shows-title">
      <h3 id="no-shows-title" className={styles.label}>
        After the event
      </h3>
      <input type="hidden" name="eventId" value={eventId} />
      <p>
        {confirmed} confirmed {confirmed === 1 ? 'person was' : 'people were'} not checked in.
        Marking them as no-shows records it in their attendance; nothing else happens to them.
      </p>
      <label className={styles.row}>
        <input type="checkbox" name="confirm" value="yes" required />
        {confirmed === 1 ? 'Yes, mark them as a no-show' : `Yes, mark the ${confirmed} as no-shows`}
      </label>
      <ActionOutcome state={state} />
      <button type="submit" className={styles.dangerButton} disabled={pending}>
        Mark no-shows
      </button>
    </form>
  );
}

/** 'Undo Cancelled': a status change made by mistake, in the minutes after it. */
export function UndoChangeForm({
  eventId,
  changeId,
  name,
  status,
}: {
  eventId: number;
  changeId: number;
  name: string;
  /** The status the change set, in words. */
  status: string;
}) {
  const [state, submit, pending] = useActionState<SmallActionState, FormData>(undoStatusChange, {});
  return (
    <form action={submit} className={styles.inlineForm}>
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="changeId" value={changeId} />
      {state.done ? null : (
        <button
          type="submit"
          className={`${styles.button} ${styles.quietButton}`}
          disabled={pending}
          aria-label={`Undo ${status} for ${name}`}
        >
          {pending ? 'Undoing…' : `Undo ${status}`}
        </button>
      )}
      <ActionOutcome state={state} />
    </form>
  );
}
