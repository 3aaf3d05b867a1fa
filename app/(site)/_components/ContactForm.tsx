'use client';

import { useId, useState, type FormEvent } from 'react';
import { TextAreaField, TextField } from '@/app/_components/forms/FormField';
import formStyles from '@/app/_components/forms/Form.module.css';
import {
  emailOffNotice,
  focusFirstInvalid,
  receivedText,
  refusedText,
  withoutField,
  type FieldErrors,
} from '@/app/_components/forms/submission';
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

type Status = { tone: 'success' | 'error'; text: string } | null;

function fieldText(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === 'string' ? value : '';
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
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const statusId = useId();
  const configured = isEmailConfigured(emailConfig, 'contact');

  function report(tone: NonNullable<Status>['tone'], text: string) {
    setStatus({ tone, text });
    window.alert(text);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const fields = new FormData(form);
    setSending(true);
    setStatus(null);
    try {
      const stored = await submitMessage({
        sender_name: fieldText(fields, 'sender_name'),
        sender_email: fieldText(fields, 'sender_email'),
        message: fieldText(fields, 'message'),
      });
      if (!stored.ok) {
        // Nothing was stored, so nothing is emailed and what was typed stays to be corrected.
        setFieldErrors(stored.fieldErrors);
        report('error', refusedText(CONTACT_FAILURE, stored));
        focusFirstInvalid(form, stored.fieldErrors);
        return;
      }
      setFieldErrors({});
      if (!configured) {
        report('success', receivedText(stored.message, 'message', 'not-configured'));
      } else {
        try {
          await sendEmailForm(emailConfig, 'contact', form);
          report('success', CONTACT_SUCCESS);
        } catch {
          // lib/email logged why; the message is stored, so the visitor is not told it failed.
          report('success', receivedText(stored.message, 'message', 'failed'));
        }
      }
      form.reset();
    } finally {
      setSending(false);
    }
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as Element).getAttribute('name');
    if (name) setFieldErrors((current) => withoutField(current, name));
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
      <p id={statusId} className={formStyles.status} role="status" data-tone={status?.tone}>
        {status?.text}
      </p>
      <div className={formStyles.actions}>
        <button type="submit" className={`button ${formStyles.submit}`} disabled={sending}>
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
