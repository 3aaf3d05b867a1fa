import { describe, expect, it } from 'vitest';
import {
  eventEndsAt,
  eventPhase,
  hasEnded,
  hasStarted,
  orderForListing,
  parseDurationMinutes,
  selectUpcoming,
  type SchedulableEvent,
} from '@/lib/events/schedule';

const now = new Date('2026-11-22T17:00:00Z');

function event(
  id: number,
  startsAt: string | null,
  duration: string | null = null,
): SchedulableEvent {
  return { id, date: startsAt ? startsAt.slice(0, 10) : null, starts_at: startsAt, duration };
}

describe('parseDurationMinutes', () => {
  it('reads hours, minutes, days and combinations', () => {
    expect(parseDurationMinutes('3 hours')).toBe(180);
    expect(parseDurationMinutes('90 minutes')).toBe(90);
    expect(parseDurationMinutes('1.5 h')).toBe(90);
    expect(parseDurationMinutes('1h 30m')).toBe(90);
    expect(parseDurationMinutes('2 days')).toBe(2880);
    expect(parseDurationMinutes('all evening')).toBeNull();
    expect(parseDurationMinutes(null)).toBeNull();
  });
});

describe('upcoming events', () => {
  it('keeps the three earliest events that have not ended, by date', () => {
    const events = [
      event(1, '2026-12-20T23:00:00Z'),
      event(2, '2026-11-01T23:00:00Z', '2 hours'),
      event(3, '2026-11-25T23:00:00Z'),
      event(4, '2027-01-15T23:00:00Z'),
      event(5, '2026-11-30T23:00:00Z'),
      event(6, null),
    ];
    expect(selectUpcoming(events, now).map((e) => e.id)).toEqual([3, 5, 1]);
  });

  it('keeps an event that started but has not ended yet', () => {
    const running = event(7, '2026-11-22T16:00:00Z', '3 hours');
    expect(hasStarted(running, now)).toBe(true);
    expect(hasEnded(running, now)).toBe(false);
    expect(selectUpcoming([running], now).map((e) => e.id)).toEqual([7]);
    const over = event(8, '2026-11-22T14:00:00Z', '2 hours');
    expect(hasEnded(over, now)).toBe(true);
  });

  it('without a duration, an event lasts until the end of its day', () => {
    const today = event(9, '2026-11-22T13:00:00Z');
    expect(hasEnded(today, now)).toBe(false);
    expect(eventEndsAt(event(10, null))).toBeNull();
    expect(hasEnded(event(10, null), now)).toBe(false);
  });

  it('orders the events page: upcoming soonest first, then past most recent first', () => {
    const events = [
      event(1, '2026-10-01T23:00:00Z'),
      event(2, '2026-12-01T23:00:00Z'),
      event(3, '2026-09-01T23:00:00Z'),
      event(4, '2026-11-28T23:00:00Z'),
      event(5, null),
    ];
    const { upcoming, past } = orderForListing(events, now);
    expect(upcoming.map((e) => e.id)).toEqual([4, 2, 5]);
    expect(past.map((e) => e.id)).toEqual([1, 3]);
  });
});

describe('eventPhase', () => {
  it('is upcoming before the start, ongoing until the end, then past', () => {
    expect(eventPhase(event(1, '2026-11-22T18:00:00Z', '2 hours'), now)).toBe('upcoming');
    expect(eventPhase(event(2, '2026-11-22T16:00:00Z', '2 hours'), now)).toBe('ongoing');
    expect(eventPhase(event(3, '2026-11-22T14:00:00Z', '2 hours'), now)).toBe('past');
  });
});
