import 'server-only';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { recordChange } from '@/lib/audit/record';
import { type Actor, reachOf } from '@/lib/auth/permissions';
import type { SignedIn } from '@/lib/auth/session';
import type { Database } from '@/lib/db/client';
import { toCsv } from '@/lib/db/csv';
import { eventLeads, events, type Event } from '@/lib/db/schema';
import { CLUB_TIME_ZONE, clubDate, clubInstant, clubWallClock } from '@/lib/db/time';
import {
  emptyCounts,
  type RegistrationCounts,
  registrationCountsByEvent,
} from '@/lib/registrations/counts';

/**
 * The console's numbers: per event (registered, places taken, confirmed, checked in, no-shows and
 * their rate, late cancellations) and per academic term (events held, registrations, attendance,
 * no-show rate), with their CSV files. However many events, two queries: the events, and their
 * registrations counted in one grouped query.
 */

/* ------------------------------------------------------------------------------------------ */
/* What each figure counts                                                                     */
/* ------------------------------------------------------------------------------------------ */

/**
 * The figures of an event, each as lib/registrations/counts.ts defines it for every page of the
 * console: registered is every registration on record, places taken the confirmed, checked in,
 * no-shows and excused; confirmed those confirmed and not checked in.
 */
export type Counts = {
  registered: number;
  placesTaken: number;
  confirmed: number;
  checkedIn: number;
  noShows: number;
  lateCancellations: number;
};

function figuresOf(counts: RegistrationCounts): Counts {
  return {
    registered: counts.all,
    placesTaken: counts.placesTaken,
    confirmed: counts.confirmed,
    checkedIn: counts.checkedIn,
    noShows: counts.noShows,
    lateCancellations: counts.lateCancellations,
  };
}

/**
 * The share of people with a place who did not come, of those whose attendance is known:
 * no-shows / (checked in + no-shows). Null until someone is checked in or marked a no-show.
 */
export function noShowRate({ checkedIn, noShows }: Pick<Counts, 'checkedIn' | 'noShows'>) {
  const known = checkedIn + noShows;
  return known === 0 ? null : noShows / known;
}

/** The definition the pages and the CSV state beside the rate. */
export const NO_SHOW_RATE_DEFINITION =
  'No-show rate: no-shows divided by the people whose attendance is known (checked in plus no-shows).';

/** '25%' (to one decimal when needed), or '—' while nothing is known. */
export function percentWords(rate: number | null): string {
  if (rate === null) return '—';
  const percent = Math.round(rate * 1000) / 10;
  return `${percent}%`;
}

/* ------------------------------------------------------------------------------------------ */
/* Academic terms                                                                              */
/* ------------------------------------------------------------------------------------------ */

export const SEASONS = ['winter', 'summer', 'fall'] as const;
export type Season = (typeof SEASONS)[number];

/** Winter January–April, Summer May–August, Fall September–December. */
const FIRST_MONTH: Record<Season, number> = { winter: 1, summer: 5, fall: 9 };
const SEASON_NAMES: Record<Season, string> = { winter: 'Winter', summer: 'Summer', fall: 'Fall' };
const SEASON_SPANS: Record<Season, string> = {
  winter: 'January to April',
  summer: 'May to August',
  fall: 'September to December',
};
const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export type Term = {
  /** '2026-fall', as the page's address names it. */
  key: string;
  season: Season;
  year: number;
  /** 'Fall 2026'. */
  label: string;
  /** 'September to December 2026'. */
  span: string;
  /** Its first and the next term's first instant, midnight on the club's clock. */
  startsAt: Date;
  endsAt: Date;
  /** Its four months, 1-12. */
  months: number[];
};

function seasonOfMonth(month: number): Season {
  if (month <= 4) return 'winter';
  if (month <= 8) return 'summer';
  return 'fall';
}

export function termFor(season: Season, year: number): Term {
  const first = FIRST_MONTH[season];
  const next = first + 4;
  return {
    key: `${year}-${season}`,
    season,
    year,
    label: `${SEASON_NAMES[season]} ${year}`,
    span: `${SEASON_SPANS[season]} ${year}`,
    startsAt: clubInstant({ year, month: first, day: 1, hour: 0, minute: 0 }),
    endsAt:
      next > 12
        ? clubInstant({ year: year + 1, month: 1, day: 1, hour: 0, minute: 0 })
        : clubInstant({ year, month: next, day: 1, hour: 0, minute: 0 }),
    months: [first, first + 1, first + 2, first + 3],
  };
}

