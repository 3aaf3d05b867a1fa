import 'server-only';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { recordChange } from '@/lib/audit/record';
import type { SignedIn } from '@/lib/auth/session';
import type { Database } from '@/lib/db/client';
import { toCsv } from '@/lib/db/csv';
import { eventLeads, eventRegistrations, events, type Event } from '@/lib/db/schema';
import { CLUB_TIME_ZONE, clubDate, clubInstant, clubWallClock } from '@/lib/db/time';
import { PLACE_HOLDING_STATUSES } from '@/lib/registrations/statuses';

/**
 * The console's numbers: per event (registered, confirmed, attended, no-shows and their rate,
 * late cancellations) and per academic term (events held, registrations, attendance, no-show
 * rate), with their CSV files. Each figure is counted in SQL, every event of a term in one
 * grouped query.
 */

/* ------------------------------------------------------------------------------------------ */
/* What each figure counts                                                                     */
/* ------------------------------------------------------------------------------------------ */

const registration = eventRegistrations;

/** Each figure, as the registrations it counts. */
const COUNTED = {
  /** Everyone who registered, whatever became of it. */
  registered: sql`true`,
  /** Given a place: confirmed, and what a confirmed registration becomes at and after the event. */
  confirmed: inArray(registration.status, [...PLACE_HOLDING_STATUSES]),
  /** Checked in at the door. */
  attended: eq(registration.status, 'attended'),
  /** Confirmed, not checked in, and marked a no-show after the event. */
  noShows: eq(registration.status, 'no_show'),
  /** Cancelled by the person after the event's cut-off. */
  lateCancellations: and(
    eq(registration.status, 'cancelled'),
    eq(registration.lateCancellation, true),
  )!,
} satisfies Record<string, SQL>;

type CountName = keyof typeof COUNTED;
export type Counts = Record<CountName, number>;

/** The counts as select columns: a joined registration row (null for none) is counted once. */
function countColumns() {
  return Object.fromEntries(
    Object.entries(COUNTED).map(([name, condition]) => [
      name,
      sql<number>`count(${registration.id}) filter (where ${condition})`.mapWith(Number),
    ]),
  ) as { [Name in CountName]: SQL.Aliased<number> | SQL<number> };
}

/**
 * The share of people with a place who did not come, of those whose attendance is known:
 * no-shows / (attended + no-shows). Null until someone is checked in or marked a no-show.
 */
export function noShowRate({ attended, noShows }: Pick<Counts, 'attended' | 'noShows'>) {
  const known = attended + noShows;
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

/** Events' numbers, one row per event (grouped in one query), soonest first. */
async function numbersQuery(db: Database, where: SQL | undefined): Promise<EventNumbers[]> {
  const rows = await db
    .select({
      eventId: events.id,
      title: events.title,
      startsAt: events.startsAt,
      cancelledAt: events.cancelledAt,
      ...countColumns(),
    })
    .from(events)
    .leftJoin(registration, eq(registration.eventId, events.id))
    .where(where)
    .groupBy(events.id)
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.map(({ cancelledAt, ...row }) => ({
    ...row,
    cancelled: cancelledAt !== null,
    noShowRate: noShowRate(row),
  }));
}

/* ------------------------------------------------------------------------------------------ */
/* One term                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export type MonthNumbers = { month: number; label: string; registered: number; attended: number };

export type TermNumbers = {
  term: Term;
  /** The term's events the account may see, cancelled ones left out, soonest first. */
  events: EventNumbers[];
  /** Events of the term that have started (held), and the totals over every listed event. */
  eventsHeld: number;
  registered: number;
  attended: number;
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
  const sum = (name: CountName) => rows.reduce((total, row) => total + row[name], 0);
  const totals = {
    registered: sum('registered'),
    attended: sum('attended'),
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
      attended: inMonth.reduce((total, row) => total + row.attended, 0),
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
  'Confirmed',
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
    row.confirmed,
    row.attended,
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
