'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/app/_components/forms/FormField';
import formStyles from '@/app/_components/forms/Form.module.css';
import { InWeChat } from '@/app/_components/wechat/WeChat';
import {
  emailOffNotice,
  receivedText,
  type FormNoticeCopy,
} from '@/app/_components/forms/submission';
import {
  fieldText,
  FormStatus,
  useSubmissionForm,
} from '@/app/_components/forms/useSubmissionForm';
import { isEmailConfigured, sendEmail, sendEmailForm, type EmailConfig } from '@/lib/mail/emailjs';
import type { Copy } from '@/lib/copy/catalogue';
import type { APPLICATION_FORM_TEXT_KEYS } from '@/lib/copy/client-keys';
import {
  RESUME_ACCEPT,
  RESUME_EMPTY,
  RESUME_TOO_LARGE,
  RESUME_WRONG_TYPE,
  checkResumeFile,
} from '@/lib/submissions/resume';
import { submitApplication } from '@/lib/submissions/client';
import styles from './ApplicationForm.module.css';
import { ConfirmDialog } from './ConfirmDialog';
import { useHydrated } from '@/lib/site/use-hydrated';

/**
 * The join-us page's texts the form shows (the page reads them on the server), the alerts of
 * spec section 8 among them. The admin send failing is no longer a failure for the applicant:
 * the server stored the application first (receivedText).
 */
export type ApplicationFormTexts = Pick<
  Copy<'joinUs'>,
  (typeof APPLICATION_FORM_TEXT_KEYS)[number]
>;

export function applicationNotConfiguredMessage(
  contactEmail: string | null,
  texts: ApplicationFormTexts,
  notices: FormNoticeCopy,
): string {
  return emailOffNotice(contactEmail, texts, notices);
}

/** What the browser's own resume check says, in the editor's words. */
function resumeProblemText(problem: string, texts: ApplicationFormTexts): string {
  const words: Record<string, string> = {
    [RESUME_WRONG_TYPE]: texts.resumeWrongType,
    [RESUME_TOO_LARGE]: texts.resumeTooLarge,
    [RESUME_EMPTY]: texts.resumeEmpty,
  };
  return words[problem] ?? problem;
}

export type ApplicationFormCopy = {
  nameLabel: string;
  emailLabel: string;
  positionLabel: string;
  resumeLabel: string;
  submitLabel: string;
  /** The question asked before anything is sent. */
  confirmation: string;
};

/**
 * 'Tell us About Yourself !': after a confirmation, the server stores the application and its
 * resume; then the whole form (resume attached) goes to the club's admin template, and only once
 * that succeeded the applicant gets the auto-reply.
 */
export function ApplicationForm({
  emailConfig,
  contactEmail,
  copy,
  texts,
  labelledBy,
}: {
  emailConfig: EmailConfig;
  contactEmail: string | null;
  copy: ApplicationFormCopy;
  texts: ApplicationFormTexts;
  /** The id of the heading that names the form. */
  labelledBy: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const resumeRef = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const { siteCopy, sending, status, setStatus, fieldErrors, statusId, report, onChange, submit } =
    useSubmissionForm();
  const resumeHintId = useId();
  const resumeErrorId = useId();
  const configured = isEmailConfigured(emailConfig, 'applicationAdmin');

  /** Checks the chosen resume; the browser then refuses to submit with the message shown. */
  function checkResume(): boolean {
    const input = resumeRef.current;
    if (!input) return false;
    const file = input.files?.[0];
    const problem = file ? checkResumeFile(file) : null;
    const message = problem === null ? null : resumeProblemText(problem, texts);
    input.setCustomValidity(message ?? '');
    setResumeError(message);
    return problem === null;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!checkResume()) {
      resumeRef.current?.focus();
      return;
    }
    setStatus(null);
    setConfirming(true);
  }

  async function send() {
    setConfirming(false);
    const form = formRef.current;
    if (!form) return;
    const fields = new FormData(form);
    const reply = {
      applicant_name: fieldText(fields, 'applicant_name').trim(),
      applicant_email: fieldText(fields, 'applicant_email').trim(),
      position: fieldText(fields, 'position').trim(),
    };
    const stored = await submit(form, {
      store: () => submitApplication(fields),
      failure: texts.failure,
      afterStored: (received) =>
        configured
          ? sendEmails(form, reply, received)
          : report('success', receivedText(received, texts.what, 'not-configured', siteCopy)),
    });
    if (stored) {
      resumeRef.current?.setCustomValidity('');
      setResumeError(null);
    }
  }

  /** The admin email, then the auto-reply only if the admin email went out. */
  async function sendEmails(
    form: HTMLFormElement,
    reply: Record<string, string>,
    received: string,
  ) {
    try {
      await sendEmailForm(emailConfig, 'applicationAdmin', form);
    } catch {
      // lib/mail/emailjs logged why; the application is stored, so the applicant is not asked to resend.
      report('success', receivedText(received, texts.what, 'failed', siteCopy));
      return;
    }
    try {
      await sendEmail(emailConfig, 'applicationReply', reply);
      report('success', texts.success);
    } catch {
      report('partial', texts.replyFailed);
    }
  }

  // The browser's own check of the chosen file comes first; the server's verdict otherwise.
  const resumeMessage = resumeError ?? fieldErrors.resume_file ?? null;

  return (
    <>
      <form
        ref={formRef}
        className={formStyles.form}
        onSubmit={onSubmit}
        onChange={onChange}
        aria-labelledby={labelledBy}
        aria-describedby={statusId}
        encType="multipart/form-data"
      >
        {!configured ? (
          <p className={formStyles.notice} role="note">
            {applicationNotConfiguredMessage(contactEmail, texts, siteCopy)}
          </p>
        ) : null}
        <TextField
          label={copy.nameLabel}
          name="applicant_name"
          id="application-name"
          autoComplete="name"
          error={fieldErrors.applicant_name}
        />
        <TextField
          label={copy.emailLabel}
          name="applicant_email"
          id="application-email"
          type="email"
          autoComplete="email"
          error={fieldErrors.applicant_email}
        />
        <TextField
          label={copy.positionLabel}
          name="position"
          id="application-position"
          error={fieldErrors.position}
        />
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor="application-resume">
            {copy.resumeLabel}{' '}
            <span className={formStyles.required} aria-hidden="true">
              *
            </span>
          </label>
          <input
            ref={resumeRef}
            className={`${formStyles.input} ${styles.file}`}
            id="application-resume"
            name="resume_file"
            type="file"
            accept={RESUME_ACCEPT}
            required
            aria-describedby={resumeMessage ? `${resumeHintId} ${resumeErrorId}` : resumeHintId}
            aria-invalid={resumeMessage ? true : undefined}
            onChange={checkResume}
          />
          <p id={resumeHintId} className={styles.hint}>
            {texts.resumeHint}
          </p>
          {/* WeChat may not offer a file to choose (on Android above all): it says what to do. */}
          <InWeChat kind="upload" />
          <p id={resumeErrorId} className={styles.fileError} role="alert">
            {resumeMessage}
          </p>
        </div>
        <FormStatus id={statusId} status={status} />
        <div className={formStyles.actions}>
          <button
            type="submit"
            className={`button ${formStyles.submit} ${styles.submit}`}
            disabled={!hydrated}
            aria-disabled={sending || undefined}
          >
            {sending ? siteCopy.formSending : copy.submitLabel}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        question={copy.confirmation}
        confirmLabel={texts.confirmYes}
        cancelLabel={texts.confirmCancel}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
