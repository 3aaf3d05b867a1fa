'use client';

import { useId, useState, type FormEvent } from 'react';
import { TextField } from '@/app/_components/forms/FormField';
import formStyles from '@/app/_components/forms/Form.module.css';
import styles from './registration.module.css';
import type { EmailConfig } from '@/lib/email';
import { defaultCopy, type Copy } from '@/lib/copy/catalogue';
import { REGISTRATION_FORM_COPY_KEYS } from '@/lib/copy/client-keys';
import {
  type RegistrationFields,
  registrationFailureMessage,
  sendRegistrationEmails,
  submitRegistration,
} from '@/lib/event-registration';

export type RegistrationFormCopy = Pick<
  Copy<'event'>,
  (typeof REGISTRATION_FORM_COPY_KEYS)[number]
>;

type Status = { tone: 'success' | 'error'; text: string } | null;

function fieldsOf(form: HTMLFormElement): RegistrationFields {
  const data = new FormData(form);
  const value = (name: string) => String(data.get(name) ?? '').trim();
  return { first_name: value('first_name'), last_name: value('last_name'), email: value('email') };
}

/**
 * 'Register for this Event' (spec sections 4 and 8): idle, 'Registering...' with the button
 * disabled, then the success message (fields cleared) or 'Registration failed: ...'. The status
 * paragraph is in the page from the start so screen readers announce what fills it.
 */
export function RegistrationForm({
  titleId,
  eventId,
  eventTitle,
  eventDate,
  emailConfig,
  copy = defaultCopy('event'),
}: {
  titleId: string;
  eventId: number;
  eventTitle: string;
  /** The date and time as the emails carry them. */
  eventDate: string;
  emailConfig: EmailConfig;
  copy?: RegistrationFormCopy;
}) {
  const [submitting, setSubmitting] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const statusId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = fieldsOf(form);
    setSubmitting(true);
    setStatus(null);
    try {
      await submitRegistration(eventId, fields);
    } catch (error) {
      setStatus({ tone: 'error', text: registrationFailureMessage(error, copy) });
      setSubmitting(false);
      return;
    }
    form.reset();
    setStatus({ tone: 'success', text: copy.success });
    setSubmitting(false);
    // The registration is stored: the emails are a courtesy and never undo that.
    void sendRegistrationEmails(emailConfig, fields, { title: eventTitle, date: eventDate });
  }

  return (
    <form
      className={formStyles.form}
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      aria-describedby={statusId}
    >
      <h2 id={titleId} className={formStyles.title}>
        {copy.formTitle}
      </h2>
      <TextField
        label={copy.firstName}
        name="first_name"
        id="registration-first-name"
        autoComplete="given-name"
        maxLength={60}
      />
      <TextField
        label={copy.lastName}
        name="last_name"
        id="registration-last-name"
        autoComplete="family-name"
        maxLength={60}
      />
      <TextField
        label={copy.email}
        name="email"
        id="registration-email"
        type="email"
        autoComplete="email"
        maxLength={254}
      />
      <p
        id={statusId}
        className={`${formStyles.status} ${styles.status}`}
        role="status"
        aria-live="polite"
        data-tone={status?.tone}
        data-testid="registration-status"
      >
        {status?.text}
      </p>
      <div className={formStyles.actions}>
        <button type="submit" className={`button ${formStyles.submit}`} disabled={submitting}>
          {submitting ? copy.submitting : copy.submit}
        </button>
      </div>
    </form>
  );
}