/** The term an instant falls in, on the club's calendar. */
export function termOf(instant: Date): Term {
  const { year, month } = clubWallClock(instant);
  return termFor(seasonOfMonth(month), year);
}

/** The term a page's address names ('2026-fall'), or null for anything else. */
export function parseTermKey(value: unknown): Term | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(winter|summer|fall)$/.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2000 || year > 2100) return null;
  return termFor(match[2] as Season, year);
}

export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? String(month);
}

/* ------------------------------------------------------------------------------------------ */
/* Whose events                                                                                */
/* ------------------------------------------------------------------------------------------ */

/** The events whose numbers an account sees: every event, or those it leads. */
export type NumbersScope = { kind: 'all' } | { kind: 'led'; userId: string };

/** The events whose numbers the actor sees, or null when their role sees none. */
export function numbersScopeOf(actor: Actor): NumbersScope | null {
  const reach = reachOf(actor, 'numbers.read');
  if (reach === 'none') return null;
  return reach === 'all' ? { kind: 'all' } : { kind: 'led', userId: actor.id };
}

function scopeCondition(db: Database, scope: NumbersScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return inArray(
    events.id,
    db
      .select({ id: eventLeads.eventId })
      .from(eventLeads)
      .where(eq(eventLeads.userId, scope.userId)),
  );
}

/* ------------------------------------------------------------------------------------------ */
/* One event                                                                                   */
/* ------------------------------------------------------------------------------------------ */

export type EventNumbers = Counts & {
  eventId: number;
  title: string;
  startsAt: Date | null;
  cancelled: boolean;
  noShowRate: number | null;
};

/** One event's numbers, or null when there is no such event. */
export async function eventNumbers(db: Database, eventId: number): Promise<EventNumbers | null> {
  const [row] = await numbersQuery(db, eq(events.id, eventId));
  return row ?? null;
}

/**
 * Events' numbers, soonest first: the events in one query and their registrations' counts in
 * one grouped query (lib/registrations/counts.ts), whatever the number of events.
 */
async function numbersQuery(db: Database, where: SQL | undefined): Promise<EventNumbers[]> {
  const rows = await db
    .select({
      eventId: events.id,
      title: events.title,
      startsAt: events.startsAt,
      cancelledAt: events.cancelledAt,
    })
    .from(events)
    .where(where)
    .orderBy(asc(events.startsAt), asc(events.id));
  const counts = await registrationCountsByEvent(
    db,
    rows.map((row) => row.eventId),
  );
  return rows.map(({ cancelledAt, ...row }) => {
    const figures = figuresOf(counts.get(row.eventId) ?? emptyCounts());
    return { ...row, cancelled: cancelledAt !== null, ...figures, noShowRate: noShowRate(figures) };
  });
}

/* ------------------------------------------------------------------------------------------ */
/* One term                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export type MonthNumbers = { month: number; label: string; registered: number; checkedIn: number };

export type TermNumbers = {
  term: Term;
  /** The term's events the account may see, cancelled ones left out, soonest first. */
  events: EventNumbers[];
  /** Events of the term that have started (held), and the totals over every listed event. */
  eventsHeld: number;
  registered: number;
  checkedIn: number;
  noShows: number;
  lateCancellations: number;
  noShowRate: number | null;
  /** Registrations and attendance by the month of the event, each of the term's four months. */
  byMonth: MonthNumbers[];
};

