/**
 * An event's own questions (dietary needs, program, T-shirt size) and the answers a registration
 * gives them: the kinds, the limits, the check of a question staff write (it never asks for what
 * the privacy policy says the club does not collect) and the check of the answers a visitor
 * sends. No server code: the console's form, the public form and the endpoint share it, and
 * lib/db/schema/ reads the kinds (relative imports only).
 */

export const QUESTION_KINDS = ['short_text', 'choice', 'yes_no'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short_text: 'Short answer',
  choice: 'Choice from a list',
  yes_no: 'Yes or no',
};

export function isQuestionKind(value: unknown): value is QuestionKind {
  return typeof value === 'string' && (QUESTION_KINDS as readonly string[]).includes(value);
}

/**
 * Small on purpose: a registration stays a short form, and its body (at most this many answers
 * of at most `shortAnswer` characters) fits the registration endpoint's body limit.
 */
export const QUESTION_LIMITS = {
  perEvent: 10,
  label: 150,
  choices: 12,
  choice: 60,
  shortAnswer: 200,
} as const;

/** A question as the public form, the API and the console read it. */
export type EventQuestion = {
  id: number;
  label: string;
  kind: QuestionKind;
  /** The options of a 'choice' question, in order; empty for the other kinds. */
  choices: string[];
  required: boolean;
};

/** A yes/no answer is stored as a boolean; the others as the text given or chosen. */
export type AnswerValue = string | boolean;

/**
 * A registration's answers keyed by question id (as text: JSON object keys). Unanswered optional
 * questions are absent.
 */
export type Answers = Record<string, AnswerValue>;

/** How an answer reads in the console, the CSV and the emails. */
export function answerText(value: AnswerValue | undefined | null): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

/** Where a question's error is reported in a 400 answer's `fields` and on the form. */
export function answerField(questionId: number): string {
  return `answers.${questionId}`;
}

/** Text that cannot be stored as sent (a lone surrogate, U+FFFD) or holds control characters. */
const UNREADABLE = /[\uD800-\uDFFF\uFFFD]/u;
const CONTROL = /\p{Cc}/u;

export type AnswersCheck =
  { ok: true; answers: Answers } | { ok: false; fields: Record<string, string> };

/**
 * Checks the answers a visitor sent against the event's questions: each required question is
 * answered, a choice is one of the question's choices, a yes/no is yes or no, a short answer is
 * one line of at most QUESTION_LIMITS.shortAnswer characters. Answers to questions the event
 * does not ask (removed since the form was loaded) are dropped, so an older form still registers.
 * A client that sends no answers registers when no question is required.
 */
export function checkAnswers(questions: readonly EventQuestion[], raw: unknown): AnswersCheck {
  const fields: Record<string, string> = {};
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
    return {
      ok: false,
      fields: {
        answers:
          'Answers must be an object with one answer per question id, such as {"12": "Vegetarian"}.',
      },
    };
  }
  const given = (raw ?? {}) as Record<string, unknown>;
  const answers: Answers = {};
  for (const question of questions) {
    const field = answerField(question.id);
    const value = given[String(question.id)];
    const blank =
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (blank) {
      if (question.required) fields[field] = `${question.label}: an answer is required.`;
      continue;
    }
    if (question.kind === 'yes_no') {
      const yes = value === true || (typeof value === 'string' && /^\s*yes\s*$/i.test(value));
      const no = value === false || (typeof value === 'string' && /^\s*no\s*$/i.test(value));
      if (!yes && !no) fields[field] = `${question.label}: answer yes or no.`;
      else answers[String(question.id)] = yes;
      continue;
    }
    if (typeof value !== 'string') {
      fields[field] = `${question.label}: the answer must be text.`;
      continue;
    }
    const text = value.trim();
    if (question.kind === 'choice') {
      if (!question.choices.includes(text)) {
        fields[field] = `${question.label}: choose one of ${question.choices.join(', ')}.`;
      } else answers[String(question.id)] = text;
      continue;
    }
    if (UNREADABLE.test(text)) {
      fields[field] =
        `${question.label}: the answer contains characters that could not be read. Please type it again.`;
    } else if (CONTROL.test(text)) {
      fields[field] = `${question.label}: the answer must be one line.`;
    } else if (text.length > QUESTION_LIMITS.shortAnswer) {
      fields[field] =
        `${question.label}: the answer must be at most ${QUESTION_LIMITS.shortAnswer} characters.`;
    } else answers[String(question.id)] = text;
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, answers };
}

/**
 * What the privacy policy says the club does not ask for ('We do not ask for your student
 * number, date of birth or payment details on this website') and what club-operations.md says it
 * must never collect (passport, ID card, SIN, bank account, card number); health details other
 * than dietary needs (allergies are dietary needs) are kept out for the same reason.
 */
