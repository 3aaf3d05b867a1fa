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
  const { sending, status, fieldErrors, statusId, onChange, submit, emailOnce } =
    useSubmissionForm();
  const configured = isEmailConfigured(emailConfig, 'services');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const fields = new FormData(form);
    await submit(form, {
      store: () =>
        submitServiceRequest({
          name: fieldText(fields, 'name'),
          email: fieldText(fields, 'email'),
          needs: fieldText(fields, 'needs'),
        }),
      failure: SERVICES_FAILURE,
      afterStored: (received) =>
        emailOnce(
          received,
          'request',
          configured ? () => sendEmailForm(emailConfig, 'services', form) : null,
          SERVICES_SUCCESS,
        ),
    });
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
      <FormStatus id={statusId} status={status} />
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