/** A term's numbers for the events the account may see. */
export async function termNumbers(
  db: Database,
  scope: NumbersScope,
  term: Term,
  now: Date = new Date(),
): Promise<TermNumbers> {
  const rows = await numbersQuery(
    db,
    and(
      gte(events.startsAt, term.startsAt),
      lt(events.startsAt, term.endsAt),
      isNull(events.cancelledAt),
      scopeCondition(db, scope),
    ),
  );
  const sum = (name: keyof Counts) => rows.reduce((total, row) => total + row[name], 0);
  const totals = {
    registered: sum('registered'),
    checkedIn: sum('checkedIn'),
    noShows: sum('noShows'),
    lateCancellations: sum('lateCancellations'),
  };
  const byMonth = term.months.map((month): MonthNumbers => {
    const inMonth = rows.filter(
      (row) => row.startsAt && clubWallClock(row.startsAt).month === month,
    );
    return {
      month,
      label: monthName(month),
      registered: inMonth.reduce((total, row) => total + row.registered, 0),
      checkedIn: inMonth.reduce((total, row) => total + row.checkedIn, 0),
    };
  });
  return {
    term,
    events: rows,
    eventsHeld: rows.filter((row) => row.startsAt && row.startsAt.getTime() <= now.getTime())
      .length,
    ...totals,
    noShowRate: noShowRate(totals),
    byMonth,
  };
}

/**
 * The terms with at least one event the account may see, newest first, and the current term
 * whether or not it has any: the choices of the term page.
 */
export async function termsWithEvents(
  db: Database,
  scope: NumbersScope,
  now: Date = new Date(),
): Promise<Term[]> {
  const local = sql`(${events.startsAt} at time zone ${sql.raw(`'${CLUB_TIME_ZONE}'`)})`;
  const rows = await db
    .selectDistinct({
      year: sql<number>`extract(year from ${local})`.mapWith(Number),
      month: sql<number>`extract(month from ${local})`.mapWith(Number),
    })
    .from(events)
    .where(and(isNotNull(events.startsAt), isNull(events.cancelledAt), scopeCondition(db, scope)));
  const terms = new Map<string, Term>();
  const current = termOf(now);
  terms.set(current.key, current);
  for (const { year, month } of rows) {
    const term = termFor(seasonOfMonth(month), year);
    terms.set(term.key, term);
  }
  return [...terms.values()].sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
}

/* ------------------------------------------------------------------------------------------ */
/* CSV files                                                                                   */
/* ------------------------------------------------------------------------------------------ */

const CSV_HEADER = [
  'Event',
  'Date',
  'Registered',
  'Places taken',
  'Confirmed (not checked in)',
  'Checked in',
  'No-shows',
  'No-show rate (no-shows / (checked in + no-shows))',
  'Late cancellations',
] as const;

function csvRow(row: EventNumbers) {
  return [
    row.title,
    row.startsAt ? clubDate(row.startsAt) : '',
    row.registered,
    row.placesTaken,
    row.confirmed,
    row.checkedIn,
    row.noShows,
    row.noShowRate === null ? '' : percentWords(row.noShowRate),
    row.lateCancellations,
  ];
}

function rowsWords(rows: number): string {
  return rows === 1 ? '1 row' : `${rows} rows`;
}

/** One event's numbers as a CSV file, with its audit entry counting the rows written. */
export async function exportEventNumbers(
  db: Database,
  actor: SignedIn,
  numbers: EventNumbers,
): Promise<string> {
  const rows = [csvRow(numbers)];
  const csv = toCsv(CSV_HEADER, rows, { bom: true });
  await recordChange(db, actor, {
    action: 'numbers.export',
    recordType: 'event',
    recordId: numbers.eventId,
    summary: `Exported the numbers of "${numbers.title}" (${rowsWords(rows.length)})`,
    after: { rows: rows.length },
  });
  return csv;
}

/** A term's numbers as a CSV file (one row per event), with its audit entry. */
export async function exportTermNumbers(
  db: Database,
  actor: SignedIn,
  numbers: TermNumbers,
): Promise<string> {
  const rows = numbers.events.map(csvRow);
  const csv = toCsv(CSV_HEADER, rows, { bom: true });
  await recordChange(db, actor, {
    action: 'numbers.export',
    recordType: 'event',
    summary: `Exported the numbers of ${numbers.term.label} (${rowsWords(rows.length)}, one per event)`,
    after: { term: numbers.term.key, rows: rows.length },
  });
  return csv;
}

/** 'numbers-fall-2026.csv', 'numbers-event-12-2026-11-20.csv'. */
export function termNumbersFileName(term: Term): string {
  return `numbers-${term.season}-${term.year}.csv`;
}

export function eventNumbersFileName(event: Pick<Event, 'id' | 'startsAt'>): string {
  return `numbers-event-${event.id}${event.startsAt ? `-${clubDate(event.startsAt)}` : ''}.csv`;
}
