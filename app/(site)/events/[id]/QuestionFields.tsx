import type { EventQuestionDto } from '@/lib/api/contract';
import formStyles from '@/app/_components/forms/Form.module.css';
import { answerField, QUESTION_LIMITS } from '@/lib/registrations/questions';
import styles from './registration.module.css';

/** The words of the questions' controls (Studio copy, the event page's texts). */
export type QuestionFieldsCopy = {
  questionOptional: string;
  questionChoose: string;
  questionYes: string;
  questionNo: string;
};

/** The name of a question's control in the registration form. */
export function answerInputName(questionId: number): string {
  return `answer-${questionId}`;
}

/**
 * The answers as the API takes them (`{"12": "Vegetarian", "13": true}`), from the form's
 * controls; unanswered questions are left out (the server says which are required).
 */
export function answersOf(
  form: HTMLFormElement,
  questions: readonly EventQuestionDto[],
): Record<string, string | boolean> {
  const data = new FormData(form);
  const answers: Record<string, string | boolean> = {};
  for (const question of questions) {
    const raw = data.get(answerInputName(question.id));
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value === '') continue;
    answers[String(question.id)] = question.kind === 'yes_no' ? value === 'yes' : value;
  }
  return answers;
}

function Label({
  question,
  htmlFor,
  optional,
}: {
  question: EventQuestionDto;
  htmlFor?: string;
  optional: string;
}) {
  const content = (
    <>
      {question.label}{' '}
      {question.required ? (
        <span className={formStyles.required} aria-hidden="true">
          *
        </span>
      ) : (
        <span className={styles.optional}>{optional}</span>
      )}
    </>
  );
  return htmlFor ? (
    <label className={formStyles.label} htmlFor={htmlFor}>
      {content}
    </label>
  ) : (
    <legend className={formStyles.label}>{content}</legend>
  );
}

/**
 * The event's own questions on its registration form (lib/registrations/questions.ts): a line of
 * text, a list to choose from, or yes / no; each labelled, required ones marked and checked by
 * the browser too, and each with the server's message for it beside it.
 */
export function QuestionFields({
  questions,
  errors,
  copy,
}: {
  questions: readonly EventQuestionDto[];
  /** The server's messages, by `answers.<id>`. */
  errors: Record<string, string>;
  copy: QuestionFieldsCopy;
}) {
  return questions.map((question) => {
    const id = `registration-answer-${question.id}`;
    const name = answerInputName(question.id);
    const error = errors[answerField(question.id)];
    const errorId = `${id}-error`;
    const invalid = error
      ? ({ 'aria-invalid': true, 'aria-describedby': errorId } as const)
      : ({} as const);
    const message = error ? (
      <p id={errorId} className={formStyles.fieldError}>
        {error}
      </p>
    ) : null;
    if (question.kind === 'yes_no') {
      return (
        <fieldset
          key={question.id}
          className={styles.memberChoice}
          id={id}
          aria-describedby={error ? errorId : undefined}
          data-invalid={error ? true : undefined}
          data-question={question.id}
        >
          <Label question={question} optional={copy.questionOptional} />
          {(['yes', 'no'] as const).map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name={name} value={value} required={question.required} />{' '}
              {value === 'yes' ? copy.questionYes : copy.questionNo}
            </label>
          ))}
          {message}
        </fieldset>
      );
    }
    return (
      <div key={question.id} className={formStyles.field} data-question={question.id}>
        <Label question={question} htmlFor={id} optional={copy.questionOptional} />
        {question.kind === 'choice' ? (
          <select
            id={id}
            name={name}
            className={formStyles.input}
            required={question.required}
            defaultValue=""
            {...invalid}
          >
            <option value="">{copy.questionChoose}</option>
            {question.choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            name={name}
            type="text"
            className={formStyles.input}
            required={question.required}
            maxLength={QUESTION_LIMITS.shortAnswer}
            autoComplete="off"
            {...invalid}
          />
        )}
        {message}
      </div>
    );
  });
}
