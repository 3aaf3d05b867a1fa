'use client';

import { useId, useState, type FormEvent } from 'react';
import { TextAreaField, TextField } from '@/app/_components/forms/FormField';
import formStyles from '@/app/_components/forms/Form.module.css';
import { isEmailConfigured, sendEmailForm, type EmailConfig } from '@/lib/email';

export const CONTACT_SUCCESS = 'Message sent successfully!';
export const CONTACT_FAILURE = 'An error occurred, please try again. See console for details.';

export function contactNotConfiguredMessage(contactEmail: string | null): string {
  const alternative = contactEmail
    ? `Please email us at ${contactEmail} instead.`
    : 'Please email us instead.';
  return `Online messages are not set up on this site yet, so this form cannot send. ${alternative}`;
}

type Status = { tone: 'success' | 'error'; text: string } | null;

/** The home page contact form: sent with EmailJS as sender_name, sender_email and message. */
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
  const statusId = useId();
  const configured = isEmailConfigured(emailConfig, 'contact');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!configured) {
      const text = contactNotConfiguredMessage(contactEmail);
      setStatus({ tone: 'error', text });
      window.alert(text);
      return;
    }
    setSending(true);
    setStatus(null);
    try {
      await sendEmailForm(emailConfig, 'contact', form);
      setStatus({ tone: 'success', text: CONTACT_SUCCESS });
      window.alert(CONTACT_SUCCESS);
    } catch (error) {
      console.error('The contact message could not be sent:', error);
      setStatus({ tone: 'error', text: CONTACT_FAILURE });
      window.alert(CONTACT_FAILURE);
    } finally {
      setSending(false);
      form.reset();
    }
  }

  return (
    <form
      className={formStyles.form}
      onSubmit={onSubmit}
      aria-describedby={statusId}
      aria-label="Contact us"
    >
      {!configured ? (
        <p className={formStyles.notice} role="note">
          {contactNotConfiguredMessage(contactEmail)}
        </p>
      ) : null}
      <TextField label="Name" name="sender_name" id="contact-name" autoComplete="name" />
      <TextField
        label="Email"
        name="sender_email"
        id="contact-email"
        type="email"
        autoComplete="email"
      />
      <TextAreaField label="Message" name="message" id="contact-message" />
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
