'use client';

import { useActionState } from 'react';
import {
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  QUESTION_LIMITS,
} from '@/lib/registrations/questions';
import styles from '../../../../console.module.css';
import { ActionOutcome } from '../../../_forms/ActionOutcome';
import { Field, FormMessage, type FormState } from '../../../_forms/Field';
import {
  moveQuestionAction,
  type QuestionActionState,
  removeQuestionAction,
  saveQuestionAction,
} from './actions';

/** Adds a question (no `questionId`) or edits one: the question, its kind, choices, required. */
export function QuestionForm({
  eventId,
  questionId,
  initialValues,
}: {
  eventId: number;
  questionId?: number;
  initialValues: Record<string, string>;
}) {
  const [state, submit, pending] = useActionState<FormState, FormData>(saveQuestionAction, {
    errors: {},
    values: initialValues,
  });
  const form = questionId ? `question-${questionId}` : 'new-question';
  const field = { form, state };
  const kindError = state.errors.kind;
  return (
    <form action={submit} className={styles.form} noValidate>
      <input type="hidden" name="eventId" value={eventId} />
      {questionId ? <input type="hidden" name="questionId" value={questionId} /> : null}
      <Field
        {...field}
        name="label"
        label="Question"
        required
        maxLength={QUESTION_LIMITS.label}
        hint="As the registration form shows it, for example: Dietary needs or allergies."
      />
      <div className={styles.field}>
        <label htmlFor={`${form}-kind`} className={styles.label}>
          Answer
        </label>
        <select
          id={`${form}-kind`}
          name="kind"
          defaultValue={state.values.kind || 'short_text'}
          key={`kind-${state.values.kind}`}
          className={styles.input}
          aria-invalid={kindError ? true : undefined}
          aria-describedby={kindError ? `${form}-kind-error` : undefined}
        >
          {QUESTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {QUESTION_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
        {kindError ? (
          <p id={`${form}-kind-error`} className={styles.fieldError}>
            {kindError}
          </p>
        ) : null}
      </div>
      <Field
        {...field}
        name="choices"
        label="Choices"
        multiline
        hint={`For a choice from a list: one choice per line, 2 to ${QUESTION_LIMITS.choices}.`}
      />
      <label className={styles.checkboxLine}>
        <input
          type="checkbox"
          name="required"
          defaultChecked={state.values.required === 'on'}
          key={`required-${state.values.required}`}
        />
        An answer is required
      </label>
      <FormMessage state={state} />
      <button type="submit" className={styles.button} disabled={pending}>
        {pending ? 'Saving…' : questionId ? 'Save the question' : 'Add the question'}
      </button>
    </form>
  );
}

/** 'Move up' and 'Move down' for one question (the first has no up, the last no down). */
export function MoveQuestionButtons({
  eventId,
  questionId,
  label,
  first,
  last,
}: {
  eventId: number;
  questionId: number;
  label: string;
  first: boolean;
  last: boolean;
}) {
  const [state, submit, pending] = useActionState<QuestionActionState, FormData>(
    moveQuestionAction,
    {},
  );
  return (
    <form action={submit} className={styles.row}>
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="questionId" value={questionId} />
      {first ? null : (
        <button
          type="submit"
          name="direction"
          value="up"
          className={`${styles.button} ${styles.quietButton}`}
          disabled={pending}
          aria-label={`Move up: ${label}`}
        >
          Move up
        </button>
      )}
      {last ? null : (
        <button
          type="submit"
          name="direction"
          value="down"
          className={`${styles.button} ${styles.quietButton}`}
          disabled={pending}
          aria-label={`Move down: ${label}`}
        >
          Move down
        </button>
      )}
      <ActionOutcome state={state} />
    </form>
  );
}

/** Stops asking a question, after its confirmation; says what happens to its answers. */
export function RemoveQuestionForm({
  eventId,
  questionId,
  label,
  answered,
}: {
  eventId: number;
  questionId: number;
  label: string;
  answered: number;
}) {
  const [state, submit, pending] = useActionState<QuestionActionState, FormData>(
    removeQuestionAction,
    {},
  );
  if (state.done) return <p className={styles.notice}>{state.done}</p>;
  return (
    <form action={submit} className={styles.form}>
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="questionId" value={questionId} />
      <p>
        {answered === 0
          ? 'Nobody has answered it yet: it is deleted.'
          : `${answered === 1 ? '1 person has' : `${answered} people have`} answered it: the form stops asking it, and the answers stay in the registrants list and the CSV.`}
      </p>
      <label className={styles.checkboxLine}>
        <input type="checkbox" name="confirm" value="yes" required />
        Yes, stop asking “{label}”
      </label>
      <ActionOutcome state={state} />
      <button type="submit" className={styles.dangerButton} disabled={pending}>
        Remove the question
      </button>
    </form>
  );
}
