'use client';

import { useActionState, useState } from 'react';
import {
  AUDIENCE_LABELS,
  AUDIENCES,
  type Audience,
  audiencePhrase,
  isAudience,
} from '@/lib/mail/audiences';
import styles from '../../../../console.module.css';
import { Field, FormMessage } from '../../../_forms/Field';
import { type MessageFormState, messageRegistrants } from './actions';
import compose from '../../../_forms/email-compose.module.css';
import { EMAIL_BODY_LENGTH, EMAIL_SUBJECT_LENGTH } from '../../../_forms/email-draft';

/**
 * Write to a group of the event's registrants: the group, with how many it holds said under it
 * as it is chosen; the words; then a preview of exactly what each person receives, with 'This
 * goes to N people' above 'Send' (which sends what the preview showed, and nothing when the
 * group changed since). Two steps, each one screen on a phone, rather than a count that moves
 * while the keyboard hides it.
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
  // The group ticked now; a new answer of the form starts again from the group it kept.
  const [picked, setPicked] = useState<{ audience: Audience; state: MessageFormState } | null>(
    null,
  );
  const kept = state.values.audience;
  const chosen: Audience =
    picked?.state === state ? picked.audience : isAudience(kept) ? kept : 'confirmed';
  return (
    <>
      <form id={form} action={submit} className={styles.form} noValidate>
        <input type="hidden" name="eventId" value={eventId} />
        <fieldset
          className={styles.group}
          aria-describedby={`${form}-audience-count${audienceError ? ` ${form}-audience-error` : ''}`}
          onChange={(change) => {
            const radio = change.target;
            if (radio instanceof HTMLInputElement && isAudience(radio.value)) {
              setPicked({ audience: radio.value, state });
            }
          }}
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
          <p
            id={`${form}-audience-count`}
            className={styles.muted}
            aria-live="polite"
            data-testid="audience-count"
          >
            This goes to {audiencePhrase(chosen, counts[chosen])}.
          </p>
          {audienceError ? (
            <p id={`${form}-audience-error`} className={styles.fieldError}>
              {audienceError}
            </p>
          ) : null}
        </fieldset>
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
        <form action={submit} className={compose.preview} aria-labelledby={`${form}-preview-title`}>
          <h3 id={`${form}-preview-title`} className={compose.previewTitle}>
            Preview: what {preview.recipients === 1 ? 'the person gets' : 'each person gets'}
          </h3>
          <dl className={compose.envelope}>
            <dt>To</dt>
            <dd data-testid="preview-to">{preview.to}</dd>
            <dt>Subject</dt>
            <dd>{preview.emailSubject}</dd>
          </dl>
          <pre className={compose.emailText} data-testid="preview-text">
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
          <p data-testid="preview-count">
            <strong>
              This goes to {preview.recipients === 1 ? '1 person' : `${preview.recipients} people`}.
            </strong>{' '}
            If the group changes before you send, nothing goes out and the preview shows the new
            count.
          </p>
          <button type="submit" className={styles.button} disabled={pending}>
            {pending ? 'Sending…' : `Send to ${preview.to}`}
          </button>
        </form>
      ) : null}
    </>
  );
}
