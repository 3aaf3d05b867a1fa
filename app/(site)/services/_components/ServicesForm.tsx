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
import { submitServiceRequest } from '@/lib/submissions-client';

export const SERVICES_SUCCESS = 'Application sent successfully!';
/** The spec's failure alert, now for a request the server refused or could not be reached for. */
export const SERVICES_FAILURE = 'Failed to send application. Please try again later.';

export function servicesNotConfiguredMessage(contactEmail: string | null): string {
  const alternative = contactEmail
    ? `You can also email us at ${contactEmail}.`
    : 'You can also email the club directly.';
  return emailOffNotice('request', alternative);
}

export type ServicesFormCopy = {
  nameLabel: string;
  emailLabel: string;
  needsLabel: string;
  submitLabel: string;
};

type Status = { tone: 'success' | 'error'; text: string } | null;

function fieldText(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * 'Let us contact you': an organisation's request, stored by the server first, then sent with
 * EmailJS as name, email and needs.
 */
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
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const statusId = useId();
  const configured = isEmailConfigured(emailConfig, 'services');

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
      const stored = await submitServiceRequest({
        name: fieldText(fields, 'name'),
        email: fieldText(fields, 'email'),
        needs: fieldText(fields, 'needs'),
      });
      if (!stored.ok) {
        // Nothing was stored, so nothing is emailed and what was typed stays to be corrected.
        setFieldErrors(stored.fieldErrors);
        report('error', refusedText(SERVICES_FAILURE, stored));
        focusFirstInvalid(form, stored.fieldErrors);
        return;
      }
      setFieldErrors({});
      if (!configured) {
        report('success', receivedText(stored.message, 'request', 'not-configured'));
      } else {
        try {
          await sendEmailForm(emailConfig, 'services', form);
          report('success', SERVICES_SUCCESS);
        } catch {
          // lib/email logged why; the request is stored, so the visitor is not asked to resend.
          report('success', receivedText(stored.message, 'request', 'failed'));
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
        error={fieldErrors.name}
      />
      <TextField
        label={copy.emailLabel}
        name="email"
        id="services-email"
        type="email"
        autoComplete="email"
        error={fieldErrors.email}
      />
      <TextAreaField
        label={copy.needsLabel}
        name="needs"
        id="services-needs"
        error={fieldErrors.needs}
      />
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
