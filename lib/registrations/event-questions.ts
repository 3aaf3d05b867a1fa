import 'server-only';
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { recordChange, type ChangeActor } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { eventQuestions, eventRegistrations } from '@/lib/db/schema';
import type { Queryable } from '@/lib/mail/outbox';
import {
  type Answers,
  answerText,
  type EventQuestion,
  QUESTION_KIND_LABELS,
  QUESTION_LIMITS,
  type QuestionDraft,
  isQuestionKind,
} from './questions';

/**
 * An event's questions in the database: what the form, the API and the registration ask
 * (`activeQuestions`), what the console and the CSV show (`questionsWithRemoved`), and the
 * console's changes, each in one transaction with its audit entry in words.
 */

type QuestionRow = typeof eventQuestions.$inferSelect;

function toQuestion(row: QuestionRow): EventQuestion {
  return {
    id: row.id,
    label: row.label,
    kind: isQuestionKind(row.kind) ? row.kind : 'short_text',
    choices: row.kind === 'choice' ? row.choices : [],
    required: row.required,
  };
}

/** The questions the event asks now, in their order. */
export async function activeQuestions(db: Queryable, eventId: number): Promise<EventQuestion[]> {
  const rows = await db
    .select()
    .from(eventQuestions)
    .where(and(eq(eventQuestions.eventId, eventId), isNull(eventQuestions.removedAt)))
    .orderBy(asc(eventQuestions.position), asc(eventQuestions.id));
  return rows.map(toQuestion);
}

export type ListedQuestion = EventQuestion & { removed: boolean };

/**
 * Every question whose answers may be stored: those asked now, in their order, then those removed
 * after someone answered them (so their answers keep a label), oldest first.
 */
export async function questionsWithRemoved(
  db: Queryable,
  eventId: number,
): Promise<ListedQuestion[]> {
  const rows = await db
    .select()
    .from(eventQuestions)
    .where(eq(eventQuestions.eventId, eventId))
    .orderBy(
      sql`${eventQuestions.removedAt} is not null`,
      asc(eventQuestions.position),
      asc(eventQuestions.id),
    );
  return rows.map((row) => ({ ...toQuestion(row), removed: row.removedAt !== null }));
}

/** The answers of every registration of the event, by registration id. */
export async function answersOfEvent(
  db: Queryable,
  eventId: number,
): Promise<Map<number, Answers>> {
  const rows = await db
    .select({ id: eventRegistrations.id, answers: eventRegistrations.answers })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId));
  return new Map(rows.map((row) => [row.id, row.answers ?? {}]));
}

/** How many registrations answered the question. */
async function answerCount(db: Queryable, eventId: number, questionId: number): Promise<number> {
  const [row] = await db
    .select({ answered: sql<number>`count(*)`.mapWith(Number) })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        sql`${eventRegistrations.answers} ? ${String(questionId)}`,
      ),
    );
  return row?.answered ?? 0;
}

/** A question in the audit log's words (lib/audit/changes.ts labels the keys). */
function auditValue(question: QuestionDraft, position?: number) {
  return {
    question: question.label,
    answer: QUESTION_KIND_LABELS[question.kind],
    choices: question.kind === 'choice' ? question.choices.join(', ') : null,
    required: question.required,
    ...(position === undefined ? {} : { order: position }),
  };
}

export type QuestionChange =
  { ok: true; done: string } | { ok: false; message: string; field?: 'label' };

async function lockedQuestion(tx: Queryable, eventId: number, questionId: number) {
  const [row] = await tx
    .select()
    .from(eventQuestions)
    .where(
      and(
        eq(eventQuestions.id, questionId),
        eq(eventQuestions.eventId, eventId),
        isNull(eventQuestions.removedAt),
      ),
    )
    .for('update');
  return row ?? null;
}

const GONE: QuestionChange = {
  ok: false,
  message: 'This question is no longer on the event. Reload the page to see its questions.',
};

