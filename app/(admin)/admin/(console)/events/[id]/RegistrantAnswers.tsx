import 'server-only';
import { cache, type ReactNode } from 'react';
import type { Registrant } from '@/lib/admin/registrants';
import { getDb } from '@/lib/db/client';
import { answersOfEvent, questionsWithRemoved } from '@/lib/registrations/event-questions';
import { answerText } from '@/lib/registrations/questions';
import styles from '../../../console.module.css';
import local from './RegistrantAnswers.module.css';

/** The event's questions and every registration's answers, read once per request. */
const eventAnswers = cache(async (eventId: number) => {
  const db = await getDb();
  const [questions, answers] = await Promise.all([
    questionsWithRemoved(db, eventId),
    answersOfEvent(db, eventId),
  ]);
  return { questions, answers };
});

/**
 * One registrant's answers to the event's questions, question by question (a question removed
 * since says so), for the registrants list and the review of an application.
 */
export async function RegistrantAnswers({
  eventId,
  registrationId,
}: {
  eventId: number;
  registrationId: number;
}) {
  const { questions, answers } = await eventAnswers(eventId);
  const given = answers.get(registrationId) ?? {};
  const answered = questions.filter((question) => Object.hasOwn(given, String(question.id)));
  if (answered.length === 0) return <span className={styles.muted}>No answers</span>;
  return (
    <dl className={local.answers}>
      {answered.map((question) => (
        <div key={question.id}>
          <dt>
            {question.label}
            {question.removed ? <span className={styles.muted}> (no longer asked)</span> : null}
          </dt>
          <dd>{answerText(given[String(question.id)])}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The registrants table's 'Answers' column (RegistrantsTable's `extraColumns`), or none when the
 * event never asked a question.
 */
export async function answersColumns(
  eventId: number,
): Promise<Array<{ label: string; cell: (person: Pick<Registrant, 'id'>) => ReactNode }>> {
  const { questions } = await eventAnswers(eventId);
  if (questions.length === 0) return [];
  return [
    {
      label: 'Answers',
      cell: (person) => <RegistrantAnswers eventId={eventId} registrationId={person.id} />,
    },
  ];
}
