/** Small validation helpers shared by the schema types. */

/** A path of this site, like `/joinus`: starts with one slash, never another origin. */
export function sitePath(value: unknown): true | string {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value !== 'string') return 'Must be text';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return 'Use a path of this site that starts with one slash, like /joinus';
  }
  if (/\s/.test(value)) return 'A path cannot contain spaces';
  return true;
}

/** Text without leading or trailing spaces (they show up as odd gaps on the page). */
export function trimmed(value: unknown): true | string {
  if (typeof value === 'string' && value !== value.trim()) {
    return 'Remove the spaces at the start or the end';
  }
  return true;
}
