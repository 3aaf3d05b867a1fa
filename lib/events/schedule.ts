/** Which events are upcoming, and in which order lists show them. */

export type SchedulableEvent = {
  id: number;
  /** Calendar date 'YYYY-MM-DD' (club time zone), or null when not set. */
  date: string | null;
  /** The exact start as an ISO instant, or null. */
  starts_at?: string | null;
  /** Free text such as '3 hours', '90 minutes' or '1h 30m'. */
  duration?: string | null;
};

export const HOME_UPCOMING_COUNT = 3;

/** Minutes in a free-text duration ('2 hours', '90 min', '1.5 h', '1h 30m'), or null. */
export function parseDurationMinutes(duration: string | null | undefined): number | null {
  if (!duration) return null;
  const text = duration.toLowerCase();
  let minutes = 0;
  let matched = false;
  for (const match of text.matchAll(
    /(\d+(?:\.\d+)?)\s*(h(?:ou)?rs?|h\b|m(?:in(?:ute)?s?)?\b|days?|d\b)/g,
  )) {
    const value = Number(match[1]);
    const unit = match[2] ?? '';
    matched = true;
    if (unit.startsWith('d')) minutes += value * 24 * 60;
    else if (unit.startsWith('h')) minutes += value * 60;
    else minutes += value;
  }
  return matched && minutes > 0 ? Math.round(minutes) : null;
}

/** When the event starts, as a time value; a date without a time counts from its start of day. */
function startTime(event: SchedulableEvent): number | null {
  if (event.starts_at) {
    const time = Date.parse(event.starts_at);
    if (!Number.isNaN(time)) return time;
  }
  if (event.date) {
    const time = Date.parse(`${event.date}T00:00:00Z`);
    if (!Number.isNaN(time)) return time;
  }
  return null;
}

/**
 * When the event is over: start plus its duration when both are known; otherwise the end of its
 * day (a day's margin so no time zone ends an evening event early). Null without a date.
 */
export function eventEndsAt(event: SchedulableEvent): number | null {
  const start = startTime(event);
  if (start === null) return null;
  const minutes = event.starts_at ? parseDurationMinutes(event.duration) : null;
  if (minutes !== null) return start + minutes * 60_000;
  const dayStart = event.date ? Date.parse(`${event.date}T00:00:00Z`) : start;
  return dayStart + 36 * 60 * 60_000;
}

export function hasEnded(event: SchedulableEvent, now: Date): boolean {
  const end = eventEndsAt(event);
  return end !== null && end <= now.getTime();
}

/**
 * Where an event stands for a visitor: registration is open until it starts ('upcoming'); it is
 * 'ongoing' from its start until it ends (still listed with the upcoming ones, but closed); then
 * 'past'.
 */
export type EventPhase = 'upcoming' | 'ongoing' | 'past';

export function eventPhase(event: SchedulableEvent, now: Date): EventPhase {
  if (hasEnded(event, now)) return 'past';
  return hasStarted(event, now) ? 'ongoing' : 'upcoming';
}

/** Whether registration is still open: the event has a start that is still ahead. */
export function hasStarted(event: SchedulableEvent, now: Date): boolean {
  const start = startTime(event);
  return start !== null && start <= now.getTime();
}

function byStart(a: SchedulableEvent, b: SchedulableEvent): number {
  return (startTime(a) ?? Infinity) - (startTime(b) ?? Infinity) || a.id - b.id;
}

/** The home page's list: the earliest events that have not ended, by date. */
export function selectUpcoming<T extends SchedulableEvent>(
  events: readonly T[],
  now: Date,
  count: number = HOME_UPCOMING_COUNT,
): T[] {
  return events
    .filter((event) => startTime(event) !== null && !hasEnded(event, now))
    .sort(byStart)
    .slice(0, count);
}

/**
 * The events page's order: upcoming (and undated) events first, soonest first; then past events,
 * most recent first.
 */
export function orderForListing<T extends SchedulableEvent>(
  events: readonly T[],
  now: Date,
): { upcoming: T[]; past: T[] } {
  const upcoming = events.filter((event) => !hasEnded(event, now)).sort(byStart);
  const past = events.filter((event) => hasEnded(event, now)).sort((a, b) => byStart(b, a));
  return { upcoming, past };
}
