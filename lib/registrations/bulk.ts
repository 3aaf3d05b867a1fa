import type { StaffAction } from './transitions';

/**
 * What staff may do to several registrations of the list at once: its natural moves. A door
 * check-in or a no-show stays one person at a time (the door, and 'Mark no-shows' after the
 * event).
 */
export const BULK_ACTIONS = [
  'confirm',
  'waitlist',
  'decline',
  'cancel',
] as const satisfies readonly StaffAction[];
export type BulkAction = (typeof BULK_ACTIONS)[number];

export function isBulkAction(value: unknown): value is BulkAction {
  return typeof value === 'string' && (BULK_ACTIONS as readonly string[]).includes(value);
}

/** The bulk form's id: the rows' boxes belong to it by their `form` attribute (rows hold forms of their own). */
export const BULK_FORM_ID = 'bulk-registrants';

/** The most a bulk change takes at once: one page of the list. */
export const BULK_LIMIT = 50;

/** The question the console asks before a bulk change: 'Confirm 3 registrants?' */
export function bulkQuestion(action: BulkAction, count: number): string {
  const people = count === 1 ? '1 registrant' : `${count} registrants`;
  switch (action) {
    case 'confirm':
      return `Confirm ${people}?`;
    case 'waitlist':
      return `Move ${people} to the waitlist?`;
    case 'decline':
      return `Decline ${people}?`;
    case 'cancel':
      return `Cancel the registration of ${people}?`;
  }
}
