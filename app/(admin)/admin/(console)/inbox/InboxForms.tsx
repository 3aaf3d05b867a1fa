'use client';

import { useActionState } from 'react';
import styles from '../../console.module.css';
import { ActionOutcome } from '../_forms/ActionOutcome';
import { erasePerson, type ErasureState, type InboxActionState, toggleHandled } from './actions';

export function HandledForm({ kind, id, handled }: { kind: string; id: number; handled: boolean }) {
  const [state, submit, pending] = useActionState<InboxActionState, FormData>(toggleHandled, {});
  return (
    <form action={submit} className={styles.row}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="handled" value={handled ? 'false' : 'true'} />
      <button
        type="submit"
        className={`${styles.button} ${handled ? styles.quietButton : ''}`}
        disabled={pending}
      >
        {handled ? 'Reopen' : 'Mark handled'}
      </button>
      <span aria-live="polite">
        {state.error ? (
          <span role="alert" className={styles.fieldError}>
            {state.error}
          </span>
        ) : (
          state.done
        )}
      </span>
    </form>
  );
}

/** Erasing a person's data: find what is stored under the address, then confirm. */
export function ErasureForm() {
  const [state, submit, pending] = useActionState<ErasureState, FormData>(erasePerson, {});
  return (
    <form action={submit} className={styles.form} noValidate>
      <div className={styles.field}>
        <label htmlFor="erase-email" className={styles.label}>
          Email of the person
        </label>
        <input
          id="erase-email"
          name="email"
          type="email"
          required
          autoComplete="off"
          defaultValue={state.email ?? ''}
          key={state.email ?? 'empty'}
          className={styles.input}
        />
      </div>
      {state.found ? (
        <>
          <p className={styles.alert}>
            Stored under {state.email}: {state.found}. Erasing deletes all of it for good.
          </p>
          <label className={styles.row}>
            <input type="checkbox" name="confirm" value="yes" />
            Yes, erase everything stored under this address
          </label>
        </>
      ) : null}
      <ActionOutcome state={state} />
      <button
        type="submit"
        className={state.found ? styles.dangerButton : styles.button}
        disabled={pending}
      >
        {state.found ? 'Erase' : 'Find their data'}
      </button>
    </form>
  );
}
