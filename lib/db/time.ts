/**
 * The club meets in Ottawa: event dates and times are wall-clock values in this time zone,
 * whatever the time zone of the server.
 */
export const CLUB_TIME_ZONE = 'America/Toronto';

type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const partsFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: CLUB_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall clock in the club's time zone at `instant`. */
export function clubWallClock(instant: Date): WallClock & { second: number } {
  const parts = Object.fromEntries(
    partsFormatter.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD': the calendar date of `instant` in the club's time zone. */
export function clubDate(instant: Date): string {
  const wall = clubWallClock(instant);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** 'HH:MM' (24-hour): the time of day of `instant` in the club's time zone. */
export function clubTime(instant: Date): string {
  const wall = clubWallClock(instant);
  return `${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The instant at which the club's wall clock shows `wall` (DST-aware). */
export function clubInstant(wall: WallClock): Date {
  const target = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let guess = target;
  // Two passes settle the offset, including on the days the clocks change.
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = clubWallClock(new Date(guess));
    const shownUtc = Date.UTC(
      shown.year,
      shown.month - 1,
      shown.day,
      shown.hour,
      shown.minute,
      shown.second,
    );
    guess += target - shownUtc;
  }
  return new Date(guess);
}

/** The instant `days` calendar days after `from` (club time), at `hour:minute` club time. */
export function clubDaysFrom(from: Date, days: number, hour: number, minute = 0): Date {
  const today = clubWallClock(from);
  const shifted = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return clubInstant({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour,
    minute,
  });
}
