'use client';

import { type ChangeEvent, type ReactNode, useActionState, useRef, useState } from 'react';
import { countOf } from '@/lib/site/plural';
import styles from '../../console.module.css';
import { ActionOutcome } from '../_forms/ActionOutcome';
import {
  erasePerson,
  type ErasureState,
  type InboxActionState,
  markSelectedHandled,
  toggleHandled,
} from './actions';

/** The bulk form's id: each item's checkbox (outside it, beside the item's own form) names it. */
export const BULK_FORM = 'inbox-bulk';

/** One item's checkbox for the bulk action. */
export function SelectItem({ value, name }: { value: string; name: string }) {
  return (
    <label className={styles.selectItem}>
      <input type="checkbox" name="item" value={value} form={BULK_FORM} aria-label={name} />
      Select
    </label>
  );
}

/**
 * The inbox list with its bulk action: select several items, then mark them handled at once,
 * after the console's confirmation ('Mark 3 messages handled?'). The bar stays in view at the
 * bottom of the screen while something is selected.
 */
export function BulkHandled({
  selectable,
  children,
}: {
  /** Whether the list holds anything to mark handled (else the bar only says what was done). */
  selectable: boolean;
  children: ReactNode;
}) {
  const [state, submit, pending] = useActionState<InboxActionState, FormData>(
    markSelectedHandled,
    {},
  );
  const list = useRef<HTMLDivElement>(null);
  const [counts, setCounts] = useState({ selected: 0, total: 0 });
  // React clears the form, and the checkboxes that belong to it, once the action has answered.
  const [answered, setAnswered] = useState(state);
  if (answered !== state) {
    setAnswered(state);
    setCounts({ selected: 0, total: counts.total });
  }
  const boxes = () =>
    Array.from(
      list.current?.querySelectorAll<HTMLInputElement>(`input[name="item"][form="${BULK_FORM}"]`) ??
        [],
    );
  const recount = () => {
    const all = boxes();
    setCounts({ selected: all.filter((box) => box.checked).length, total: all.length });
  };
  const selectAll = (event: ChangeEvent<HTMLInputElement>) => {
    for (const box of boxes()) box.checked = event.currentTarget.checked;
    recount();
  };
  const { selected } = counts;
  return (
    <div
      ref={list}
      className={styles.stack}
      onChange={(event) => {
        if ((event.target as HTMLInputElement).name === 'item') recount();
      }}
    >
      {children}
      {selectable || state.done || state.error ? (
        <form
          id={BULK_FORM}
          action={submit}
          className={`${styles.form} ${styles.bulkBar}`}
          aria-label="Selected messages"
          data-selected={selected}
        >
          {selectable ? (
            <label className={styles.checkboxLine}>
              <input
                type="checkbox"
                checked={selected > 0 && selected === counts.total}
                onChange={selectAll}
              />
              <span>Select all on this page</span>
            </label>
          ) : null}
          {selected > 0 ? (
            <>
              <p className={styles.label}>Mark {countOf(selected, 'message')} handled?</p>
              <label className={styles.checkboxLine}>
                <input type="checkbox" name="confirm" value="yes" required />
                <span>Yes, mark {selected === 1 ? 'it' : 'them'} handled</span>
              </label>
              <button type="submit" className={styles.button} disabled={pending}>
                Mark handled
              </button>
            </>
          ) : null}
          <ActionOutcome state={state} />
        </form>
      ) : null}
    </div>
  );
}

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
      {state.erased ? (
        <>
          <div className={styles.alert}>
            <p>Stored under {state.email}, erased for good:</p>
            <ul>
              {state.erased.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {state.kept && state.kept.length > 0 ? (
              <>
                <p>Kept:</p>
                <ul>
                  {state.kept.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
          <label className={styles.row}>
            <input type="checkbox" name="confirm" value="yes" />
            Yes, erase everything stored under this address
          </label>
        </>
      ) : null}
      <ActionOutcome state={state} />
      <button
        type="submit"
        className={state.erased ? styles.dangerButton : styles.button}
        disabled={pending}
      >
        {state.erased ? 'Erase' : 'Find their data'}
      </button>
    </form>
  );
}
