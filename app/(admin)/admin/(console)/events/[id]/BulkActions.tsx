'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useState, useSyncExternalStore } from 'react';
import { BULK_FORM_ID, type BulkAction, bulkQuestion } from '@/lib/registrations/bulk';
import styles from '../../../console.module.css';
import { ActionOutcome } from '../../_forms/ActionOutcome';
import type { SmallActionState } from '../actions';
import { changeStatuses } from '../registration-actions';
import local from './registrants.module.css';

const BOX_SELECTOR = `input[type='checkbox'][name='registrationIds'][form='${BULK_FORM_ID}']`;

function boxes(): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>(BOX_SELECTOR)];
}

/** Follows the boxes: a tick, and the rows the list shows after a refresh. */
function subscribe(onChange: () => void) {
  document.addEventListener('change', onChange);
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    document.removeEventListener('change', onChange);
    observer.disconnect();
  };
}

/** How many rows are ticked, and how many the page has. */
function useTicked(): { ticked: number; total: number } {
  const ticked = useSyncExternalStore(
    subscribe,
    () => boxes().filter((box) => box.checked).length,
    () => 0,
  );
  const total = useSyncExternalStore(
    subscribe,
    () => boxes().length,
    () => 0,
  );
  return { ticked, total };
}

/** Ticks or clears every registrant of the page. */
export function SelectAllBox() {
  const { ticked, total } = useTicked();
  const all = total > 0 && ticked === total;
  return (
    <label className={local.selectAll}>
      <input
        type="checkbox"
        checked={all}
        ref={(box) => {
          if (box) box.indeterminate = ticked > 0 && !all;
        }}
        onChange={() => {
          for (const box of boxes()) box.checked = !all;
          document.dispatchEvent(new Event('change'));
        }}
      />
      Select all on this page
    </label>
  );
}

/**
 * Confirm, waitlist, decline or cancel the ticked registrants: choose, then the console's own
 * confirmation ('Confirm 3 registrants?') before anything changes.
 */
export function BulkStatusForm({
  eventId,
  actions,
}: {
  eventId: number;
  actions: Array<{ value: BulkAction; label: string }>;
}) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [state, submit, pending] = useActionState<SmallActionState, FormData>(
    async (previous: SmallActionState, form: FormData) => {
      const answer = await changeStatuses(previous, form);
      // The list shows the new statuses (and a partial change its done part).
      router.refresh();
      if (answer.done) {
        for (const box of boxes()) box.checked = false;
        document.dispatchEvent(new Event('change'));
        setAsking(false);
      }
      return answer;
    },
    {},
  );
  const { ticked } = useTicked();
  const [action, setAction] = useState<BulkAction | ''>('');
  const [hint, setHint] = useState('');
  const chosen = actions.find((each) => each.value === action);

  function review() {
    if (ticked === 0) return setHint('Tick the registrants to change first.');
    if (!action) return setHint('Choose what to do with them.');
    setHint('');
    setAsking(true);
  }

  return (
    <form id={BULK_FORM_ID} action={submit} className={local.bulk} aria-labelledby="bulk-title">
      <h3 id="bulk-title" className={styles.label}>
        Change several at once
      </h3>
      <input type="hidden" name="eventId" value={eventId} />
      <p className={styles.muted} aria-live="polite">
        {ticked === 0 ? 'Tick registrants in the list.' : `${ticked} ticked.`}
      </p>
      <div className={styles.inlineForm}>
        <label htmlFor="bulk-action" className="visually-hidden">
          What to do with the ticked registrants
        </label>
        <select
          id="bulk-action"
          name="action"
          className={styles.input}
          value={action}
          onChange={(change) => {
            setAction(change.target.value as BulkAction | '');
            setAsking(false);
          }}
        >
          <option value="" disabled>
            Choose…
          </option>
          {actions.map((each) => (
            <option key={each.value} value={each.value}>
              {each.label}
            </option>
          ))}
        </select>
        <label htmlFor="bulk-reason" className="visually-hidden">
          Reason (optional, sent with a decline or a cancellation)
        </label>
        <input
          id="bulk-reason"
          name="reason"
          maxLength={200}
          placeholder="Reason (optional)"
          className={styles.input}
        />
        {asking ? null : (
          <button
            type="button"
            className={`${styles.button} ${styles.quietButton}`}
            onClick={review}
          >
            Apply to ticked
          </button>
        )}
      </div>
      {hint ? (
        <p role="alert" className={styles.alert}>
          {hint}
        </p>
      ) : null}
      {asking && chosen && action ? (
        <div className={local.confirmStep} role="group" aria-labelledby="bulk-question">
          <p id="bulk-question">
            <strong>{bulkQuestion(action, ticked)}</strong> Each person is emailed their new status,
            as with a single change.
          </p>
          <input type="hidden" name="confirm" value="yes" />
          <div className={styles.row}>
            <button type="submit" className={styles.button} disabled={pending || ticked === 0}>
              {pending ? 'Saving…' : `Yes, ${chosen.label.toLowerCase()}`}
            </button>
            <button
              type="button"
              className={`${styles.button} ${styles.quietButton}`}
              onClick={() => setAsking(false)}
              disabled={pending}
            >
              Go back
            </button>
          </div>
        </div>
      ) : null}
      <ActionOutcome state={state} />
    </form>
  );
}
