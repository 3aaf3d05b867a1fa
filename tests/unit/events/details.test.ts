import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataSourceError, InvalidDataError } from '@/lib/api/sources';
import {
  durationText,
  eventLoadFailureText,
  eventPageTitle,
  eventSchedule,
  eventScheduleText,
  eventsLoadFailureText,
  previewDescription,
} from '@/lib/events/details';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('eventLoadFailureText', () => {
  it('says no event data was received when the answer held no event', () => {
    expect(eventLoadFailureText(new InvalidDataError('event'))).toBe('No event data received');
  });

  it("shows the source's error text, else the generic sentence", () => {
    expect(eventLoadFailureText(new DataSourceError('event'))).toBe(
      'Failed to load event details. Please try again later.',
    );
    expect(eventLoadFailureText(new Error('socket hang up'))).toBe(
      'Failed to load event details. Please try again later.',
    );
    expect(eventLoadFailureText('???')).toBe(
      'Failed to load event details. Please try again later.',
    );
  });
});

describe('eventsLoadFailureText', () => {
  it("shows the read's message, the invalid-format text, or 'Failed to load events'", () => {
    expect(eventsLoadFailureText(new DataSourceError('events'))).toBe('Failed to load events');
    expect(eventsLoadFailureText(new InvalidDataError('events'))).toBe(
      'Invalid data format received from server',
    );
    expect(eventsLoadFailureText(new TypeError('x is undefined'))).toBe('Failed to load events');
  });
});

describe('eventPageTitle', () => {
  it("is the event's title, else 'Event Details'", () => {
    expect(eventPageTitle({ title: 'Hot Pot Night' })).toBe('Hot Pot Night');
    expect(eventPageTitle({ title: '  ' })).toBe('Event Details');
    expect(eventPageTitle(null)).toBe('Event Details');
  });
});

describe('eventSchedule and eventScheduleText', () => {
  it('shows the long US date with weekday and the hour:minute time in club time', () => {
    const event = { start_date: '2027-02-13', start_time: '18:30' };
    expect(eventSchedule(event)).toEqual({
      date: 'Saturday, February 13, 2027',
      time: '6:30 PM',
      hasTime: true,
    });
    expect(eventScheduleText(event)).toBe(
      'Saturday, February 13, 2027 at 6:30 PM Ottawa time (ET)',
    );
  });

  it('falls back to "Date not specified" and "Time not specified"', () => {
    const event = { start_date: null, start_time: null };
    expect(eventSchedule(event)).toEqual({
      date: 'Date not specified',
      time: 'Time not specified',
      hasTime: false,
    });
    expect(eventScheduleText(event)).toBe('Date not specified, Time not specified');
  });

  it('shows values it cannot format as they are, and logs them', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(eventSchedule({ start_date: '2027-02-30', start_time: '25:99' })).toEqual({
      date: '2027-02-30',
      time: '25:99',
      hasTime: true,
    });
    expect(log).toHaveBeenCalledTimes(2);
  });
});

describe('durationText', () => {
  it('shows the duration, or that it is not specified', () => {
    expect(durationText('3 hours')).toBe('3 hours');
    expect(durationText(null)).toBe('Duration not specified');
    expect(durationText(' ')).toBe('Duration not specified');
  });
});

describe('previewDescription', () => {
  it('keeps a short description and cuts a long one to 200 characters', () => {
    expect(previewDescription({ title: 'T', description: 'Short  and\nsweet.' })).toBe(
      'Short and sweet.',
    );
    const long = previewDescription({ title: 'T', description: '饺'.repeat(300) });
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith('...')).toBe(true);
  });

  it('describes an event without a description by its title', () => {
    expect(previewDescription({ title: 'Picnic', description: null })).toBe(
      'Picnic: an event of the Telfer Chinese Student Association.',
    );
  });
});
