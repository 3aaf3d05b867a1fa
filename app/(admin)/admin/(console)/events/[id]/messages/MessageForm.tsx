'use client';

import { useActionState } from 'react';
import { AUDIENCE_LABELS, AUDIENCES, type Audience } from '@/lib/mail/audiences';
import styles from '../../../../console.module.css';
import { Field, FormMessage } from '../../../_forms/Field';
import { type MessageFormState, messageRegistrants } from './actions';
import own from './messages.module.css';

/**
 * Write to a group of the event's registrants: the words, then a preview of exactly what each
 * person receives and to how many, then 'Send' (which sends what the preview showed).
 */
export function MessageForm({
  eventId,
  counts,
}: {
  eventId: number;
  counts: Record<Audience, number>;
}) {
  const [state, submit, pending] = useActionState<MessageFormState, FormData>(messageRegistrants, {
    errors: {},
    values: { audience: 'confirmed', subject: '', body: '' },
  });
  const form = 'event-message';
  const audienceError = state.errors.audience;
  const preview = state.preview;
  return (
    <>
      <form id={form} action={submit} className={styles.form} noValidate>
        <input type="hidden" name="eventId" value={eventId} />
        <fieldset
          className={styles.group}
          aria-describedby={audienceError ? `${form}-audience-error` : undefined}
        >
          <legend>Send to</legend>
          {AUDIENCES.map((audience) => (
            <label key={`${audience}-${state.values.audience}`} className={styles.checkboxLine}>
              <input
                type="radio"
                name="audience"
                value={audience}
                defaultChecked={(state.values.audience || 'confirmed') === audience}
              />
              <span>
                {AUDIENCE_LABELS[audience]} ({counts[audience]})
              </span>
            </label>
          ))}
          {audienceError ? (
            <p id={`${form}-audience-error`} className={styles.fieldError}>
              {audienceError}
            </p>
          ) : null}
        </fieldset>
        <Field form={form} state={state} name="subject" label="Subject" required maxLength={150} />
        <Field
          form={form}
          state={state}
          name="body"
          label="Message"
          multiline
          required
          maxLength={5000}
          hint="Each email starts with “Hi” and the person’s first name, and ends with the event’s date and place and their own registration link. A blank line starts a new paragraph."
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
        <form action={submit} className={own.preview} aria-labelledby={`${form}-preview-title`}>
          <h3 id={`${form}-preview-title`} className={own.previewTitle}>
            Preview: what {preview.recipients === 1 ? 'the person gets' : 'each person gets'}
          </h3>
          <dl className={own.envelope}>
            <dt>To</dt>
            <dd data-testid="preview-to">{preview.to}</dd>
            <dt>Subject</dt>
            <dd>{preview.emailSubject}</dd>
          </dl>
          <pre className={own.emailText} data-testid="preview-text">
            {preview.emailText}
          </pre>
          <p className={styles.muted}>
            {preview.shownFor
              ? `Shown as ${preview.shownFor} receives it; each person gets their own first name and link.`
              : null}
          </p>
          <input type="hidden" name="eventId" value={eventId} />
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="audience" value={preview.audience} />
          <input type="hidden" name="subject" value={preview.subject} />
          <input type="hidden" name="body" value={preview.body} />
          <input type="hidden" name="sendKey" value={preview.sendKey} />
          <input type="hidden" name="expected" value={preview.recipients} />
          <button type="submit" className={styles.button} disabled={pending}>
            {pending ? 'Sending…' : `Send to ${preview.to}`}
          </button>
        </form>
      ) : null}
    </>
  );
}
