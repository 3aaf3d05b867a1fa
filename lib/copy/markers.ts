/**
 * The coverage test's view of the copy: with the test fault `copy=markers`, every text read from
 * the content source is wrapped in these marks, so a page's visible text that has no marks came
 * from somewhere else: the database, or words fixed in code (the defect the test looks for).
 */
export const COPY_MARK_START = '⟦';
export const COPY_MARK_END = '⟧';

/** Fields that hold addresses, dates or keys rather than words a visitor reads. */
export const NOT_WORDS: ReadonlySet<string> = new Set([
  'link',
  'ctaLink',
  'href',
  'platform',
  'page',
  'effectiveDate',
  'style',
  'listItem',
  'url',
]);

/** `value` with every string of words in it marked; keys starting with `_` are left alone. */
export function markCopy(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    return key.startsWith('_') || NOT_WORDS.has(key) || value.trim() === ''
      ? value
      : `${COPY_MARK_START}${value}${COPY_MARK_END}`;
  }
  if (Array.isArray(value)) return value.map((item) => markCopy(item, key));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, field]) => [name, markCopy(field, name)]),
    );
  }
  return value;
}
