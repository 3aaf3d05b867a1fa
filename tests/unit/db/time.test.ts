import { describe, expect, it } from 'vitest';
import { clubDate, clubDaysFrom, clubInstant, clubTime } from '@/lib/db/time';

describe('club time (America/Toronto)', () => {
  it('formats an instant as the club calendar date and HH:MM', () => {
    const instant = new Date('2025-01-29T23:30:00Z'); // 18:30 EST
    expect(clubDate(instant)).toBe('2025-01-29');
    expect(clubTime(instant)).toBe('18:30');
    const lateUtc = new Date('2025-07-02T02:15:00Z'); // 22:15 EDT the day before
    expect(clubDate(lateUtc)).toBe('2025-07-01');
    expect(clubTime(lateUtc)).toBe('22:15');
  });

  it('turns a club wall clock into the right instant in winter, summer and around the clock change', () => {
    expect(clubInstant({ year: 2025, month: 1, day: 29, hour: 18, minute: 30 }).toISOString()).toBe(
      '2025-01-29T23:30:00.000Z',
    );
    expect(clubInstant({ year: 2025, month: 7, day: 1, hour: 9, minute: 0 }).toISOString()).toBe(
      '2025-07-01T13:00:00.000Z',
    );
    expect(clubInstant({ year: 2025, month: 3, day: 9, hour: 12, minute: 0 }).toISOString()).toBe(
      '2025-03-09T16:00:00.000Z',
    );
    expect(clubInstant({ year: 2025, month: 11, day: 2, hour: 12, minute: 0 }).toISOString()).toBe(
      '2025-11-02T17:00:00.000Z',
    );
  });

  it('adds calendar days in club time', () => {
    const from = new Date('2025-03-08T17:00:00Z'); // noon EST, the day before the clocks change
    const next = clubDaysFrom(from, 1, 18, 0);
    expect(clubDate(next)).toBe('2025-03-09');
    expect(clubTime(next)).toBe('18:00');
    const before = clubDaysFrom(from, -40, 9, 5);
    expect(clubDate(before)).toBe('2025-01-27');
    expect(clubTime(before)).toBe('09:05');
  });
});
