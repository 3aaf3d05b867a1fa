import { describe, expect, it } from 'vitest';
import {
  buildIcs,
  type CalendarEvent,
  calendarFileName,
  escapeText,
  eventInterval,
  foldLine,
  googleCalendarUrl,
} from '@/lib/events/calendar';
import { child, parseIcs, property, unescapeText } from '../../e2e/support/ical';

const gala: CalendarEvent = {
  id: 7,
  title: 'Lunar New Year Gala 春节晚会',
  description:
    'Lion dance; red envelopes, raffle\nDress code: festive red \\ bring friends.\r\nDoors open at 6.',
  // 18:30 in Ottawa on a winter day (EST, UTC-5).
  starts_at: '2027-02-13T23:30:00.000Z',
  duration: '4 hours',
  location: 'Tabaret Hall, 550 Cumberland Street',
  organizer: 'TCSA Events Team',
};

const pageUrl = 'https://tcsa.example.org/events/7';
const now = new Date('2027-01-05T12:34:56.789Z');

function vevent(ics: string) {
  const calendar = parseIcs(ics);
  const event = child(calendar, 'VEVENT');
  if (!event) throw new Error('no VEVENT');
  return { calendar, event };
}

describe('buildIcs', () => {
  it('writes a VCALENDAR with one VEVENT that parses back to the event', () => {
    const ics = buildIcs(gala, { pageUrl, now })!;
    const { calendar, event } = vevent(ics);
    expect(property(calendar, 'VERSION')?.value).toBe('2.0');
    expect(property(calendar, 'PRODID')?.value).toBeTruthy();
    expect(calendar.components.filter((c) => c.name === 'VEVENT')).toHaveLength(1);

    expect(property(event, 'UID')?.value).toBe('tcsa-event-7@tcsa.example.org');
    expect(property(event, 'DTSTAMP')?.value).toBe('20270105T123456Z');
    expect(property(event, 'DTSTART')).toEqual({
      name: 'DTSTART',
      params: { TZID: 'America/Toronto' },
      value: '20270213T183000',
    });
    expect(property(event, 'DTEND')).toEqual({
      name: 'DTEND',
      params: { TZID: 'America/Toronto' },
      value: '20270213T223000',
    });
    expect(unescapeText(property(event, 'SUMMARY')!.value)).toBe(gala.title);
    expect(unescapeText(property(event, 'LOCATION')!.value)).toBe(gala.location);
    expect(property(event, 'URL')?.value).toBe(pageUrl);
    expect(unescapeText(property(event, 'DESCRIPTION')!.value)).toBe(
      'Lion dance; red envelopes, raffle\nDress code: festive red \\ bring friends.\nDoors open at 6.' +
        '\n\nOrganizer: TCSA Events Team\n\nDetails and registration: https://tcsa.example.org/events/7',
    );
  });

  it('defines the America/Toronto time zone it refers to', () => {
    const { calendar } = vevent(buildIcs(gala, { pageUrl, now })!);
    const zone = child(calendar, 'VTIMEZONE')!;
    expect(property(zone, 'TZID')?.value).toBe('America/Toronto');
    const daylight = child(zone, 'DAYLIGHT')!;
    const standard = child(zone, 'STANDARD')!;
    expect(property(daylight, 'TZOFFSETTO')?.value).toBe('-0400');
    expect(property(daylight, 'RRULE')?.value).toBe('FREQ=YEARLY;BYMONTH=3;BYDAY=2SU');
    expect(property(standard, 'TZOFFSETTO')?.value).toBe('-0500');
    expect(property(standard, 'RRULE')?.value).toBe('FREQ=YEARLY;BYMONTH=11;BYDAY=1SU');
  });

  it('writes summer times as the club clock shows them (EDT)', () => {
    const { event } = vevent(
      buildIcs(
        { ...gala, starts_at: '2026-07-02T22:00:00.000Z', duration: '90 minutes' },
        { pageUrl, now },
      )!,
    );
    expect(property(event, 'DTSTART')?.value).toBe('20260702T180000');
    expect(property(event, 'DTEND')?.value).toBe('20260702T193000');
  });

  it('leaves out DTEND when the duration cannot be read, and LOCATION when there is none', () => {
    const { event } = vevent(
      buildIcs({ ...gala, duration: 'all evening', location: null }, { pageUrl, now })!,
    );
    expect(property(event, 'DTSTART')).toBeDefined();
    expect(property(event, 'DTEND')).toBeUndefined();
    expect(property(event, 'LOCATION')).toBeUndefined();
  });

  it('has no file for an event without a start', () => {
    expect(buildIcs({ ...gala, starts_at: null }, { pageUrl, now })).toBeNull();
  });

  it('uses CRLF line endings only and folds long lines within 75 octets', () => {
    const long = { ...gala, description: '春节'.repeat(120) };
    const ics = buildIcs(long, { pageUrl, now })!;
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const encoder = new TextEncoder();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (const line of ics.split('\r\n')) {
      const bytes = encoder.encode(line);
      expect(bytes.length).toBeLessThanOrEqual(75);
      // Each physical line is valid UTF-8 on its own: no character was cut in half.
      expect(() => decoder.decode(bytes)).not.toThrow();
    }
    const { event } = vevent(ics);
    expect(unescapeText(property(event, 'DESCRIPTION')!.value)).toContain('春节'.repeat(120));
  });
});

describe('escapeText and foldLine', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('keeps a line of exactly 75 octets and folds the 76th onto a continuation line', () => {
    const exact = 'X'.repeat(75);
    expect(foldLine(exact)).toBe(exact);
    expect(foldLine(`${exact}Y`)).toBe(`${exact}\r\n Y`);
  });
});

describe('eventInterval', () => {
  it('adds a readable duration to the start', () => {
    expect(eventInterval({ starts_at: '2027-02-13T23:30:00.000Z', duration: '1h 30m' })).toEqual({
      start: new Date('2027-02-13T23:30:00.000Z'),
      end: new Date('2027-02-14T01:00:00.000Z'),
    });
  });
});

describe('googleCalendarUrl', () => {
  it('fills in title, UTC start and end, time zone, place and details', () => {
    const url = new URL(googleCalendarUrl(gala, pageUrl)!);
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe(gala.title);
    expect(url.searchParams.get('dates')).toBe('20270213T233000Z/20270214T033000Z');
    expect(url.searchParams.get('ctz')).toBe('America/Toronto');
    expect(url.searchParams.get('location')).toBe(gala.location);
    expect(url.searchParams.get('details')).toContain(pageUrl);
  });

  it('is null for an event without a start', () => {
    expect(googleCalendarUrl({ ...gala, starts_at: null }, pageUrl)).toBeNull();
  });
});

describe('buildIcs for a changed event', () => {
  it('keeps the UID and writes a higher SEQUENCE, so calendars update the entry they hold', () => {
    const first = vevent(buildIcs(gala, { pageUrl, now })!).event;
    const moved = { ...gala, starts_at: '2027-02-14T00:30:00.000Z' };
    const update = vevent(buildIcs(moved, { pageUrl, now, sequence: 2 })!).event;
    expect(property(first, 'SEQUENCE')).toBeUndefined();
    expect(property(update, 'UID')?.value).toBe(property(first, 'UID')?.value);
    expect(property(update, 'SEQUENCE')?.value).toBe('2');
    expect(property(update, 'DTSTART')?.value).toBe('20270213T193000');
  });
});

describe('calendarFileName', () => {
  it('names the file after the event id', () => {
    expect(calendarFileName({ id: 12 })).toBe('tcsa-event-12.ics');
  });
});
