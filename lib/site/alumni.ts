import type { AlumnusDto } from '../api/contract';

/** The major that marks a Telfer alumnus; those have their own section and list. */
export const TELFER_MAJOR = 'Telfer';

function isTelfer(alumnus: Pick<AlumnusDto, 'major'>): boolean {
  return alumnus.major.trim().toLowerCase() === TELFER_MAJOR.toLowerCase();
}

/**
 * Splits a list of alumni into the former club members (every major but 'Telfer') and the Telfer
 * alumni, keeping the order of the list.
 */
export function splitAlumni<T extends Pick<AlumnusDto, 'major'>>(
  alumni: readonly T[],
): { formerMembers: T[]; telfer: T[] } {
  const formerMembers: T[] = [];
  const telfer: T[] = [];
  for (const alumnus of alumni) (isTelfer(alumnus) ? telfer : formerMembers).push(alumnus);
  return { formerMembers, telfer };
}
