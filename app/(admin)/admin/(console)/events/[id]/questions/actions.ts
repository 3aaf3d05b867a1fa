'use server';

import { revalidatePath } from 'next/cache';
import { guardEvent } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { publishChange } from '@/lib/publish/publish';
import {
  moveQuestion,
  removeQuestion,
  saveQuestion,
  type QuestionChange,
} from '@/lib/registrations/event-questions';
import { checkQuestionDraft } from '@/lib/registrations/questions';
import type { FormState } from '../../../_forms/Field';

/**
 * The questions of one event (its Questions tab): add or edit, move up or down, remove. Each
 * passes the guard (session, role, the event) first, writes its audit entry in the same
 * transaction (lib/registrations/event-questions.ts) and publishes the change, so the event
 * page and GET /api/events/{id}/ ask the new questions at once.
 */

export type QuestionActionState = { error?: string; done?: string };

const QUESTION_FIELDS = ['label', 'kind', 'choices', 'required'] as const;

function valuesOf(form: FormData): Record<string, string> {
  return Object.fromEntries(QUESTION_FIELDS.map((field) => [field, String(form.get(field) ?? '')]));
}

/** The site asks the new questions at once; the console's page of the event shows them. */
async function published(eventId: number): Promise<void> {
  await publishChange(['db:events']);
  revalidatePath(`/admin/events/${eventId}/questions`);
}

function questionIdOf(form: FormData): number | null {
  const raw = form.get('questionId');
  if (raw === null || raw === '') return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : -1;
}

/** Adds a question (no `questionId` in the form) or saves one. */
export async function saveQuestionAction(_previous: FormState, form: FormData): Promise<FormState> {
  const values = valuesOf(form);
  const access = await guardEvent('events.edit', form.get('eventId'));
  if (!access.ok) return { errors: { form: access.message }, values };
  const questionId = questionIdOf(form);
  if (questionId === -1) {
    return { errors: { form: 'This question is no longer on the event.' }, values };
  }
  const checked = checkQuestionDraft({
    label: values.label,
    kind: values.kind,
    choicesText: values.choices,
    required: values.required === 'on',
  });
  if (!checked.ok) return { errors: checked.fields, values };
  const outcome = await saveQuestion(
    await getDb(),
    access.actor,
    access.event,
    questionId,
    checked.question,
  );
  if (!outcome.ok) return { errors: { form: outcome.message }, values };
  await published(access.event.id);
  // A new question leaves the form empty for the next; an edited one keeps what was saved.
  return {
    errors: {},
    values: questionId === null ? {} : values,
    done: `${outcome.done} The event page asks it now.`,
  };
}

/** Runs a move or a removal of the form's question, and publishes it when done. */
async function changeQuestion(
  eventId: number,
  form: FormData,
  change: (questionId: number) => Promise<QuestionChange>,
): Promise<QuestionActionState> {
  const questionId = questionIdOf(form);
  if (questionId === null || questionId === -1) {
    return { error: 'This question is no longer on the event.' };
  }
  const outcome = await change(questionId);
  if (!outcome.ok) return { error: outcome.message };
  await published(eventId);
  return { done: outcome.done };
}

/** Moves a question one place up or down. */
export async function moveQuestionAction(
  _previous: QuestionActionState,
  form: FormData,
): Promise<QuestionActionState> {
  const access = await guardEvent('events.edit', form.get('eventId'));
  if (!access.ok) return { error: access.message };
  const direction = form.get('direction');
  if (direction !== 'up' && direction !== 'down') return { error: 'Choose up or down.' };
  const db = await getDb();
  return changeQuestion(access.event.id, form, (questionId) =>
    moveQuestion(db, access.actor, access.event, questionId, direction),
  );
}

/** Removes a question after its confirmation; its answers stay readable (event-questions.ts). */
export async function removeQuestionAction(
  _previous: QuestionActionState,
  form: FormData,
): Promise<QuestionActionState> {
  const access = await guardEvent('events.edit', form.get('eventId'));
  if (!access.ok) return { error: access.message };
  if (form.get('confirm') !== 'yes') return { error: 'Tick the box to confirm the removal.' };
  const db = await getDb();
  return changeQuestion(access.event.id, form, (questionId) =>
    removeQuestion(db, access.actor, access.event, questionId),
  );
}
