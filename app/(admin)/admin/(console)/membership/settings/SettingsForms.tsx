'use client';

import { useActionState } from 'react';
import styles from '../../../console.module.css';
import { Field, FormMessage, type FormState } from '../../_forms/Field';
import { saveMembershipTypeAction, saveMembershipYear } from './actions';

/**
 * The year's e-Transfer address and instructions, the days an application may wait for its
 * payment, and whether applications are open.
 */
export function YearSettingsForm({ initial }: { initial: Record<string, string> }) {
  const [state, submit, pending] = useActionState<FormState, FormData>(saveMembershipYear, {
    errors: {},
    values: initial,
  });
  const form = `year-${initial.year}`;
  return (
    <form action={submit} className={styles.form} noValidate>
      <input type="hidden" name="year" value={initial.year} />
      <Field
        form={form}
        name="etransferAddress"
        label="e-Transfer address"
        type="email"
        required
        maxLength={254}
        state={state}
        hint="The club’s address, not a board member’s own: applicants send their e-Transfer here."
      />
      <Field
        form={form}
        name="etransferInstructions"
        label="Payment instructions"
        multiline
        required
        maxLength={2000}
        state={state}
        hint="Shown on the application page, after applying and in the payment emails. Write {address} for the e-Transfer address above, {amount} for the applicant’s amount and {reference} for their payment reference: each is filled in when shown (on the application page, before anyone has a reference, {amount} and {reference} read as words)."
      />
      <Field
        form={form}
        name="unpaidApplicationDays"
        label="Days to pay"
        required
        inputMode="numeric"
        maxLength={3}
        state={state}
        hint="Days a confirmed application may wait for its payment, from 1 to 365. The applicant is reminded 7 days before the end (halfway for less than 14 days), then the application is cancelled and they are told."
      />
      <label className={styles.checkboxLine}>
        <input
          type="checkbox"
          name="acceptingApplications"
          defaultChecked={(state.values.acceptingApplications ?? '') === 'on'}
          key={`open-${state.values.acceptingApplications ?? ''}`}
        />
        Applications are open for this year
      </label>
      <FormMessage state={state} />
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Saving…' : 'Save the year’s settings'}
      </button>
    </form>
  );
}

/** One membership type (or a new one, without an id): name, price in dollars, dates. */
export function MembershipTypeForm({
  initial,
  used,
}: {
  initial: Record<string, string>;
  /** How many memberships were sold at this type (they keep their price). */
  used: number;
}) {
  const [state, submit, pending] = useActionState<FormState, FormData>(saveMembershipTypeAction, {
    errors: {},
    values: initial,
  });
  const isNew = !initial.id;
  const form = `type-${initial.id || `new-${initial.year}`}`;
  return (
    <form action={submit} className={styles.form} noValidate>
      <input type="hidden" name="id" value={initial.id ?? ''} />
      <input type="hidden" name="year" value={initial.year} />
      <div className={styles.twoColumns}>
        <Field form={form} name="name" label="Name" required maxLength={60} state={state} />
        <Field
          form={form}
          name="price"
          label="Price (CAD)"
          required
          inputMode="text"
          state={state}
          hint="In dollars, such as 25.00."
        />
      </div>
      <Field form={form} name="description" label="Description" maxLength={300} state={state} />
      <div className={styles.twoColumns}>
        <Field
          form={form}
          name="saleOpensOn"
          label="Sale opens"
          type="date"
          required
          state={state}
        />
        <Field
          form={form}
          name="saleClosesOn"
          label="Sale closes"
          type="date"
          required
          state={state}
        />
        <Field form={form} name="validFrom" label="Valid from" type="date" required state={state} />
        <Field
          form={form}
          name="validUntil"
          label="Valid until"
          type="date"
          required
          state={state}
        />
      </div>
      {used > 0 ? (
        <p className={styles.muted}>
          {used} {used === 1 ? 'membership was' : 'memberships were'} sold at this type: they keep
          the price and validity they applied with, and the type cannot be removed.
        </p>
      ) : null}
      <FormMessage state={state} />
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Saving…' : isNew ? 'Add the type' : `Save “${initial.name}”`}
      </button>
    </form>
  );
}
