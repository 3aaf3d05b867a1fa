import { COPY_PAGES } from './catalogue';
import { fillCopy } from './fill';

/**
 * The words of the site's form endpoints (registration, cancellation, contact, services and job
 * application) as the editors wrote them: each answer's `message`, `error` and per-field
 * messages are matched against the spec's wording of an 'answers' text (lib/copy/catalogue.ts),
 * whose {places} are taken from the answer and filled into the editor's text. Field names
 * ({label}) and what was sent ({what}) are themselves texts of the page.
 *
 * The endpoints keep building their answers in the spec's words, which the API's other clients
 * and the tests rely on; only the words change here, never the status, the fields or the codes.
 */

type AnswerKey = keyof (typeof COPY_PAGES)['answers']['fields'] & string;

type Pattern = { key: AnswerKey; pattern: RegExp; names: string[]; literal: number };

/** Some or all of the answers' texts: a form in the browser receives only those it may show. */
export type AnswerTexts = Readonly<Partial<Record<AnswerKey, string>>>;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The spec's texts as patterns, the ones with the fewest places first (exact texts win). */
const PATTERNS: readonly Pattern[] = Object.entries(COPY_PAGES.answers.fields)
  .map(([key, [, text]]) => {
    const names: string[] = [];
    const source = text
      .split(/(\{\w+\})/)
      .map((part) => {
        const place = /^\{(\w+)\}$/.exec(part);
        if (!place) return escape(part);
        names.push(place[1]!);
        return '(.+?)';
      })
      .join('');
    const literal = text.replace(/\{\w+\}/g, '').length;
    return { key: key as AnswerKey, pattern: new RegExp(`^${source}$`, 's'), names, literal };
  })
  // Among as many places, the text with more fixed words is the more precise one: 'Your {label}
  // must be at most {max} characters.' before '{label} must be at most {max} characters.'.
  .sort((a, b) => a.names.length - b.names.length || b.literal - a.literal);

/** Words filled into other answers (field names, what was sent): the keys they may match. */
const WORD_KEYS = Object.keys(COPY_PAGES.answers.fields).filter(
  (key) => key.startsWith('label') || key.startsWith('what'),
) as AnswerKey[];

function translateWord(word: string, copy: AnswerTexts): string {
  for (const key of WORD_KEYS) {
    const text = copy[key];
    if (text !== undefined && COPY_PAGES.answers.fields[key][1] === word) return text;
  }
  return word;
}

/**
 * One text of an answer in the editors' words; a text the catalogue does not know stays. Only
 * the texts given are used: an endpoint (or a form) that gives its own says nothing in another's.
 */
export function answerText(text: string, copy: AnswerTexts): string {
  for (const { key, pattern, names } of PATTERNS) {
    const replacement = copy[key];
    if (replacement === undefined) continue;
    const match = pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(
      names.map((name, index) => [name, translateWord(match[index + 1] ?? '', copy)]),
    );
    return fillCopy(replacement, values);
  }
  return text;
}

/** An answer's body with its words in the editors' words (see the module's comment). */
export function answerInCopyWords(body: unknown, copy: AnswerTexts): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const result: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  const fields =
    typeof result.fields === 'object' && result.fields !== null
      ? (result.fields as Record<string, unknown>)
      : null;
  let translatedFields: Record<string, unknown> | null = null;
  if (fields) {
    translatedFields = Object.fromEntries(
      Object.entries(fields).map(([name, text]) => [
        name,
        typeof text === 'string' ? answerText(text, copy) : text,
      ]),
    );
    result.fields = translatedFields;
  }
  for (const name of ['message', 'error'] as const) {
    const text = result[name];
    if (typeof text !== 'string') continue;
    // An invalid form's error is its field messages in one line: said again in the new words.
    if (fields && translatedFields && text === Object.values(fields).join(' ')) {
      result[name] = Object.values(translatedFields).join(' ');
    } else {
      result[name] = answerText(text, copy);
    }
  }
  return result;
}

/** Answers every form may be given (refused by the guard, failed on the server). */
const SHARED_ANSWER_KEYS = [
  'submissionServerError',
  'submissionRateLimited',
  'csrfMissing',
  'csrfMismatch',
  'serverError',
] as const satisfies AnswerKey[];

/**
 * The membership forms' answers (application, forgotten member ID, change of details), said by
 * their endpoints and, for the field messages, by the forms themselves in the browser: the same
 * schema checks both (lib/memberships/application-schema.ts).
 */
export const MEMBERSHIP_ANSWER_KEYS = [
  ...(Object.keys(COPY_PAGES.answers.fields) as AnswerKey[]).filter((key) =>
    key.startsWith('membership'),
  ),
  'labelLegalName',
  'labelPreferredName',
  'labelUottawaEmail',
  'labelProgram',
  'labelPersonalEmail',
  'labelWechatId',
  'labelLinkedinUrl',
  'labelYourName',
  'labelMemberId',
  'whatApplication',
  'whatMemberIdRequest',
  'whatChangeRequest',
  ...SHARED_ANSWER_KEYS,
] as AnswerKey[];

/** The membership forms' field messages in the editors' words (see answerText). */
export function fieldMessagesInCopyWords(
  fields: Record<string, string>,
  copy: AnswerTexts,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, text]) => [name, answerText(text, copy)]),
  );
}
