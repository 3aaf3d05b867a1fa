/**
 * What a registration can be (club-operations: statuses). Only `confirmed` holds a place against
 * the event's capacity; `attended`, `no_show` and `excused` are what a confirmed registration
 * becomes at and after the event.
 */
export const REGISTRATION_STATUSES = [
  'submitted',
  'confirmed',
  'waitlisted',
  'declined',
  'cancelled',
  'attended',
  'no_show',
  'excused',
] as const;

export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Who changed a registration's status. */
export const STATUS_ACTORS = ['self', 'staff', 'system'] as const;
export type StatusActor = (typeof STATUS_ACTORS)[number];

/**
 * Statuses that hold one of the event's places: confirmed, and what a confirmed registration
 * becomes at the door and after (checking someone in must not free their place).
 */
export const PLACE_HOLDING_STATUSES = [
  'confirmed',
  'attended',
  'no_show',
  'excused',
] as const satisfies readonly RegistrationStatus[];

/** Statuses that still hold or wait for a place: the person is coming, or hopes to. */
export const ACTIVE_STATUSES = [
  'submitted',
  'confirmed',
  'waitlisted',
] as const satisfies readonly RegistrationStatus[];

/** How staff and the manage page name each status. */
export const STATUS_LABELS: Record<RegistrationStatus, string> = {
  submitted: 'Awaiting review',
  confirmed: 'Confirmed',
  waitlisted: 'Waitlisted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  attended: 'Checked in',
  no_show: 'No-show',
  excused: 'Excused',
};

export function isRegistrationStatus(value: unknown): value is RegistrationStatus {
  return typeof value === 'string' && (REGISTRATION_STATUSES as readonly string[]).includes(value);
}

/** The console's word on places a change gave to the waitlist ('' when none). */
export function movedUpSentence(promoted: number): string {
  if (promoted <= 0) return '';
  return ` ${promoted} ${promoted === 1 ? 'person' : 'people'} moved up from the waitlist.`;
}

/**
 * The pools an event's places are divided into (club-operations.md, 'Member events'): member
 * places for active members, staff places for people staff add, and public places for everyone.
 */
export const PLACE_POOLS = ['member', 'public', 'staff'] as const;
export type PlacePool = (typeof PLACE_POOLS)[number];
