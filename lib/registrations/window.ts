import type { Event } from '@/lib/db/schema';
import { CLUB_TIME_ZONE } from '@/lib/db/time';
import { CLUB_TIME_ZONE_LABEL } from '@/lib/site/format';

/**
 * Whether an event takes registrations at `now`: not before its opening time, not after its
 * deadline (the start of the event when no deadline is set).
 */
export type RegistrationWindow =
  { state: 'open' } | { state: 'not_open'; opensAt: Date } | { state: 'closed' };

export function registrationWindow(
  event: Pick<Event, 'startsAt' | 'registrationOpensAt' | 'registrationClosesAt'>,
  now: Date,
): RegistrationWindow {
  const closesAt = event.registrationClosesAt ?? event.startsAt;
  if (closesAt && now.getTime() >= closesAt.getTime()) return { state: 'closed' };
  if (event.registrationOpensAt && now.getTime() < event.registrationOpensAt.getTime()) {
    return { state: 'not_open', opensAt: event.registrationOpensAt };
  }
  return { state: 'open' };
}

/** 'Monday, December 1, 2026 at 9:00 AM Ottawa time (ET)': an instant as the club reads it. */
export function formatClubDateTime(instant: Date): string {
  const date = instant.toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: CLUB_TIME_ZONE,
  });
  const time = instant.toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CLUB_TIME_ZONE,
  });
  return `${date} at ${time} ${CLUB_TIME_ZONE_LABEL}`;
}
