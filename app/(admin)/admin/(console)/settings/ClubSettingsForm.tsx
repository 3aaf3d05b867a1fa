'use client';

import { useActionState } from 'react';
import styles from '../../console.module.css';
import { Field, FormMessage, type FormState } from '../_forms/Field';
import { saveClubSettingsAction } from './actions';

/** The membership contact address and the limit of messages per event per day. */
export function ClubSettingsForm({
  initial,
  generalContactAddress,
}: {
  initial: Record<string, string>;
  /** What members are told to write to while no membership contact address is set. */
  generalContactAddress: string | null;
}) {
  const [state, submit, pending] = useActionState<FormState, FormData>(saveClubSettingsAction, {
    errors: {},
    values: initial,
  });
  const form = 'club-settings';
  return (
    <form action={submit} className={styles.form} noValidate>
      <Field
        form={form}
        name="membershipContactAddress"
        label="Membership contact address"
        type="email"
        maxLength={254}
        state={state}
        hint={
          <>
            Where members write about their membership: a suspension, a refused member registration,
            a question. Shown to members in those refusals and in every membership email. Use a club
            address the membership coordinator reads, not the e-Transfer one.
            {generalContactAddress
              ? ` Left empty, members are sent to the club’s general contact address, ${generalContactAddress} (the site’s footer, set in the Studio).`
              : ' Left empty, members are sent to the club’s general contact address (the site’s footer, set in the Studio).'}
          </>
        }
      />
      <Field
        form={form}
        name="eventMessagesPerDay"
        label="Messages per event per day"
        required
        inputMode="numeric"
        maxLength={2}
        state={state}
        hint="How many messages the staff may send to one event’s registrants in a day, from 1 to 50, so that one slip cannot flood them."
      />
      <FormMessage state={state} />
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Saving…' : 'Save the club settings'}
      </button>
    </form>
  );
}
