'use client';

import type { FormEvent } from 'react';
import { TextAreaField, TextField } from '@/app/_components/forms/FormField';
import formStyles from '@/app/_components/forms/Form.module.css';
import { emailOffNotice, type FormNoticeCopy } from '@/app/_components/forms/submission';
import type { Copy } from '@/lib/copy/catalogue';
import type { SERVICES_FORM_TEXT_KEYS } from '@/lib/copy/client-keys';
import {
  fieldText,
  FormStatus,
  useSubmissionForm,
} from '@/app/_components/forms/useSubmissionForm';
import { isEmailConfigured, sendEmailForm, type EmailConfig } from '@/lib/mail/emailjs';
import { submitServiceRequest } from '@/lib/submissions/client';
import { useHydrated } from '@/lib/site/use-hydrated';

/** The services page's texts the form shows (the page reads them on the server). */
export type ServicesFormTexts = Pick<Copy<'services'>, (typeof SERVICES_FORM_TEXT_KEYS)[number]>;

export function servicesNotConfiguredMessage(
  contactEmail: string | null,
  texts: ServicesFormTexts,
  notices: FormNoticeCopy,
): string {
  return emailOffNotice(contactEmail, texts, notices);
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
  texts,
  labelledBy,
}: {
  emailConfig: EmailConfig;
  contactEmail: string | null;
  copy: ServicesFormCopy;
  texts: ServicesFormTexts;
  /** The id of the heading that names the form. */
  labelledBy: string;
}) {
  const hydrated = useHydrated();
  const { siteCopy, sending, status, fieldErrors, statusId, onChange, submit, emailOnce } =
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
      failure: texts.failure,
      afterStored: (received) =>
        emailOnce(
          received,
          texts.what,
          configured ? () => sendEmailForm(emailConfig, 'services', form) : null,
          texts.success,
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
          {servicesNotConfiguredMessage(contactEmail, texts, siteCopy)}
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
          disabled={!hydrated}
          aria-disabled={sending || undefined}
        >
          {sending ? siteCopy.formSending : copy.submitLabel}
        </button>
      </div>
    </form>
  );
}
