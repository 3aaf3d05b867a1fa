/** The texts of the event detail page (spec sections 2 and 8). */
import type { EventDto } from '@/lib/api/contract';
import { DataSourceError, InvalidDataError } from '@/lib/api/sources';
import {
  CLUB_TIME_ZONE_LABEL,
  EVENT_FALLBACKS,
  formatEventDate,
  formatEventTime,
} from '@/lib/site/format';

export const EVENT_DETAILS_TITLE = 'Event Details';
export const NO_EVENT_DATA = 'No event data received';
export const EVENT_LOAD_FAILURE = 'Failed to load event details. Please try again later.';
export const NO_POSTER = 'No poster available';
export const DURATION_FALLBACK = 'Duration not specified';
export const REGISTRATION_CLOSED = 'Registration is closed for this event.';

/**
 * What the page shows when the event cannot be read: 'No event data received' when the answer
 * held no event, the source's own error text when it failed, else the generic sentence.
 */
export function eventLoadFailureText(
  error: unknown,
  words: { noData?: string; failure?: string } = {},
): string {
  const failure = words.failure ?? EVENT_LOAD_FAILURE;
  if (error instanceof InvalidDataError) return words.noData ?? NO_EVENT_DATA;
  // The database's own failure is the generic one, which editors word in the Studio.
  if (error instanceof DataSourceError && error.message.trim() !== '') {
    return error.message === EVENT_LOAD_FAILURE ? failure : error.message;
  }
  return failure;
}

/** The document title: the event's title, else 'Event Details'. */
export function eventPageTitle(
  event: Pick<EventDto, 'title'> | null,
  fallback: string = EVENT_DETAILS_TITLE,
): string {
  return event?.title.trim() || fallback;
}

export type EventSchedule = { date: string; time: string; hasTime: boolean };

/** The date (long US with weekday) and time (hour:minute), with their fallbacks. */
export function eventSchedule(
  event: Pick<EventDto, 'start_date' | 'start_time'>,
  fallbacks: { date?: string; time?: string } = {},
): EventSchedule {
  return {
    date: formatEventDate(event.start_date, fallbacks.date),
    time: formatEventTime(event.start_time, fallbacks.time),
    hasTime: Boolean(event.start_time?.trim()),
  };
}

/**
 * Date and time in one line, as the emails carry them:
 * 'Saturday, February 14, 2026 at 6:30 PM Ottawa time (ET)'.
 */
export function eventScheduleText(event: Pick<EventDto, 'start_date' | 'start_time'>): string {
  const { date, time, hasTime } = eventSchedule(event);
  if (!hasTime) return `${date}, ${EVENT_FALLBACKS.time}`;
  return `${date} at ${time} ${CLUB_TIME_ZONE_LABEL}`;
}

export function durationText(
  duration: string | null | undefined,
  fallback: string = DURATION_FALLBACK,
): string {
  return duration?.trim() || fallback;
}

/** A short description for link previews: the description's first 200 characters. */
export function previewDescription(event: Pick<EventDto, 'title' | 'description'>): string {
  const text = event.description?.replace(/\s+/g, ' ').trim();
  if (!text) return `${eventPageTitle(event)}: an event of the Telfer Chinese Student Association.`;
  const characters = Array.from(text);
  return characters.length > 200 ? `${characters.slice(0, 197).join('').trimEnd()}...` : text;
}

export const EVENTS_LOAD_FAILURE = 'Failed to load events';
export const NO_EVENTS = 'No events available at the moment.';

/** The events page's error text: the source's own message (spec section 8), else the generic one. */
export function eventsLoadFailureText(
  error: unknown,
  words: { failure?: string; invalid?: string } = {},
): string {
  if (error instanceof InvalidDataError) return words.invalid ?? error.message;
  // The database's own failure is the generic one, which editors word in the Studio.
  if (error instanceof DataSourceError && error.message !== EVENTS_LOAD_FAILURE) {
    return error.message.trim() || (words.failure ?? EVENTS_LOAD_FAILURE);
  }
  return words.failure ?? EVENTS_LOAD_FAILURE;
}