/** Adds a question at the end of the event's list, or saves one (`questionId`). */
export async function saveQuestion(
  db: Database,
  actor: ChangeActor,
  event: { id: number; title: string },
  questionId: number | null,
  draft: QuestionDraft,
): Promise<QuestionChange> {
  return db.transaction(async (tx): Promise<QuestionChange> => {
    if (questionId === null) {
      const [row] = await tx
        .select({
          asked: sql<number>`count(*)`.mapWith(Number),
          last: max(eventQuestions.position),
        })
        .from(eventQuestions)
        .where(and(eq(eventQuestions.eventId, event.id), isNull(eventQuestions.removedAt)));
      if ((row?.asked ?? 0) >= QUESTION_LIMITS.perEvent) {
        return {
          ok: false,
          message: `An event asks at most ${QUESTION_LIMITS.perEvent} questions: remove one first.`,
        };
      }
      const position = (row?.last ?? 0) + 1;
      const [added] = await tx
        .insert(eventQuestions)
        .values({ eventId: event.id, position, ...draft })
        .returning({ id: eventQuestions.id });
      await recordChange(tx, actor, {
        action: 'event.question.add',
        recordType: 'event',
        recordId: event.id,
        summary: `Added the question "${draft.label}" to "${event.title}"`,
        after: { questionId: added!.id, ...auditValue(draft) },
      });
      return { ok: true, done: `The question "${draft.label}" is added.` };
    }
    const current = await lockedQuestion(tx, event.id, questionId);
    if (!current) return GONE;
    await tx.update(eventQuestions).set(draft).where(eq(eventQuestions.id, questionId));
    const before = toQuestion(current);
    await recordChange(tx, actor, {
      action: 'event.question.edit',
      recordType: 'event',
      recordId: event.id,
      summary: `Changed the question "${draft.label}" of "${event.title}"`,
      before: auditValue(before),
      after: auditValue(draft),
    });
    return { ok: true, done: `The question "${draft.label}" is saved.` };
  });
}

/** Moves a question one place up or down the list. */
export async function moveQuestion(
  db: Database,
  actor: ChangeActor,
  event: { id: number; title: string },
  questionId: number,
  direction: 'up' | 'down',
): Promise<QuestionChange> {
  return db.transaction(async (tx): Promise<QuestionChange> => {
    const current = await lockedQuestion(tx, event.id, questionId);
    if (!current) return GONE;
    const list = await tx
      .select({ id: eventQuestions.id, label: eventQuestions.label })
      .from(eventQuestions)
      .where(and(eq(eventQuestions.eventId, event.id), isNull(eventQuestions.removedAt)))
      .orderBy(asc(eventQuestions.position), asc(eventQuestions.id))
      .for('update');
    const from = list.findIndex((row) => row.id === questionId);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= list.length) {
      return {
        ok: false,
        message: `"${current.label}" is already ${direction === 'up' ? 'first' : 'last'}.`,
      };
    }
    const [moved] = list.splice(from, 1);
    list.splice(to, 0, moved!);
    // Positions 1, 2, 3, … in the new order: one write per question, and the list stays tidy.
    for (const [index, row] of list.entries()) {
      await tx
        .update(eventQuestions)
        .set({ position: index + 1 })
        .where(eq(eventQuestions.id, row.id));
    }
    await recordChange(tx, actor, {
      action: 'event.question.move',
      recordType: 'event',
      recordId: event.id,
      summary: `Moved the question "${current.label}" of "${event.title}" ${direction} (now ${to + 1} of ${list.length})`,
      before: { question: current.label, order: from + 1 },
      after: { question: current.label, order: to + 1 },
    });
    return { ok: true, done: `"${current.label}" is now question ${to + 1} of ${list.length}.` };
  });
}

/**
 * Removes a question from the form. A question nobody answered is deleted; one with answers is
 * kept as removed, so its answers still read under its label in the list and the CSV.
 */
export async function removeQuestion(
  db: Database,
  actor: ChangeActor,
  event: { id: number; title: string },
  questionId: number,
  now: Date = new Date(),
): Promise<QuestionChange> {
  return db.transaction(async (tx): Promise<QuestionChange> => {
    const current = await lockedQuestion(tx, event.id, questionId);
    if (!current) return GONE;
    const answered = await answerCount(tx, event.id, questionId);
    if (answered > 0) {
      await tx
        .update(eventQuestions)
        .set({ removedAt: now })
        .where(eq(eventQuestions.id, questionId));
    } else {
      await tx.delete(eventQuestions).where(eq(eventQuestions.id, questionId));
    }
    const answers = answered === 1 ? '1 answer' : `${answered} answers`;
    await recordChange(tx, actor, {
      action: 'event.question.remove',
      recordType: 'event',
      recordId: event.id,
      summary: `Removed the question "${current.label}" from "${event.title}"${
        answered > 0 ? ` (its ${answers} kept)` : ''
      }`,
      before: auditValue(toQuestion(current)),
    });
    return {
      ok: true,
      done:
        answered > 0
          ? `"${current.label}" is no longer asked. Its ${answers} stay in the registrants list and the CSV.`
          : `"${current.label}" is removed.`,
    };
  });
}

/**
 * The registrants CSV's columns for the event's questions, one per question (those asked, then
 * those removed with answers, marked so), and each registration's cells under them.
 */
export async function answerColumns(db: Queryable, eventId: number) {
  const questions = await questionsWithRemoved(db, eventId);
  return {
    header: questions.map((question) =>
      question.removed ? `${question.label} (no longer asked)` : question.label,
    ),
    cells: (answers: Answers | null | undefined) =>
      questions.map((question) => answerText(answers?.[String(question.id)])),
  };
}
