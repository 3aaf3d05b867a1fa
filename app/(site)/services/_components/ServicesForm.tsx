'use client';

import { useId, useState, type FormEvent } from 'react';
import { TextAreaField, TextField } from '@/app/_components/forms/FormField';
import formStyles from '@/app/_components/forms/Form.module.css';
import { isEmailConfigured, sendEmailForm, type EmailConfig } from '@/lib/email';

export const SERVICES_SUCCESS = 'Application sent successfully!';
export const SERVICES_FAILURE = 'Failed to send application. Please try again later.';

export function servicesNotConfiguredMessage(contactEmail: string | null): string {
  const instead = contactEmail
    ? `Please email us at ${contactEmail} instead.`
    : 'Please email the club instead.';
  return `Service requests are not set up on this site yet, so this form cannot send. ${instead}`;
}

export type ServicesFormCopy = {
  nameLabel: string;
  emailLabel: string;
  needsLabel: string;
  submitLabel: string;
};

type Status = { tone: 'success' | 'error'; text: string } | null;

/** 'Let us contact you': an organisation's request, sent with EmailJS as name, email and needs. */
export function ServicesForm({
  emailConfig,
  contactEmail,
  copy,
  labelledBy,
}: {
  emailConfig: EmailConfig;
  contactEmail: string | null;
  copy: ServicesFormCopy;
  /** The id of the heading that names the form. */
  labelledBy: string;
}) {
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const statusId = useId();
  const configured = isEmailConfigured(emailConfig, 'services');

  function report(tone: 'success' | 'error', text: string) {
    setStatus({ tone, text });
    window.alert(text);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    if (!configured) {
      report('error', servicesNotConfiguredMessage(contactEmail));
      return;
    }
    setSending(true);
    setStatus(null);
    try {
      await sendEmailForm(emailConfig, 'services', form);
      report('success', SERVICES_SUCCESS);
      form.reset();
    } catch {
      // lib/email logged why; what the visitor typed stays so they can try again.
      report('error', SERVICES_FAILURE);
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className={formStyles.form}
      onSubmit={onSubmit}
      aria-labelledby={labelledBy}
      aria-describedby={statusId}
    >
      {!configured ? (
        <p className={formStyles.notice} role="note">
          {servicesNotConfiguredMessage(contactEmail)}
        </p>
      ) : null}
      <TextField
        label={copy.nameLabel}
        name="name"
        id="services-name"
        autoComplete="organization"
      />
      <TextField
        label={copy.emailLabel}
        name="email"
        id="services-email"
        type="email"
        autoComplete="email"
      />
      <TextAreaField label={copy.needsLabel} name="needs" id="services-needs" />
      <p id={statusId} className={formStyles.status} role="status" data-tone={status?.tone}>
        {status?.text}
      </p>
      <div className={formStyles.actions}>
        <button
          type="submit"
          className={`button ${formStyles.submit}`}
          aria-disabled={sending || undefined}
        >
          {sending ? 'Sending...' : copy.submitLabel}
        </button>
      </div>
    </form>
  );
}
