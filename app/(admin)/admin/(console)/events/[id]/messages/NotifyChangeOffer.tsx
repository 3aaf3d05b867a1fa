'use client';

import { useActionState } from 'react';
import { type EventChange, notifyButtonWords, offerQuestion } from '@/lib/mail/audiences';
import styles from '../../../../console.module.css';
import { ActionOutcome } from '../../../_forms/ActionOutcome';
import { declineChangeNoticeAction, notifyRegistrants, type OfferAnswerState } from './actions';
import own from './messages.module.css';

export type ChangeOffer = {
  eventId: number;
  changed: EventChange[];
  registrants: number;
  sendKey: string;
};

/** Both answers share one state, so the form shows the last one given, whichever it was. */
function answer(previous: OfferAnswerState, form: FormData): Promise<OfferAnswerState> {
  return form.get('answer') === 'decline'
    ? declineChangeNoticeAction(previous, form)
    : notifyRegistrants(previous, form);
}

/**
 * While a change of the event's date, time or place is unanswered (kept on the event's row, so
 * a reload shows it again): email the registrants the new details with a calendar file that
 * updates theirs, or decide not to. The pages render it with `offer` null when nothing waits,
 * so the answer stays on screen after the page is refreshed without the offer.
 */
export function NotifyChangeOffer({ offer }: { offer: ChangeOffer | null }) {
  const [state, submit, pending] = useActionState<OfferAnswerState, FormData>(answer, {});
  // An answer to an earlier offer is not shown beside a newer one (a later save's).
  const stale = offer !== null && state.sendKey !== undefined && state.sendKey !== offer.sendKey;
  const shown = stale ? {} : state;
  if (!offer && !shown.done && !shown.error) return null;
  return (
    <form action={submit} className={own.offer} aria-label="Notify the registrants">
      {offer && !shown.done ? (
        <>
          <p>
            <strong>{offerQuestion(offer)}</strong>
          </p>
          <p className={styles.muted}>
            They get an email with the new details and a calendar file that updates the event in
            their calendar: everyone confirmed, on the waitlist or awaiting review.
          </p>
          <input type="hidden" name="eventId" value={offer.eventId} />
          <input type="hidden" name="sendKey" value={offer.sendKey} />
          <div className={styles.actionsRow}>
            <button
              type="submit"
              name="answer"
              value="notify"
              className={styles.button}
              disabled={pending}
            >
              {pending ? 'Working…' : notifyButtonWords(offer.registrants)}
            </button>
            <button
              type="submit"
              name="answer"
              value="decline"
              className={`${styles.button} ${styles.quietButton}`}
              disabled={pending}
            >
              Don’t notify them
            </button>
          </div>
        </>
      ) : null}
      <ActionOutcome state={shown} />
    </form>
  );
}
