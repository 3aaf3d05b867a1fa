import 'server-only';
import {
  answerInEditorsWords,
  type AnswerKey,
  type AnswerTexts,
  type AnswerWords,
} from './answer-words';
import { COPY_PAGES, defaultCopy, type Copy } from './catalogue';

export type { AnswerKey, AnswerTexts, AnswerWords };

/**
 * The words of the site's form endpoints (registration, cancellation, contact, services and job
 * application) as the editors wrote them: each answer's `message`, `error` and per-field
 * messages are matched against the spec's wording of an 'answers' text (lib/copy/catalogue.ts),
 * whose {places} are taken from the answer and filled into the editor's text. Field names
 * ({label}) and what was sent ({what}) are themselves texts of the page.
 *
 * The endpoints keep building their answers in the spec's words, which the API's other clients
 * and the tests rely on; only the words change here, never the status, the fields or the codes.
 * The matching itself is lib/copy/answer-words.ts, which the browser's forms use with the few
 * texts their page gives them (answerWordsFor), without this module and its catalogue (hence
 * server-only: a client component that imports it fails the build instead of growing by it).
 */

/** Every answers' text in the spec's words, in the catalogue's order: what the server matches. */
const SPEC_ANSWER_TEXTS: AnswerTexts = defaultCopy('answers');

/**
 * One text of an answer in the editors' words; a text the catalogue does not know stays. Only
 * the texts given are used: an endpoint (or a form) that gives its own says nothing in another's.
 */
export function answerText(text: string, copy: AnswerTexts): string {
  return answerInEditorsWords(text, { spec: SPEC_ANSWER_TEXTS, copy });
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

/** The words of the addresses a program calls (a scheduler, npm run doctor), not a form. */
export const NO_ENDPOINT_ANSWER_KEYS = ['apiNoEndpoint'] as const satisfies AnswerKey[];
export const DOCTOR_ANSWER_KEYS = [
  'apiNoEndpoint',
  'doctorTokenWrong',
] as const satisfies AnswerKey[];
export const CRON_ANSWER_KEYS = [
  'cronOff',
  'cronTokenWrong',
  'cronFailed',
] as const satisfies AnswerKey[];

/**
 * What a form in the browser needs to say its own field messages in the editors' words: the
 * given answers' texts as the spec words them and as the editors do (`copy`: the page's
 * getCopy('answers')), so that the form matches them without the texts catalogue.
 */
export function answerWordsFor(copy: Copy<'answers'>, keys: readonly AnswerKey[]): AnswerWords {
  const wanted = new Set<string>(keys);
  // In the catalogue's order, as on the server: among equally precise texts the first one wins.
  const picked = (Object.keys(SPEC_ANSWER_TEXTS) as AnswerKey[]).filter((key) => wanted.has(key));
  return {
    spec: Object.fromEntries(picked.map((key) => [key, SPEC_ANSWER_TEXTS[key]])),
    copy: Object.fromEntries(picked.map((key) => [key, copy[key]])),
  };
}
