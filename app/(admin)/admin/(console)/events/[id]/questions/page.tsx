import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { findConsoleEvent } from '@/lib/admin/event-reads';
import { can } from '@/lib/auth/permissions';
import { requireAccess } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { parseEventId } from '@/lib/events/id';
import { answersOfEvent, questionsWithRemoved } from '@/lib/registrations/event-questions';
import {
  EXAMPLE_QUESTIONS,
  type EventQuestion,
  QUESTION_KIND_LABELS,
  QUESTION_LIMITS,
} from '@/lib/registrations/questions';
import styles from '../../../../console.module.css';
import { NotAllowed } from '../../../NotAllowed';
import { EventTabs } from '../EventTabs';
import { MoveQuestionButtons, QuestionForm, RemoveQuestionForm } from './QuestionForms';
import local from './questions.module.css';

export const metadata: Metadata = { title: 'Questions' };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

function formValues(question: Pick<EventQuestion, 'label' | 'kind' | 'choices' | 'required'>) {
  return {
    label: question.label,
    kind: question.kind,
    choices: question.choices.join('\n'),
    required: question.required ? 'on' : '',
  };
}

function describe(question: EventQuestion): string {
  const kind = QUESTION_KIND_LABELS[question.kind];
  const choices = question.kind === 'choice' ? `: ${question.choices.join(', ')}` : '';
  return `${kind}${choices} · ${question.required ? 'Required' : 'Optional'}`;
}

const answersText = (count: number) =>
  count === 0 ? 'No answers yet' : count === 1 ? '1 answer' : `${count} answers`;

/**
 * /admin/events/<id>/questions: what the event's registration form asks besides the name and
 * email. Add, edit, reorder and remove questions; the form, the API and the CSV follow.
 */
export default async function QuestionsPage({ params, searchParams }: Props) {
  const { id: rawId } = await params;
  const search = await searchParams;
  const { signedIn } = await requireAccess('events.list', `/admin/events/${rawId}/questions`);
  const id = parseEventId(rawId);
  const db = await getDb();
  const event = id === null ? null : await findConsoleEvent(db, id);
  if (!event) notFound();
  if (!can(signedIn, 'events.edit', event)) return <NotAllowed role={signedIn.role} />;
  const [questions, answers] = await Promise.all([
    questionsWithRemoved(db, event.id),
    answersOfEvent(db, event.id),
  ]);
  const answeredCount = (questionId: number) =>
    [...answers.values()].filter((given) => Object.hasOwn(given, String(questionId))).length;
  const asked = questions.filter((question) => !question.removed);
  const removed = questions.filter((question) => question.removed);
  const exampleIndex = Number(typeof search.example === 'string' ? search.example : NaN);
  const example = EXAMPLE_QUESTIONS[exampleIndex];
  const full = asked.length >= QUESTION_LIMITS.perEvent;
  return (
    <div className={styles.stack}>
      <p>
        <Link href={`/admin/events/${event.id}`}>← {event.title}</Link>
      </p>
      <h1 className={styles.pageTitle}>Questions: {event.title}</h1>
      <EventTabs actor={signedIn} event={event} current="questions" />
      <p>
        The registration form asks these after the name and email; the answers show in the
        registrants list and the CSV. Questions never ask for what the club does not collect
        (privacy policy): student numbers, dates of birth, social insurance numbers, passport or ID
        cards, bank or payment details, or health details other than dietary needs and allergies.
      </p>
      <section className={styles.panel} aria-labelledby="asked">
        <h2 id="asked" className={styles.panelTitle}>
          On the form ({asked.length})
        </h2>
        {asked.length === 0 ? (
          <p className={styles.empty}>The form asks only the name and email.</p>
        ) : (
          <ol className={styles.list}>
            {asked.map((question, index) => (
              <li key={question.id} className={local.question}>
                <div>
                  <strong>
                    {index + 1}. {question.label}
                  </strong>
                  <p className={styles.muted}>
                    {describe(question)} · {answersText(answeredCount(question.id))}
                  </p>
                </div>
                <MoveQuestionButtons
                  eventId={event.id}
                  questionId={question.id}
                  label={question.label}
                  first={index === 0}
                  last={index === asked.length - 1}
                />
                <details className={styles.more}>
                  <summary>Edit “{question.label}”</summary>
                  <QuestionForm
                    eventId={event.id}
                    questionId={question.id}
                    initialValues={formValues(question)}
                  />
                </details>
                <details className={styles.more}>
                  <summary>Remove “{question.label}”</summary>
                  <RemoveQuestionForm
                    eventId={event.id}
                    questionId={question.id}
                    label={question.label}
                    answered={answeredCount(question.id)}
                  />
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="add-question">
        <h2 id="add-question" className={styles.panelTitle}>
          Add a question
        </h2>
        {full ? (
          <p className={styles.empty}>
            The form asks {QUESTION_LIMITS.perEvent} questions, the most it can: remove one to add
            another.
          </p>
        ) : (
          <>
            <nav aria-label="Start from an example" className={local.examples}>
              <span className={styles.muted}>Start from an example:</span>
              {EXAMPLE_QUESTIONS.map((one, index) => (
                <Link
                  key={one.label}
                  href={`/admin/events/${event.id}/questions?example=${index}#add-question`}
                  aria-current={index === exampleIndex ? 'true' : undefined}
                >
                  {one.label}
                </Link>
              ))}
            </nav>
            <QuestionForm
              key={example ? `example-${exampleIndex}` : 'empty'}
              eventId={event.id}
              initialValues={example ? formValues({ ...example }) : {}}
            />
          </>
        )}
      </section>
      {removed.length > 0 ? (
        <section className={styles.panel} aria-labelledby="removed-questions">
          <h2 id="removed-questions" className={styles.panelTitle}>
            No longer asked
          </h2>
          <p className={styles.muted}>
            Removed after people answered them: their answers stay in the registrants list and the
            CSV.
          </p>
          <ul className={styles.list}>
            {removed.map((question) => (
              <li key={question.id} className={styles.listItem}>
                <span>{question.label}</span>
                <span className={styles.muted}>{answersText(answeredCount(question.id))}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
