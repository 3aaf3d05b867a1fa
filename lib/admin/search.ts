/** Search and paging of the console's lists. */

/** `%` and `_` typed by a person are letters, not patterns. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `%words%` for ILIKE, or null when nothing was typed. */
export function containsPattern(text: string | undefined | null): string | null {
  const trimmed = text?.trim();
  return trimmed ? `%${likeLiteral(trimmed)}%` : null;
}

/** A page number from the address: 1 for anything that is not a positive whole number. */
export function pageNumber(value: unknown): number {
  const page = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.max(1, page);
}
