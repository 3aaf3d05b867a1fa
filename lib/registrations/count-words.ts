import {
  isRegistrationStatus,
  PLACE_HOLDING_STATUSES,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
  STATUS_LABELS,
} from './statuses';

/**
 * The one definition of every count of an event's registrations that the console shows: the
 * event page's header and status tabs, the door board, the events list, the dashboard and the
 * numbers. Each is read by one query (`registrationCounts`, or `registrationCountsByEvent` for a
 * list of events) and derived here, so that no two places count the same words differently.
 *
 * Each status counts once, under its own name: 'confirmed' is the registrations whose status is
 * confirmed (not yet checked in), never the place-holding ones together; those are `placesTaken`.
 */
export type RegistrationCounts = {
  /** Every registration on record, whatever its status: the 'All' tab. */
  all: number;
  /** Each status's registrations: the status tabs. */
  byStatus: Record<RegistrationStatus, number>;
  /** Confirmed, checked in, no-shows and excused: what the capacity counts ('3 / 40 places taken'). */
  placesTaken: number;
  /** Waiting for staff to review (status `submitted`). */
  awaitingReview: number;
  /** Confirmed and not (yet) checked in. */
  confirmed: number;
  /** Checked in at the door (status `attended`). */
  checkedIn: number;
  noShows: number;
  excused: number;
  waitlisted: number;
  /** Cancelled, by the person or by staff, late or not. */
  cancelled: number;
  /** Cancelled by the person after the event's cut-off. */
  lateCancellations: number;
  declined: number;
};

/** One row of the counting query: how many registrations have this status (and lateness). */
export type StatusTallyRow = { status: string; late: boolean; rows: number };

export function emptyCounts(): RegistrationCounts {
  return countsFromTally([]);
}

/** The counts from the rows of the counting query (or any list of statuses, one row each). */
export function countsFromTally(rows: readonly StatusTallyRow[]): RegistrationCounts {
  const byStatus = Object.fromEntries(REGISTRATION_STATUSES.map((status) => [status, 0])) as Record<
    RegistrationStatus,
    number
  >;
  let lateCancellations = 0;
  for (const row of rows) {
    // A status the code does not know (an old row) still counts in 'All'.
    if (isRegistrationStatus(row.status)) byStatus[row.status] += row.rows;
    if (row.status === 'cancelled' && row.late) lateCancellations += row.rows;
  }
  return {
    all: rows.reduce((sum, row) => sum + row.rows, 0),
    byStatus,
    placesTaken: PLACE_HOLDING_STATUSES.reduce((sum, status) => sum + byStatus[status], 0),
    awaitingReview: byStatus.submitted,
    confirmed: byStatus.confirmed,
    checkedIn: byStatus.attended,
    noShows: byStatus.no_show,
    excused: byStatus.excused,
    waitlisted: byStatus.waitlisted,
    cancelled: byStatus.cancelled,
    lateCancellations,
    declined: byStatus.declined,
  };
}

/** '1 no-show', '2 no-shows': a count with its noun, in the right number. */
export function countOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${value} ${value === 1 ? singular : plural}`;
}

/** The places line of an event: '3 / 40 places taken', or '3 places taken (no limit)'. */
export function placesTakenLabel(
  counts: Pick<RegistrationCounts, 'placesTaken'>,
  capacity: number | null,
) {
  return capacity === null
    ? `${countOf(counts.placesTaken, 'place')} taken (no limit)`
    : `${counts.placesTaken} / ${capacity} ${capacity === 1 ? 'place' : 'places'} taken`;
}

/** The door board's figures, in the words of the status tabs. */
export function doorFigures(counts: RegistrationCounts): Array<{ value: number; words: string }> {
  return [
    { value: counts.confirmed, words: 'confirmed' },
    { value: counts.checkedIn, words: 'checked in' },
    ...(counts.noShows > 0
      ? [{ value: counts.noShows, words: counts.noShows === 1 ? 'no-show' : 'no-shows' }]
      : []),
    ...(counts.excused > 0 ? [{ value: counts.excused, words: 'excused' }] : []),
  ];
}

/**
 * The status tabs of the registrants list: 'All (4)', then each status that has registrations
 * (and Confirmed always), with its count.
 */
export function statusTabs(
  counts: RegistrationCounts,
): Array<{ status: RegistrationStatus | null; text: string }> {
  return [
    { status: null, text: `All (${counts.all})` },
    ...REGISTRATION_STATUSES.filter(
      (status) => counts.byStatus[status] > 0 || status === 'confirmed',
    ).map((status) => ({
      status,
      text: `${STATUS_LABELS[status]} (${counts.byStatus[status]})`,
    })),
  ];
}
