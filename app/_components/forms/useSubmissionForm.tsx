'use client';

import { useId, useState, type FormEvent } from 'react';
import type { SubmissionResult } from '@/lib/submissions/client';
import { useSiteCopy } from '../SiteCopy';
import formStyles from './Form.module.css';
import {
  focusFirstInvalid,
  receivedText,
  refusedText,
  withoutField,
  type FieldErrors,
} from './submission';

/** 'partial': the application was stored and the club told, but the applicant's copy failed. */
export type FormStatusTone = 'success' | 'error' | 'partial';
type Status = { tone: FormStatusTone; text: string } | null;

/** A form field's text as typed ('' when absent or a file). */
export function fieldText(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * The state every visitor form shares: the server stores a submission before any email, so each
 * form tracks sending, the status it announces (and alerts, as the spec's forms do) and the
 * server's per-field refusals, cleared as the visitor edits that field.
 */
export function useSubmissionForm() {
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const statusId = useId();
  const siteCopy = useSiteCopy();

  function report(tone: FormStatusTone, text: string) {
    setStatus({ tone, text });
    window.alert(text);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as Element).getAttribute('name');
    if (name) setFieldErrors((current) => withoutField(current, name));
  }

  /**
   * Sends `store`, and when the server stored the submission, runs `afterStored` with its receipt
   * and resets the form. A refusal stores and emails nothing: the spec's `failure` text and the
   * server's reason are shown, each refused field is marked, and what was typed stays.
   */
  async function submit(
    form: HTMLFormElement,
    {
      store,
      failure,
      afterStored,
    }: {
      store: () => Promise<SubmissionResult>;
      failure: string;
      afterStored: (received: string) => Promise<void> | void;
    },
  ): Promise<boolean> {
    setSending(true);
    setStatus(null);
    try {
      const stored = await store();
      if (!stored.ok) {
        setFieldErrors(stored.fieldErrors);
        report('error', refusedText(failure, stored));
        focusFirstInvalid(form, stored.fieldErrors);
        return false;
      }
      setFieldErrors({});
      await afterStored(stored.message);
      form.reset();
      return true;
    } finally {
      setSending(false);
    }
  }

  /**
   * After storing: one email, whose success is the spec's alert. A failed or unconfigured email
   * is not a failure for the visitor: the receipt says the club has the submission.
   */
  async function emailOnce(
    received: string,
    what: string,
    send: (() => Promise<unknown>) | null,
    success: string,
  ) {
    if (!send) {
      report('success', receivedText(received, what, 'not-configured', siteCopy));
      return;
    }
    try {
      await send();
      report('success', success);
    } catch {
      // lib/mail/emailjs logged why; the submission is stored, so the visitor is not asked to resend.
      report('success', receivedText(received, what, 'failed', siteCopy));
    }
  }

  return {
    siteCopy,
    sending,
    status,
    setStatus,
    fieldErrors,
    statusId,
    report,
    onChange,
    submit,
    emailOnce,
  };
}

/** The form's live region: present from the start so that what fills it is announced. */
export function FormStatus({ id, status }: { id: string; status: Status }) {
  return (
    <p id={id} className={formStyles.status} role="status" data-tone={status?.tone}>
      {status?.text}
    </p>
  );
}
