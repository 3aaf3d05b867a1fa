'use client';

import { useActionState } from 'react';
import { type EventChange, offerQuestion } from '@/lib/mail/audiences';
import styles from '../../../../console.module.css';
import { ActionOutcome } from '../../../_forms/ActionOutcome';
import type { SmallActionState } from '../../actions';
import { notifyRegistrants } from './actions';
import own from './messages.module.css';

export type ChangeOffer = {
  eventId: number;
  changed: EventChange[];
  registrants: number;
  sendKey: string;
};

/**
 * Shown after a save that changed the event's date, time or place while people are registered:
 * one button emails them the new details with a calendar file that updates theirs.
 */
export function NotifyChangeOffer({ offer }: { offer: ChangeOffer }) {
  const [state, submit, pending] = useActionState<SmallActionState, FormData>(
    notifyRegistrants,
    {},
  );
  const people =
    offer.registrants === 1 ? 'the 1 registrant' : `the ${offer.registrants} registrants`;
  return (
    <form action={submit} className={own.offer} aria-label="Notify the registrants">
      <p>
        <strong>{offerQuestion(offer)}</strong>
      </p>
      <p className={styles.muted}>
        They get an email with the new details and a calendar file that updates the event in their
        calendar: everyone confirmed, on the waitlist or awaiting review.
      </p>
      <input type="hidden" name="eventId" value={offer.eventId} />
      <input type="hidden" name="sendKey" value={offer.sendKey} />
      {offer.changed.map((part) => (
        <input key={part} type="hidden" name="changed" value={part} />
      ))}
      {state.done ? null : (
        <button type="submit" className={styles.button} disabled={pending}>
          {pending ? 'Sending…' : `Email ${people}`}
        </button>
      )}
      <ActionOutcome state={state} />
    </form>
  );
}
