import type { CopyKey } from './catalogue';
import { fillCopy } from './fill';

/**
 * The matching of an answer's words, safe for the browser: it knows no text of its own. It is
 * given the spec's wording of the 'answers' texts it may meet (`spec`) and the editors' wording
 * of the same texts (`copy`); a text in the spec's words, with its {places} taken from it, is said
 * in the editors' words. The server gives it every spec text (lib/copy/answers.ts); a membership
 * form receives from its page only the few it may show, so the texts catalogue (lib/copy/
 * catalogue.ts, tens of kilobytes) never travels to the browser: import it here as types only.
 */

export type AnswerKey = CopyKey<'answers'>;

/** Some or all of the answers' texts: a form in the browser receives only those it may show. */
export type AnswerTexts = Readonly<Partial<Record<AnswerKey, string>>>;

/** The same answers' texts twice: as the spec words them, and as the editors do. */
export type AnswerWords = {
  /** The spec's wording, which the endpoints and the schemas speak: what is matched. */
  readonly spec: AnswerTexts;
  /** The editors' wording (the Studio's 'Form answers'): what is said instead. */
  readonly copy: AnswerTexts;
};

type Pattern = { key: AnswerKey; pattern: RegExp; names: string[]; literal: number };

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The patterns of each map of spec texts, built once: the server's and a form's are kept. */
const PATTERNS = new WeakMap<AnswerTexts, readonly Pattern[]>();

/** The spec's texts as patterns, the ones with the fewest places first (exact texts win). */
function patternsOf(spec: AnswerTexts): readonly Pattern[] {
  const known = PATTERNS.get(spec);
  if (known) return known;
  const patterns = (Object.entries(spec) as [AnswerKey, string | undefined][])
    .filter((entry): entry is [AnswerKey, string] => entry[1] !== undefined)
    .map(([key, text]) => {
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
      return { key, pattern: new RegExp(`^${source}$`, 's'), names, literal };
    })
    // Among as many places, the text with more fixed words is the more precise one: 'Your {label}
    // must be at most {max} characters.' before '{label} must be at most {max} characters.'.
    .sort((a, b) => a.names.length - b.names.length || b.literal - a.literal);
  PATTERNS.set(spec, patterns);
  return patterns;
}

/** Words filled into other answers (field names, what was sent) are texts of their own. */
function isWordKey(key: string): boolean {
  return key.startsWith('label') || key.startsWith('what');
}

function translateWord(word: string, { spec, copy }: AnswerWords): string {
  for (const [key, specText] of Object.entries(spec) as [AnswerKey, string | undefined][]) {
    const text = copy[key];
    if (text !== undefined && isWordKey(key) && specText === word) return text;
  }
  return word;
}

/**
 * One text of an answer in the editors' words; a text the spec's texts do not match stays. Only
 * the texts given are used: an endpoint (or a form) that gives its own says nothing in another's.
 */
export function answerInEditorsWords(text: string, words: AnswerWords): string {
  for (const { key, pattern, names } of patternsOf(words.spec)) {
    const replacement = words.copy[key];
    if (replacement === undefined) continue;
    const match = pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(
      names.map((name, index) => [name, translateWord(match[index + 1] ?? '', words)]),
    );
    return fillCopy(replacement, values);
  }
  return text;
}

/** A form's field messages, checked in the browser by the server's schema, in the editors' words. */
export function fieldMessagesInCopyWords(
  fields: Record<string, string>,
  words: AnswerWords,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, text]) => [name, answerInEditorsWords(text, words)]),
  );
}