const NOT_COLLECTED: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  {
    pattern: /student\s*(number|no\b|#|id\b|card)|numéro\s+(d['’]\s*)?étudiant/i,
    what: 'student numbers',
  },
  { pattern: /date\s*of\s*birth|birth\s*date|birthday|\bd\.?o\.?b\b/i, what: 'dates of birth' },
  { pattern: /\bsin\b|social\s*insurance|\bnas\b/i, what: 'social insurance numbers' },
  { pattern: /passport/i, what: 'passport details' },
  {
    pattern: /\bid\s*card|identity\s*card|driver'?s?\s*licen[cs]e|health\s*card/i,
    what: 'identity documents',
  },
  {
    pattern:
      /bank|account\s*number|transit\s*number|credit\s*card|debit\s*card|card\s*number|\bcvv\b|\bcvc\b|payment\s*details/i,
    what: 'bank or payment details',
  },
  {
    pattern: /medical|medication|health|diagnos|illness|disabilit|disease|pregnan/i,
    what: 'health or medical details (only dietary needs and allergies may be asked)',
  },
];

/** The sentence refusing a question that asks for something the club does not collect, or null. */
export function notCollectedMessage(...texts: string[]): string | null {
  for (const { pattern, what } of NOT_COLLECTED) {
    if (texts.some((text) => pattern.test(text))) {
      return `The club does not ask for ${what}: the privacy policy says so. Reword the question or leave it out.`;
    }
  }
  return null;
}

export type QuestionDraft = {
  label: string;
  kind: QuestionKind;
  choices: string[];
  required: boolean;
};

export type QuestionDraftCheck =
  | { ok: true; question: QuestionDraft }
  | { ok: false; fields: Partial<Record<'label' | 'kind' | 'choices', string>> };

/**
 * Checks a question staff write in the console. `choicesText` holds one choice per line (only a
 * 'choice' question keeps them).
 */
export function checkQuestionDraft(input: {
  label: unknown;
  kind: unknown;
  choicesText: unknown;
  required: boolean;
}): QuestionDraftCheck {
  const fields: Partial<Record<'label' | 'kind' | 'choices', string>> = {};
  const label = typeof input.label === 'string' ? input.label.trim().replace(/\s+/g, ' ') : '';
  if (label === '') fields.label = 'Write the question.';
  else if (label.length > QUESTION_LIMITS.label) {
    fields.label = `The question must be at most ${QUESTION_LIMITS.label} characters.`;
  } else if (UNREADABLE.test(label) || CONTROL.test(label)) {
    fields.label = 'The question contains characters that could not be read. Please type it again.';
  }
  const kind = isQuestionKind(input.kind) ? input.kind : null;
  if (!kind) fields.kind = 'Choose the kind of answer.';
  const lines = typeof input.choicesText === 'string' ? input.choicesText.split(/\r?\n/) : [];
  const choices = [...new Set(lines.map((line) => line.trim().replace(/\s+/g, ' ')))].filter(
    (line) => line !== '',
  );
  if (kind === 'choice') {
    if (choices.length < 2) fields.choices = 'Give at least two choices, one per line.';
    else if (choices.length > QUESTION_LIMITS.choices) {
      fields.choices = `Give at most ${QUESTION_LIMITS.choices} choices.`;
    } else if (choices.some((choice) => choice.length > QUESTION_LIMITS.choice)) {
      fields.choices = `Each choice must be at most ${QUESTION_LIMITS.choice} characters.`;
    } else if (choices.some((choice) => UNREADABLE.test(choice) || CONTROL.test(choice))) {
      fields.choices = 'A choice contains characters that could not be read. Please type it again.';
    }
  }
  if (!fields.label) {
    const refused = notCollectedMessage(label, ...(kind === 'choice' ? choices : []));
    if (refused) fields.label = refused;
  }
  if (Object.keys(fields).length > 0 || !kind) return { ok: false, fields };
  return {
    ok: true,
    question: { label, kind, choices: kind === 'choice' ? choices : [], required: input.required },
  };
}

/** Questions to offer when an event has none yet. */
export const EXAMPLE_QUESTIONS: ReadonlyArray<QuestionDraft> = [
  { label: 'Dietary needs or allergies', kind: 'short_text', choices: [], required: false },
  {
    label: 'Program',
    kind: 'choice',
    choices: ['Accounting', 'Finance', 'Management', 'Marketing', 'Other'],
    required: false,
  },
  {
    label: 'T-shirt size',
    kind: 'choice',
    choices: ['XS', 'S', 'M', 'L', 'XL'],
    required: false,
  },
  { label: 'Is this your first TCSA event?', kind: 'yes_no', choices: [], required: false },
];

/** A registration's answers as 'question, answer' rows in the questions' order (for its emails). */
export function answerRows(
  questions: readonly EventQuestion[],
  answers: Answers,
): Array<[string, string]> {
  return questions
    .filter((question) => Object.hasOwn(answers, String(question.id)))
    .map((question) => [question.label, answerText(answers[String(question.id)])]);
}
