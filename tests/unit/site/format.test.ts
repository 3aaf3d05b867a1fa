import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EVENT_FALLBACKS,
  formatCalendarDate,
  formatEventDate,
  formatEventTime,
  formatPostedDate,
} from '@/lib/site/format';
import { truncate } from '@/lib/site/truncate';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('truncate', () => {
  it('keeps a text of exactly the limit and cuts a longer one to the limit plus an ellipsis', () => {
    const exact = 'x'.repeat(32);
    expect(truncate(exact, 32)).toBe(exact);
    expect(truncate(`${exact}y`, 32)).toBe(`${exact}...`);
  });

  it('collapses descriptions over 150 characters to 147 plus an ellipsis', () => {
    const at150 = 'a'.repeat(150);
    expect(truncate(at150, 147, 150)).toBe(at150);
    const over = 'b'.repeat(151);
    const cut = truncate(over, 147, 150);
    expect(cut).toBe(`${'b'.repeat(147)}...`);
    expect(cut).toHaveLength(150);
  });

  it('counts characters, so Chinese text and emoji are never split', () => {
    expect(truncate('春节晚会🎉🎉', 5)).toBe('春节晚会🎉...');
  });
});

describe('formatEventDate', () => {
  it('shows a long US date with weekday in the club time zone', () => {
    // 02:00 UTC on the 15th is still the evening of the 14th in Ottawa.
    expect(formatEventDate('2026-02-15T02:00:00Z')).toBe('Saturday, February 14, 2026');
  });

  it('shows a calendar date as that day', () => {
    expect(formatEventDate('2026-09-05')).toBe('Saturday, September 5, 2026');
  });

  it('falls back to "Date not specified" when missing', () => {
    expect(formatEventDate(null)).toBe(EVENT_FALLBACKS.date);
    expect(formatEventDate(undefined)).toBe('Date not specified');
    expect(formatEventDate('  ')).toBe('Date not specified');
  });

  it('shows an unreadable value as it is and logs the failure', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(formatEventDate('sometime next spring')).toBe('sometime next spring');
    expect(formatEventDate('2026-02-30')).toBe('2026-02-30');
    expect(log).toHaveBeenCalledTimes(2);
  });
});

describe('formatEventTime', () => {
  it('shows hour and two-digit minute', () => {
    expect(formatEventTime('18:05')).toBe('6:05 PM');
    expect(formatEventTime('09:30:00')).toBe('9:30 AM');
    expect(formatEventTime('2026-02-14T23:00:00Z')).toBe('6:00 PM');
  });

  it('falls back to "Time not specified" when missing', () => {
    expect(formatEventTime(null)).toBe('Time not specified');
    expect(formatEventTime('')).toBe('Time not specified');
  });

  it('shows an unreadable value as it is and logs the failure', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(formatEventTime('25:99')).toBe('25:99');
    expect(formatEventTime('after class')).toBe('after class');
    expect(log).toHaveBeenCalledTimes(2);
  });
});

describe('formatPostedDate', () => {
  it('shows a plain US date', () => {
    expect(formatPostedDate('2026-11-02T15:00:00Z')).toBe('November 2, 2026');
  });

  it('shows a calendar date as that day, whatever the time zone', () => {
    // Read as a UTC midnight, 2026-11-02 would be November 1 in the club's time zone.
    expect(formatPostedDate('2026-11-02')).toBe('November 2, 2026');
  });

  it('is empty when missing and raw when unreadable', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(formatPostedDate(null)).toBe('');
    expect(formatPostedDate('soon')).toBe('soon');
  });
});

describe('formatCalendarDate', () => {
  it('shows a calendar date as that day, whatever the time zone', () => {
    // new Date('2025-01-01') is midnight UTC, which is still December 31 in Ottawa.
    expect(formatCalendarDate('2025-01-01')).toBe('January 1, 2025');
    expect(formatCalendarDate('2024-02-29')).toBe('February 29, 2024');
  });

  it('is empty when missing, and raw and logged when not a real date', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(formatCalendarDate(undefined)).toBe('');
    expect(formatCalendarDate('2025-02-30')).toBe('2025-02-30');
    expect(formatCalendarDate('next spring')).toBe('next spring');
    expect(error).toHaveBeenCalledTimes(2);
  });
});
