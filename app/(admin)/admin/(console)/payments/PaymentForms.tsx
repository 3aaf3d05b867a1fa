'use client';

import { useActionState } from 'react';
import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS } from '@/lib/memberships/statuses';
import styles from '../../console.module.css';
import { ActionOutcome } from '../_forms/ActionOutcome';
import {
  completeMembershipRefund,
  confirmMembershipPayment,
  flagMembershipPayment,
  type MoneyActionState,
  recordMembershipPayment,
  recordMembershipRefund,
} from './actions';

/** Today in the browser's calendar, 'YYYY-MM-DD': the usual day money arrived or went back. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** What arrived for one application: method, amount, the day, the reference. */
export function RecordPaymentForm({
  membershipId,
  name,
  price,
}: {
  membershipId: number;
  name: string;
  /** The price in dollars, as the amount's starting value ("25.00"). */
  price: string;
}) {
  const [state, submit, pending] = useActionState<MoneyActionState, FormData>(
    recordMembershipPayment,
    {},
  );
  const id = `pay-${membershipId}`;
  return (
    <form action={submit} className={styles.form} aria-label={`Record a payment from ${name}`}>
      <input type="hidden" name="membershipId" value={membershipId} />
      <div className={styles.twoColumns}>
        <div className={styles.field}>
          <label htmlFor={`${id}-method`} className={styles.label}>
            Method
          </label>
          <select
            id={`${id}-method`}
            name="method"
            defaultValue="etransfer"
            className={styles.input}
          >
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {PAYMENT_METHOD_NAMES[method]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-amount`} className={styles.label}>
            Amount received (CAD)
          </label>
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            required
            defaultValue={price}
            className={styles.input}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-day`} className={styles.label}>
            Date received
          </label>
          <input
            id={`${id}-day`}
            name="receivedOn"
            type="date"
            required
            defaultValue={today()}
            className={styles.input}
            suppressHydrationWarning
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-reference`} className={styles.label}>
            Transaction reference
          </label>
          <input
            id={`${id}-reference`}
            name="reference"
            required
            maxLength={100}
            autoComplete="off"
            className={styles.input}
          />
        </div>
      </div>
      <ActionOutcome state={state} />
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Recording…' : 'Record the payment'}
      </button>
    </form>
  );
}

/** Confirms one recorded payment (the membership becomes active, its ID given). */
export function ConfirmPaymentForm({
  paymentId,
  name,
  reference,
}: {
  paymentId: number;
  name: string;
  /** The transaction reference: one person can have two payments waiting. */
  reference: string;
}) {
  const [state, submit, pending] = useActionState<MoneyActionState, FormData>(
    confirmMembershipPayment,
    {},
  );
  return (
    <form action={submit} className={styles.inlineForm}>
      <input type="hidden" name="paymentId" value={paymentId} />
      <button
        type="submit"
        className={styles.button}
        disabled={pending}
        aria-label={`Confirm the payment ${reference} from ${name}`}
      >
        {pending ? 'Confirming…' : 'Confirm'}
      </button>
      <ActionOutcome state={state} />
    </form>
  );
}

/** Puts the membership in payment review; the problem is what the member reads. */
export function FlagProblemForm({
  membershipId,
  paymentId,
  name,
}: {
  membershipId: number;
  paymentId?: number;
  name: string;
}) {
  const [state, submit, pending] = useActionState<MoneyActionState, FormData>(
    flagMembershipPayment,
    {},
  );
  const id = `flag-${membershipId}-${paymentId ?? 'membership'}`;
  return (
    <details className={styles.more}>
      <summary>Flag a problem</summary>
      <form action={submit} className={styles.form}>
        <input type="hidden" name="membershipId" value={membershipId} />
        {paymentId ? <input type="hidden" name="paymentId" value={paymentId} /> : null}
        <div className={styles.field}>
          <label htmlFor={`${id}-problem`} className={styles.label}>
            What is wrong (emailed to {name})
          </label>
          <textarea
            id={`${id}-problem`}
            name="problem"
            rows={3}
            required
            maxLength={300}
            className={styles.input}
          />
        </div>
        <ActionOutcome state={state} />
        <button type="submit" className={styles.dangerButton} disabled={pending}>
          {pending ? 'Flagging…' : 'Put in payment review'}
        </button>
      </form>
    </details>
  );
}

/** A refund: amount, reason, and the day it was sent (empty: pending). */
export function RefundForm({
  membershipId,
  name,
  left,
}: {
  membershipId: number;
  name: string;
  /** What can still be refunded, in dollars ("25.00"). */
  left: string;
}) {
  const [state, submit, pending] = useActionState<MoneyActionState, FormData>(
    recordMembershipRefund,
    {},
  );
  const id = `refund-${membershipId}`;
  return (
    <form action={submit} className={styles.form} aria-label={`Record a refund to ${name}`}>
      <input type="hidden" name="membershipId" value={membershipId} />
      <div className={styles.twoColumns}>
        <div className={styles.field}>
          <label htmlFor={`${id}-amount`} className={styles.label}>
            Refund amount (CAD)
          </label>
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            required
            defaultValue={left}
            className={styles.input}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-day`} className={styles.label}>
            Date sent <span className={styles.optional}>(empty: still to send)</span>
          </label>
          <input
            id={`${id}-day`}
            name="refundedOn"
            type="date"
            defaultValue={today()}
            className={styles.input}
            suppressHydrationWarning
          />
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-reason`} className={styles.label}>
          Reason
        </label>
        <input
          id={`${id}-reason`}
          name="reason"
          required
          maxLength={300}
          className={styles.input}
        />
      </div>
      <ActionOutcome state={state} />
      <button type="submit" className={styles.dangerButton} disabled={pending}>
        {pending ? 'Recording…' : 'Record the refund'}
      </button>
    </form>
  );
}

/** Completes a pending refund with the day the money went back. */
export function CompleteRefundForm({ refundId, name }: { refundId: number; name: string }) {
  const [state, submit, pending] = useActionState<MoneyActionState, FormData>(
    completeMembershipRefund,
    {},
  );
  const id = `complete-${refundId}`;
  return (
    <form action={submit} className={styles.inlineForm}>
      <input type="hidden" name="refundId" value={refundId} />
      <label htmlFor={`${id}-day`} className="visually-hidden">
        Date the refund to {name} was sent
      </label>
      <input
        id={`${id}-day`}
        name="refundedOn"
        type="date"
        required
        defaultValue={today()}
        className={styles.input}
        suppressHydrationWarning
      />
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Saving…' : 'Mark sent'}
      </button>
      <ActionOutcome state={state} />
    </form>
  );
}
