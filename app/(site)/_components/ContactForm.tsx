'use client';

import type { FormEvent } from 'react';
import { TextAreaField, TextField } from '@/app/_components/forms/FormField';
import formStyles from '@/app/_components/forms/Form.module.css';
import { emailOffNotice } from '@/app/_components/forms/submission';
import {
  fieldText,
  FormStatus,
  useSubmissionForm,
} from '@/app/_components/forms/useSubmissionForm';
import { isEmailConfigured, sendEmailForm, type EmailConfig } from '@/lib/email';
import { submitMessage } from '@/lib/submissions-client';

export const CONTACT_SUCCESS = 'Message sent successfully!';
/** The spec's failure alert, now for a message the server refused or could not be reached for. */
export const CONTACT_FAILURE = 'An error occurred, please try again. See console for details.';

export function contactNotConfiguredMessage(contactEmail: string | null): string {
  const alternative = contactEmail
    ? `You can also email us at ${contactEmail}.`
    : 'You can also email us directly.';
  return emailOffNotice('message', alternative);
}

/**
 * The home page contact form: the server stores the message first, then EmailJS sends it to the
 * club as sender_name, sender_email and message.
 */
export function ContactForm({
  emailConfig,
  contactEmail,
}: {
  emailConfig: EmailConfig;
  /** The club's address from the site settings; null until an executive sets it. */
  contactEmail: string | null;
}) {
  const { sending, status, fieldErrors, statusId, onChange, submit, emailOnce } =
    useSubmissionForm();
  const configured = isEmailConfigured(emailConfig, 'contact');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const fields = new FormData(form);
    await submit(form, {
      store: () =>
        submitMessage({
          sender_name: fieldText(fields, 'sender_name'),
          sender_email: fieldText(fields, 'sender_email'),
          message: fieldText(fields, 'message'),
        }),
      failure: CONTACT_FAILURE,
      afterStored: (received) =>
        emailOnce(
          received,
          'message',
          configured ? () => sendEmailForm(emailConfig, 'contact', form) : null,
          CONTACT_SUCCESS,
        ),
    });
  }

  return (
    <form
      className={formStyles.form}
      onSubmit={onSubmit}
      onChange={onChange}
      aria-describedby={statusId}
      aria-label="Contact us"
    >
      {!configured ? (
        <p className={formStyles.notice} role="note">
          {contactNotConfiguredMessage(contactEmail)}
        </p>
      ) : null}
      <TextField
        label="Name"
        name="sender_name"
        id="contact-name"
        autoComplete="name"
        error={fieldErrors.sender_name}
      />
      <TextField
        label="Email"
        name="sender_email"
        id="contact-email"
        type="email"
        autoComplete="email"
        error={fieldErrors.sender_email}
      />
      <TextAreaField
        label="Message"
        name="message"
        id="contact-message"
        error={fieldErrors.message}
      />
      <FormStatus id={statusId} status={status} />
      <div className={formStyles.actions}>
        <button type="submit" className={`button ${formStyles.submit}`} disabled={sending}>
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
