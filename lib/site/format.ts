/** Formatting of dates, times and card texts, as spec sections 2 and 9 give them. */

import { CLUB_TIME_ZONE } from '@/lib/db/time';
import { defaultCopy } from '../copy/catalogue';

/** Event dates and times are shown in the club's time zone (lib/db/time.ts). */
export { CLUB_TIME_ZONE };
export const CLUB_TIME_ZONE_LABEL = 'Ottawa time (ET)';

const EVENTS_COPY = defaultCopy('events');

/** The spec's texts for an event's missing values (editors change them in the Studio). */
export const EVENT_FALLBACKS = {
  title: EVENTS_COPY.cardNoTitle,
  location: EVENTS_COPY.cardNoLocation,
  organizer: EVENTS_COPY.cardNoOrganizer,
  date: EVENTS_COPY.cardNoDate,
  time: EVENTS_COPY.cardNoTime,
} as const;

function isBlank(value: string | null | undefined): value is null | undefined | '' {
  return value === null || value === undefined || value.trim() === '';
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR_MINUTE = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * A date as a long US date with weekday ("Saturday, February 14, 2026") in the club's time zone.
 * A plain calendar date (YYYY-MM-DD) is shown as that day wherever the visitor is. A value that
 * cannot be read is shown as it is, and the failure is logged.
 */
export function formatEventDate(
  value: string | null | undefined,
  fallback: string = EVENT_FALLBACKS.date,
): string {
  if (isBlank(value)) return fallback;
  const dateOnly = DATE_ONLY.exec(value);
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  };
  try {
    if (dateOnly) {
      const [, year, month, day] = dateOnly.map(Number) as [number, number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      if (date.getUTCMonth() !== month - 1) throw new RangeError(`No such day: ${value}`);
      return date.toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });
    }
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${value}`);
    return date.toLocaleDateString('en-US', { ...options, timeZone: CLUB_TIME_ZONE });
  } catch (error) {
    console.error(`Could not format the event date "${value}":`, error);
    return value;
  }
}

/**
 * A time of day ("18:30", or a full timestamp) as hour and two-digit minute ("6:30 PM").
 * A value that cannot be read is shown as it is, and the failure is logged.
 */
export function formatEventTime(
  value: string | null | undefined,
  fallback: string = EVENT_FALLBACKS.time,
): string {
  if (isBlank(value)) return fallback;
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  try {
    const hourMinute = HOUR_MINUTE.exec(value.trim());
    if (hourMinute) {
      const hours = Number(hourMinute[1]);
      const minutes = Number(hourMinute[2]);
      if (hours > 23 || minutes > 59) throw new RangeError(`No such time: ${value}`);
      return new Date(Date.UTC(2000, 0, 1, hours, minutes)).toLocaleTimeString('en-US', {
        ...options,
        timeZone: 'UTC',
      });
    }
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw new RangeError(`Not a time: ${value}`);
    return date.toLocaleTimeString('en-US', { ...options, timeZone: CLUB_TIME_ZONE });
  } catch (error) {
    console.error(`Could not format the event time "${value}":`, error);
    return value;
  }
}

/**
 * A calendar date ('YYYY-MM-DD', such as a policy's effective date) as a plain US date
 * ("January 1, 2025"): the same day wherever the visitor is. A value that cannot be read is
 * shown as it is, and the failure is logged.
 */
export function formatCalendarDate(value: string | null | undefined): string {
  if (isBlank(value)) return '';
  const match = DATE_ONLY.exec(value);
  if (match) {
    const [, year, month, day] = match.map(Number) as [number, number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCMonth() === month - 1) {
      return date.toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
    }
  }
  console.error(`Could not format the calendar date "${value}"`);
  return value;
}

/**
 * A posting date as a plain US date ("November 2, 2026"): a calendar date ('YYYY-MM-DD', as the
 * API serves it) is that day wherever the visitor is; a full timestamp (an older client's data)
 * is its day in the club's time zone. The raw value if unreadable.
 */
export function formatPostedDate(value: string | null | undefined): string {
  if (isBlank(value)) return '';
  if (DATE_ONLY.test(value)) return formatCalendarDate(value);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    console.error(`Could not format the posted date "${value}"`);
    return value;
  }
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: CLUB_TIME_ZONE,
  });
}

/** A moment as staff read it in the console: "Sat, Nov 28, 2026, 6:00 PM" in the club's zone. */
export function formatConsoleDateTime(instant: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: CLUB_TIME_ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(instant);
}
