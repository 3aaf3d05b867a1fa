'use client';

import { useActionState } from 'react';
import styles from '../../../console.module.css';
import { Field, FormMessage } from '../../_forms/Field';
import { type AnnouncementFormState, announceToMembers } from './actions';
import compose from '../../_forms/email-compose.module.css';
import own from './announcements.module.css';
import { EMAIL_BODY_LENGTH, EMAIL_SUBJECT_LENGTH } from '../../_forms/email-draft';

/** The audience's fields, as hidden inputs of both forms: the roster's address parameters. */
function AudienceInputs({ audience }: { audience: Record<string, string> }) {
  return (
    <>
      {Object.entries(audience).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * Write an announcement to the audience the page chose: the words, then a preview of exactly
 * what each member receives and to how many, then 'Send' (which sends what the preview showed).
 */
export function AnnouncementForm({ audience }: { audience: Record<string, string> }) {
  const [state, submit, pending] = useActionState<AnnouncementFormState, FormData>(
    announceToMembers,
    { errors: {}, values: { subject: '', body: '' } },
  );
  const form = 'announcement';
  const preview = state.preview;
  return (
    <>
      <form id={form} action={submit} className={styles.form} noValidate>
        <AudienceInputs audience={audience} />
        <Field
          form={form}
          state={state}
          name="subject"
          label="Subject"
          required
          maxLength={EMAIL_SUBJECT_LENGTH}
        />
        <Field
          form={form}
          state={state}
          name="body"
          label="Message"
          multiline
          required
          maxLength={EMAIL_BODY_LENGTH}
          hint="Each email starts with “Hi” and the member’s preferred name, and ends with why they receive it and their own unsubscribe link. A blank line starts a new paragraph."
        />
        <FormMessage state={state} />
        <button
          type="submit"
          name="intent"
          value="preview"
          className={styles.button}
          disabled={pending}
        >
          {pending ? 'Working…' : 'Preview'}
        </button>
      </form>
      {preview ? (
        <form action={submit} className={compose.preview} aria-labelledby={`${form}-preview-title`}>
          <h3 id={`${form}-preview-title`} className={compose.previewTitle}>
            Preview: what each member gets
          </h3>
          <p className={own.count} data-testid="announcement-preview-count">
            {preview.to}
          </p>
          <dl className={compose.envelope}>
            <dt>Subject</dt>
            <dd>{preview.emailSubject}</dd>
          </dl>
          <pre className={compose.emailText} data-testid="announcement-preview-text">
            {preview.emailText}
          </pre>
          {preview.shownFor ? (
            <p className={styles.muted}>
              Shown as {preview.shownFor} receives it; each member gets their own name and link.
            </p>
          ) : null}
          <AudienceInputs audience={preview.audience} />
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="subject" value={preview.subject} />
          <input type="hidden" name="body" value={preview.body} />
          <input type="hidden" name="sendKey" value={preview.sendKey} />
          <input type="hidden" name="expected" value={preview.recipients} />
          <button type="submit" className={styles.button} disabled={pending}>
            {pending
              ? 'Sending…'
              : `Send to ${preview.recipients} ${preview.recipients === 1 ? 'member' : 'members'}`}
          </button>
        </form>
      ) : null}
    </>
  );
}
