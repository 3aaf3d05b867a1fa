/**
 * "Add to calendar" for an event: an iCalendar file (RFC 5545) and a Google Calendar link.
 *
 * Times are written as the club's wall clock with TZID=America/Toronto and the zone's VTIMEZONE,
 * so a calendar in any time zone places the event at the right instant, and one that shows the
 * event's own zone shows the time printed on the poster.
 */
import type { EventDto } from '@/lib/api/contract';
import { CLUB_TIME_ZONE, clubWallClock } from '@/lib/db/time';
import { parseDurationMinutes } from '@/lib/events/schedule';

export type CalendarEvent = Pick<
  EventDto,
  'id' | 'title' | 'description' | 'starts_at' | 'duration' | 'location' | 'organizer'
>;

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const PRODUCT_ID = '-//Telfer Chinese Student Association//Events//EN';
const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** America/Toronto since 2007: EDT from the second Sunday of March, EST from the first Sunday of November. */
const TORONTO_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${CLUB_TIME_ZONE}`,
  `X-LIC-LOCATION:${CLUB_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** When the event starts and, if its duration can be read, when it ends. Null without a start. */
export function eventInterval(
  event: Pick<EventDto, 'starts_at' | 'duration'>,
): { start: Date; end: Date | null } | null {
  if (!event.starts_at) return null;
  const start = new Date(event.starts_at);
  if (Number.isNaN(start.getTime())) return null;
  const minutes = parseDurationMinutes(event.duration);
  return { start, end: minutes === null ? null : new Date(start.getTime() + minutes * 60_000) };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** 'YYYYMMDDTHHMMSS': the club's wall clock at `instant` (for TZID=America/Toronto values). */
export function clubLocalStamp(instant: Date): string {
  const wall = clubWallClock(instant);
  return `${pad(wall.year, 4)}${pad(wall.month)}${pad(wall.day)}T${pad(wall.hour)}${pad(wall.minute)}${pad(wall.second)}`;
}

/** 'YYYYMMDDTHHMMSSZ': `instant` in UTC. */
export function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value (RFC 5545 section 3.3.11): backslash, semicolon and comma escaped, newlines as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/**
 * Folds a content line into lines of at most 75 octets (RFC 5545 section 3.1): each continuation
 * starts with one space. Splits between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

function hostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).hostname || 'tcsa.local';
  } catch {
    return 'tcsa.local';
  }
}

/** The text calendars show under the event: its description, organizer and page. */
function calendarDetails(event: CalendarEvent, pageUrl: string): string {
  return [
    event.description?.trim() || null,
    event.organizer?.trim() ? `Organizer: ${event.organizer.trim()}` : null,
    `Details and registration: ${pageUrl}`,
  ]
    .filter((part): part is string => part !== null)
    .join('\n\n');
}

export type IcsOptions = {
  /** The event's page, absolute. */
  pageUrl: string;
  /** When the file is produced (DTSTAMP). */
  now: Date;
  /**
   * The revision of the event (SEQUENCE, RFC 5545 section 3.8.7.4): a file for the same UID with
   * a higher one updates the entry a calendar already holds. Left out, it is 0.
   */
  sequence?: number;
};

/**
 * The event as an iCalendar file with CRLF line endings, or null when the event has no start yet
 * (a VEVENT of a published calendar needs one).
 */
export function buildIcs(
  event: CalendarEvent,
  { pageUrl, now, sequence = 0 }: IcsOptions,
): string | null {
  const interval = eventInterval(event);
  if (!interval) return null;
  const title = event.title.trim() || 'TCSA event';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...TORONTO_VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:tcsa-event-${event.id}@${hostOf(pageUrl)}`,
    `DTSTAMP:${utcStamp(now)}`,
    ...(sequence > 0 ? [`SEQUENCE:${sequence}`] : []),
    `DTSTART;TZID=${CLUB_TIME_ZONE}:${clubLocalStamp(interval.start)}`,
    ...(interval.end ? [`DTEND;TZID=${CLUB_TIME_ZONE}:${clubLocalStamp(interval.end)}`] : []),
    `SUMMARY:${escapeText(title)}`,
    ...(event.location?.trim() ? [`LOCATION:${escapeText(event.location.trim())}`] : []),
    `DESCRIPTION:${escapeText(calendarDetails(event, pageUrl))}`,
    `URL:${pageUrl}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The name the downloaded file gets: 'tcsa-event-5.ics'. */
export function calendarFileName(event: Pick<EventDto, 'id'>): string {
  return `tcsa-event-${event.id}.ics`;
}

/**
 * A link that opens Google Calendar's "new event" form filled in, or null without a start.
 * Without a known duration the event is given no length (start = end), as in the .ics file.
 */
export function googleCalendarUrl(event: CalendarEvent, pageUrl: string): string | null {
  const interval = eventInterval(event);
  if (!interval) return null;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title.trim() || 'TCSA event',
    dates: `${utcStamp(interval.start)}/${utcStamp(interval.end ?? interval.start)}`,
    ctz: CLUB_TIME_ZONE,
    details: calendarDetails(event, pageUrl),
  });
  if (event.location?.trim()) params.set('location', event.location.trim());
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
