'use client';

import { useActionState, useState } from 'react';
import { formatAmount } from '@/lib/memberships/format';
import type { PaymentSituation } from '@/lib/memberships/settling';
import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS } from '@/lib/memberships/statuses';
import styles from '../../console.module.css';
import { ActionOutcome } from '../_forms/ActionOutcome';
import {
  acceptMembershipPayment,
  completeMembershipRefund,
  confirmMembershipPayment,
  flagMembershipPayment,
  type MoneyActionState,
  recordMembershipPayment,
  recordMembershipRefund,
  returnMembershipPayment,
  reverseMembershipPayment,
  undoMembershipRefund,
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

/**
 * Confirms one recorded payment, or several open payments of one membership together (a flagged
 * one and its top-up): the membership becomes active, its ID given.
 */
export function ConfirmPaymentForm({
  paymentIds,
  name,
  references,
  total,
}: {
  paymentIds: number[];
  name: string;
  /** The payments' transaction references: one person can have two payments waiting. */
  references: string[];
  /** What they make together ("CA$30.00"), said on the button when there are several. */
  total?: string;
}) {
  const [state, submit, pending] = useActionState<MoneyActionState, FormData>(
    confirmMembershipPayment,
    {},
  );
  const together = paymentIds.length > 1;
  return (
    <form action={submit} className={styles.inlineForm}>
      {paymentIds.map((id) => (
        <input key={id} type="hidden" name="paymentId" value={id} />
      ))}
      <button
        type="submit"
        className={styles.button}
        disabled={pending}
        aria-label={
          together
            ? `Confirm the payments ${references.join(' and ')} from ${name} together`
            : `Confirm the payment ${references[0] ?? ''} from ${name}`
        }
      >
        {pending ? 'Confirming…' : together ? `Confirm together (${total ?? ''})` : 'Confirm'}
      </button>
      <ActionOutcome state={state} />
    </form>
  );
}

/**
 * Accepts a flagged payment after checking it, with the note kept on the payment; with
 * `difference`, the overpaid part is refunded in the same step.
 */
export function AcceptPaymentForm({
  paymentId,
  name,
  reference,
  difference,
}: {
  paymentId: number;
  name: string;
  reference: string;
  /** The overpaid part ("CA$10.00"): the form then refunds it too. */
  difference?: string;
}) {
  const [state, submit, pending] = useActionState<MoneyActionState, FormData>(
    acceptMembershipPayment,
    {},
  );
  const id = `accept-${paymentId}-${difference ? 'refund' : 'keep'}`;
  const title = difference ? `Accept and refund the difference ${difference}` : 'Accept';
  return (
    <details className={styles.more}>
      <summary>{title}</summary>
      <form
        action={submit}
        className={styles.form}
        aria-label={`${title}: the payment ${reference} from ${name}`}
      >
        <input type="hidden" name="paymentId" value={paymentId} />
        {difference ? <input type="hidden" name="refundDifference" value="on" /> : null}
        <div className={styles.field}>
          <label htmlFor={`${id}-note`} className={styles.label}>
            What you checked (kept with the payment)
          </label>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={2}
            required
            maxLength={300}
            className={styles.input}
          />
        </div>
        {difference ? (
          <div className={styles.field}>
            <label htmlFor={`${id}-day`} className={styles.label}>
              Date the difference was sent{' '}
              <span className={styles.optional}>(empty: still to send)</span>
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
        ) : null}
        <ActionOutcome state={state} />
        <button type="submit" className={styles.button} disabled={pending}>
          {pending ? 'Accepting…' : title}
        </button>
      </form>
    </details>
  );
}

/** Gives back a payment that never counted: a refund of all that remains of it. */
export function ReturnPaymentForm({
  paymentId,
  name,
  reference,
  amount,
}: {
  paymentId: number;
  name: string;
  reference: string;
  /** What goes back ("CA$25.00"). */
  amount: string;
}) {
  const [state, submit, pending] = useActionState<MoneyActionState, FormData>(
    returnMembershipPayment,
    {},
  );
  const id = `return-${paymentId}`;
  return (
    <details className={styles.more}>
      <summary>Return the money</summary>
      <form
        action={submit}
        className={styles.form}
        aria-label={`Return the payment ${reference} to ${name}`}
      >
        <input type="hidden" name="paymentId" value={paymentId} />
        <div className={styles.field}>
          <label htmlFor={`${id}-day`} className={styles.label}>
            Date sent back <span className={styles.optional}>(empty: still to send)</span>
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
        <ActionOutcome state={state} />
        <button type="submit" className={styles.dangerButton} disabled={pending}>
          {pending ? 'Returning…' : `Return ${amount}`}
        </button>
      </form>
    </details>
  );
}

/** The bank took a confirmed payment back: marked reversed, with the reason. */
export function ReversePaymentForm({
  paymentId,
  name,
  reference,
}: {
  paymentId: number;
  name: string;
  reference: string;
}) {
  const [state, submit, pending] = useActionState<MoneyActionState, FormData>(
    reverseMembershipPayment,
    {},
  );
  const id = `reverse-${paymentId}`;
  return (
    <details className={styles.more}>
      <summary>Mark reversed</summary>
      <form
        action={submit}
        className={styles.form}
        aria-label={`Mark the payment ${reference} from ${name} reversed`}
      >
        <input type="hidden" name="paymentId" value={paymentId} />
        <div className={styles.field}>
          <label htmlFor={`${id}-reason`} className={styles.label}>
            Why the bank took it back
          </label>
          <input
            id={`${id}-reason`}
            name="reason"
            required
            maxLength={300}
            className={styles.input}
          />
        </div>
        <p className={styles.muted}>
          The membership goes to payment review and the member is emailed to pay again.
        </p>
        <ActionOutcome state={state} />
        <button type="submit" className={styles.dangerButton} disabled={pending}>
          {pending ? 'Saving…' : 'Mark reversed'}
        </button>
      </form>
    </details>
  );
}

/**
 * Exactly the actions valid for one payment (lib/memberships/settling.ts decides them, and the
 * server decides again under the membership's lock), with what finance should know first.
 */
export function PaymentActions({
  paymentId,
  name,
  reference,
  currency,
  situation,
  references,
  mayConfirm,
  mayRefund,
}: {
  paymentId: number;
  name: string;
  reference: string;
  currency: string;
  situation: PaymentSituation;
  /** The transaction reference of each payment of the membership, by id. */
  references: Record<number, string>;
  mayConfirm: boolean;
  mayRefund: boolean;
}) {
  const money = (cents: number) => formatAmount(cents, currency);
  return (
    <div className={styles.stack}>
      {situation.note ? <span className={styles.muted}>{situation.note}</span> : null}
      {situation.choices.map((choice) => {
        switch (choice.kind) {
          case 'confirm':
            return mayConfirm ? (
              <ConfirmPaymentForm
                key="confirm"
                paymentIds={[paymentId]}
                name={name}
                references={[reference]}
              />
            ) : null;
          case 'confirmTogether':
            return mayConfirm ? (
              <ConfirmPaymentForm
                key="together"
                paymentIds={choice.paymentIds}
                name={name}
                references={choice.paymentIds.map((id) => references[id] ?? `#${id}`)}
                total={money(choice.totalCents)}
              />
            ) : null;
          case 'accept':
            return mayConfirm ? (
              <AcceptPaymentForm
                key="accept"
                paymentId={paymentId}
                name={name}
                reference={reference}
              />
            ) : null;
          case 'acceptAndRefund':
            return mayConfirm && mayRefund ? (
              <AcceptPaymentForm
                key="acceptAndRefund"
                paymentId={paymentId}
                name={name}
                reference={reference}
                difference={money(choice.differenceCents)}
              />
            ) : null;
          case 'return':
            return mayRefund ? (
              <ReturnPaymentForm
                key="return"
                paymentId={paymentId}
                name={name}
                reference={reference}
                amount={money(choice.amountCents)}
              />
            ) : null;
          case 'reverse':
            return mayConfirm ? (
              <ReversePaymentForm
                key="reverse"
                paymentId={paymentId}
                name={name}
                reference={reference}
              />
            ) : null;
        }
      })}
    </div>
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

/**
 * A refund of one payment: which payment, amount, reason, the day it was sent (empty: pending),
 * and whether the membership ends with it (a partial refund keeps it unless ticked).
 */
export function RefundForm({
  membershipId,
  name,
  payments,
}: {
  membershipId: number;
  name: string;
  /** The payments with money left to refund: what each is and how much remains ("25.00"). */
  payments: Array<{ id: number; label: string; left: string }>;
}) {
  const [state, submit, pending] = useActionState<MoneyActionState, FormData>(
    recordMembershipRefund,
    {},
  );
  const [paymentId, setPaymentId] = useState(payments[0]?.id ?? 0);
  const chosen = payments.find((payment) => payment.id === paymentId) ?? payments[0];
  const id = `refund-${membershipId}`;
  return (
    <form action={submit} className={styles.form} aria-label={`Record a refund to ${name}`}>
      <div className={styles.field}>
        <label htmlFor={`${id}-payment`} className={styles.label}>
          Payment refunded
        </label>
        <select
          id={`${id}-payment`}
          name="paymentId"
          value={paymentId}
          onChange={(event) => setPaymentId(Number(event.target.value))}
          className={styles.input}
        >
          {payments.map((payment) => (
            <option key={payment.id} value={payment.id}>
              {payment.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.twoColumns}>
        <div className={styles.field}>
          <label htmlFor={`${id}-amount`} className={styles.label}>
            Refund amount (CAD)
          </label>
          <input
            key={chosen?.id}
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            required
            defaultValue={chosen?.left}
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
      <label className={styles.checkboxLine}>
        <input type="checkbox" name="endsMembership" />
        End the membership
      </label>
      <p className={styles.muted}>
        Unticked, the membership stays as it is (a partial refund, an overpayment’s difference).
      </p>
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

/** 'Undo': a refund recorded by mistake, in the minutes after recording it. */
export function UndoRefundForm({ refundId, name }: { refundId: number; name: string }) {
  const [state, submit, pending] = useActionState<MoneyActionState, FormData>(
    undoMembershipRefund,
    {},
  );
  return (
    <form action={submit} className={styles.inlineForm}>
      <input type="hidden" name="refundId" value={refundId} />
      {state.done ? null : (
        <button
          type="submit"
          className={`${styles.button} ${styles.quietButton}`}
          disabled={pending}
          aria-label={`Undo the refund to ${name} (recorded by mistake)`}
        >
          {pending ? 'Undoing…' : 'Undo'}
        </button>
      )}
      <ActionOutcome state={state} />
    </form>
  );
}
