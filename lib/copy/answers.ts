import { COPY_PAGES, fillCopy, type Copy } from './catalogue';

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

type Pattern = { key: AnswerKey; pattern: RegExp; names: string[] };

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
    return { key: key as AnswerKey, pattern: new RegExp(`^${source}$`, 's'), names };
  })
  .sort((a, b) => a.names.length - b.names.length);

/** Words filled into other answers (field names, what was sent): the keys they may match. */
const WORD_KEYS = Object.keys(COPY_PAGES.answers.fields).filter(
  (key) => key.startsWith('label') || key.startsWith('what'),
) as AnswerKey[];

function translateWord(word: string, copy: Copy<'answers'>): string {
  for (const key of WORD_KEYS) {
    if (COPY_PAGES.answers.fields[key][1] === word) return copy[key];
  }
  return word;
}

/** One text of an answer in the editors' words; a text the catalogue does not know stays. */
export function answerText(text: string, copy: Copy<'answers'>): string {
  for (const { key, pattern, names } of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(
      names.map((name, index) => [name, translateWord(match[index + 1] ?? '', copy)]),
    );
    return fillCopy(copy[key], values);
  }
  return text;
}

/** An answer's body with its words in the editors' words (see the module's comment). */
export function answerInCopyWords(body: unknown, copy: Copy<'answers'>): unknown {
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
