import 'server-only';
import type { auditLog } from '@/lib/db/schema';

/**
 * How personal-data erasure (./erasure.ts) takes a person out of the texts it keeps: their words
 * replaced by the record's name, their fields dropped from audit values.
 */

/** Keys of the audit values that hold a person's data, whatever the record. */
const PERSONAL_KEYS = new Set([
  'name',
  'email',
  'firstName',
  'lastName',
  'legalName',
  'preferredName',
  'uottawaEmail',
  'personalEmail',
  'wechatId',
  'linkedinUrl',
  'program',
  'yearOfStudy',
  'expectedGraduationYear',
  'industries',
  'preferredEventKinds',
  'changes',
  'answers',
  'senderName',
  'senderEmail',
  'applicantName',
  'applicantEmail',
]);

/** A word the person is known by, and the record's name that replaces it in the log. */
export type Naming = { words: string; label: string; strong: boolean };

export type AuditEntry = typeof auditLog.$inferSelect;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `words` as a whole word or phrase, in any case (not 'Li' inside 'Lin'). */
export const wholeWords = (words: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(words)}(?![\\p{L}\\p{N}])`, 'giu');

export function replaceNamings(text: string, namings: readonly Naming[]): string {
  let result = text;
  for (const { words, label } of namings) {
    result = result.replace(wholeWords(words), label);
  }
  return result;
}

/**
 * Audit values without the person: their fields dropped (emptied, null, with `keepKeys`: a
 * correction's entry still says which fields were corrected), their names in other values
 * replaced.
 */
export function valuesWithoutPerson(
  values: unknown,
  namings: readonly Naming[],
  keepKeys = false,
): unknown {
  if (typeof values === 'string') return replaceNamings(values, namings);
  if (Array.isArray(values)) {
    return values.map((value) => valuesWithoutPerson(value, namings, keepKeys));
  }
  if (typeof values !== 'object' || values === null) return values;
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key]) => keepKeys || !PERSONAL_KEYS.has(key))
      .map(([key, value]) => [
        key,
        PERSONAL_KEYS.has(key) ? null : valuesWithoutPerson(value, namings, keepKeys),
      ]),
  );
}

/** The values an audit entry holds under `key`, in its before and after, as text. */
export function textsUnder(entry: Pick<AuditEntry, 'before' | 'after'>, key: string): string[] {
  const texts: string[] = [];
  for (const values of [entry.before, entry.after]) {
    if (typeof values !== 'object' || values === null || Array.isArray(values)) continue;
    const value = (values as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) texts.push(value.trim());
  }
  return texts;
}

/** The id values an audit entry's values hold under `key`. */
export function idsUnder(entry: AuditEntry, key: string): number[] {
  const ids: number[] = [];
  for (const values of [entry.before, entry.after]) {
    if (typeof values !== 'object' || values === null || Array.isArray(values)) continue;
    const value = (values as Record<string, unknown>)[key];
    for (const one of Array.isArray(value) ? value : [value]) {
      const id = Number(one);
      if (Number.isSafeInteger(id)) ids.push(id);
    }
  }
  return ids;
}
