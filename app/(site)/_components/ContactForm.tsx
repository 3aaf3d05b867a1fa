'use client';

import type { FormEvent } from 'react';
import { TextAreaField, TextField } from '@/app/_components/forms/FormField';
import formStyles from '@/app/_components/forms/Form.module.css';
import { emailOffNotice, type FormNoticeCopy } from '@/app/_components/forms/submission';
import {
  fieldText,
  FormStatus,
  useSubmissionForm,
} from '@/app/_components/forms/useSubmissionForm';
import type { Copy } from '@/lib/copy/catalogue';
import { isEmailConfigured, sendEmailForm, type EmailConfig } from '@/lib/mail/emailjs';
import { submitMessage } from '@/lib/submissions/client';
import { useHydrated } from '@/lib/site/use-hydrated';

/** The home page's texts the form shows (the page reads them on the server). */
export type ContactFormCopy = Pick<
  Copy<'home'>,
  | 'contactFormLabel'
  | 'contactNameLabel'
  | 'contactEmailLabel'
  | 'contactMessageLabel'
  | 'contactSubmit'
  | 'contactSuccess'
  | 'contactFailure'
  | 'contactWhat'
  | 'contactAlternative'
  | 'contactAlternativeNoEmail'
>;

export function contactNotConfiguredMessage(
  contactEmail: string | null,
  copy: ContactFormCopy,
  notices: FormNoticeCopy,
): string {
  return emailOffNotice(
    contactEmail,
    {
      what: copy.contactWhat,
      alternative: copy.contactAlternative,
      alternativeNoEmail: copy.contactAlternativeNoEmail,
    },
    notices,
  );
}

/**
 * The home page contact form: the server stores the message first, then EmailJS sends it to the
 * club as sender_name, sender_email and message.
 */
export function ContactForm({
  emailConfig,
  contactEmail,
  copy,
}: {
  emailConfig: EmailConfig;
  /** The club's address from the site settings; null until an executive sets it. */
  contactEmail: string | null;
  copy: ContactFormCopy;
}) {
  const hydrated = useHydrated();
  const { siteCopy, sending, status, fieldErrors, statusId, onChange, submit, emailOnce } =
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
      failure: copy.contactFailure,
      afterStored: (received) =>
        emailOnce(
          received,
          copy.contactWhat,
          configured ? () => sendEmailForm(emailConfig, 'contact', form) : null,
          copy.contactSuccess,
        ),
    });
  }

  return (
    <form
      className={formStyles.form}
      onSubmit={onSubmit}
      onChange={onChange}
      aria-describedby={statusId}
      aria-label={copy.contactFormLabel}
    >
      {!configured ? (
        <p className={formStyles.notice} role="note">
          {contactNotConfiguredMessage(contactEmail, copy, siteCopy)}
        </p>
      ) : null}
      <TextField
        label={copy.contactNameLabel}
        name="sender_name"
        id="contact-name"
        autoComplete="name"
        error={fieldErrors.sender_name}
      />
      <TextField
        label={copy.contactEmailLabel}
        name="sender_email"
        id="contact-email"
        type="email"
        autoComplete="email"
        error={fieldErrors.sender_email}
      />
      <TextAreaField
        label={copy.contactMessageLabel}
        name="message"
        id="contact-message"
        error={fieldErrors.message}
      />
      <FormStatus id={statusId} status={status} />
      <div className={formStyles.actions}>
        <button
          type="submit"
          className={`button ${formStyles.submit}`}
          disabled={sending || !hydrated}
        >
          {sending ? siteCopy.formSending : copy.contactSubmit}
        </button>
      </div>
    </form>
  );
}
