import type { AvailabilityDto } from '@/lib/api/contract';
import type { Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';

/** The texts the availability line is made of (all of them sent to the registration form). */
export type AvailabilityLineCopy = Pick<
  Copy<'event'>,
  | 'closedTitle'
  | 'full'
  | 'opensAt'
  | 'waitlistOnly'
  | 'placesLeft'
  | 'onePlaceLeft'
  | 'membersOnlyUntil'
  | 'membersOnlyUntilThen'
  | 'membersOnlyEvent'
  | 'membersOnlyEventThen'
>;

/**
 * One line about registering, from GET /api/events/{id}/availability/: places left, 'Waitlist
 * only', 'Event full', 'Registration opens …' or 'Registration closed'. Null: nothing to say.
 *
 * Two sentences are never joined here: the copy that says both ('Members only until {date}.
 * {then}') holds the punctuation between them, so each language writes its own ('。' in
 * Chinese) and a sentence that ends with its own full stop is not given a second one.
 */
export function availabilityLine(
  availability: AvailabilityDto | null,
  copy: AvailabilityLineCopy,
  formatDate: (iso: string) => string,
): string | null {
  if (!availability) return null;
  switch (availability.state) {
    case 'registration_closed':
      return availability.places_left === 0 ? copy.full : copy.closedTitle;
    case 'completed':
    case 'cancelled':
      return copy.closedTitle;
    case 'coming_soon': {
      const opensAt = availability.member_registration_opens_at ?? availability.opens_at;
      return opensAt ? fillCopy(copy.opensAt, { date: formatDate(opensAt) }) : copy.closedTitle;
    }
    case 'waitlist_only':
      // In the member window, only members may join the waitlist: the line says until when.
      return !availability.open_to_everyone && !availability.members_only && availability.opens_at
        ? fillCopy(copy.membersOnlyUntilThen, {
            date: formatDate(availability.opens_at),
            then: copy.waitlistOnly,
          })
        : copy.waitlistOnly;
    case 'member_registration_open':
    case 'general_registration_open': {
      const places =
        availability.places_left === null
          ? null
          : availability.places_left === 1
            ? copy.onePlaceLeft
            : fillCopy(copy.placesLeft, { count: availability.places_left });
      if (availability.state === 'member_registration_open' && availability.opens_at) {
        const date = formatDate(availability.opens_at);
        return places === null
          ? fillCopy(copy.membersOnlyUntil, { date })
          : fillCopy(copy.membersOnlyUntilThen, { date, then: places });
      }
      if (availability.members_only) {
        return places === null
          ? copy.membersOnlyEvent
          : fillCopy(copy.membersOnlyEventThen, { then: places });
      }
      return places;
    }
  }
}
