import 'server-only';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lte,
  or,
  type SQL,
} from 'drizzle-orm';
import { containsPattern } from '@/lib/admin/search';
import type { Database } from '@/lib/db/client';
import {
  membershipPayments,
  membershipRefunds,
  memberships,
  membershipStatusChanges,
  membershipTypes,
} from '@/lib/db/schema';
import { clubDate, clubInstant, clubWallClock } from '@/lib/db/time';
import { paymentWords, type PaymentWords } from './payment-words';
import { MEMBERSHIP_STATUSES, type MembershipStatus } from './statuses';

/**
 * The console's reads of the club's members (club-operations.md, 'Membership'): the roster's
 * search and filters, one member's page, and the dashboard's counts. Amounts are read here only
 * for callers that pass `withMoney` (payments.read); the coordinator learns whether a membership
 * is paid, nothing more.
 */

export const ROSTER_PAGE_SIZE = 25;

export type RosterFilter = {
  /**
   * Words in a name, a uOttawa or personal email or a member ID; or a payment reference, for a
   * search that may use it (`byPaymentReference`: finance and super admins).
   */
  text: string;
  status: MembershipStatus | null;
  typeId: number | null;
  program: string | null;
  yearOfStudy: string | null;
  /** Only memberships whose validity ends within this many days (the dashboard's 'expiring'). */
  expiringWithinDays: number | null;
  /** Only applications created since the first day of this month (the dashboard's 'new'). */
  newThisMonth: boolean;
  page: number;
};

export const EMPTY_FILTER: RosterFilter = {
  text: '',
  status: null,
  typeId: null,
  program: null,
  yearOfStudy: null,
  expiringWithinDays: null,
  newThisMonth: false,
  page: 1,
};

const single = (value: string | string[] | undefined): string =>
  typeof value === 'string' ? value.trim() : '';

export function isMembershipStatus(value: unknown): value is MembershipStatus {
  return MEMBERSHIP_STATUSES.includes(value as MembershipStatus);
}

/**
 * The filter an address asks for (`?q=…&status=active&type=2&program=…&study=…&page=2`); what
 * cannot be read is left out rather than refused, so an edited address still lists members.
 */
export function parseRosterFilter(search: Record<string, string | string[] | undefined>) {
  const status = single(search.status);
  const type = single(search.type);
  const page = single(search.page);
  const expiring = single(search.expiring);
  return {
    text: single(search.q).slice(0, 100),
    status: isMembershipStatus(status) ? status : null,
    typeId: /^\d{1,9}$/.test(type) ? Number(type) : null,
    program: single(search.program).slice(0, 100) || null,
    yearOfStudy: single(search.study).slice(0, 20) || null,
    expiringWithinDays: /^\d{1,3}$/.test(expiring) ? Number(expiring) : null,
    newThisMonth: single(search.new) === 'month',
    page: /^\d{1,6}$/.test(page) ? Math.max(1, Number(page)) : 1,
  } satisfies RosterFilter;
}

/** The address parameters of a filter (the inverse of parseRosterFilter), page aside. */
export function rosterQuery(filter: RosterFilter, page = filter.page): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.text) query.set('q', filter.text);
  if (filter.status) query.set('status', filter.status);
  if (filter.typeId !== null) query.set('type', String(filter.typeId));
  if (filter.program) query.set('program', filter.program);
  if (filter.yearOfStudy) query.set('study', filter.yearOfStudy);
  if (filter.expiringWithinDays !== null) query.set('expiring', String(filter.expiringWithinDays));
  if (filter.newThisMonth) query.set('new', 'month');
  if (page > 1) query.set('page', String(page));
  return query;
}

/** Midnight of the first day of `now`'s month in the club's time zone. */
export function startOfClubMonth(now: Date): Date {
  const wall = clubWallClock(now);
  return clubInstant({ year: wall.year, month: wall.month, day: 1, hour: 0, minute: 0 });
}

/** The club's calendar date `days` days after `now`'s. */
export function clubDatePlus(now: Date, days: number): string {
  const [year, month, day] = clubDate(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Applications whose uOttawa address was confirmed: the only ones the console lists and counts. */
export const confirmedApplication = isNotNull(memberships.emailConfirmedAt);

/** Who searches: whether the words may match payment references (payments.read). */
export type RosterReader = { byPaymentReference: boolean };

/**
 * The SQL conditions of a filter (no paging). The words match payment references only for a
 * reader with payments.read: for the others a reference finds nothing, as if it were any word,
 * so the search does not tell whose reference it is.
 */
export function rosterConditions(
  filter: RosterFilter,
  now = new Date(),
  { byPaymentReference }: RosterReader = { byPaymentReference: false },
): SQL | undefined {
  // An application counts once its uOttawa address is confirmed (lib/memberships/apply.ts):
  // before that nobody in the console sees it, finance included.
  const conditions: SQL[] = [confirmedApplication];
  const pattern = containsPattern(filter.text);
  if (pattern) {
    conditions.push(
      or(
        ilike(memberships.legalName, pattern),
        ilike(memberships.preferredName, pattern),
        ilike(memberships.uottawaEmail, pattern),
        ilike(memberships.personalEmail, pattern),
        ilike(memberships.memberId, pattern),
        byPaymentReference ? ilike(memberships.paymentReference, pattern) : undefined,
      )!,
    );
  }
  if (filter.status) conditions.push(eq(memberships.status, filter.status));
  if (filter.typeId !== null) conditions.push(eq(memberships.typeId, filter.typeId));
  if (filter.program) conditions.push(eq(memberships.program, filter.program));
  if (filter.yearOfStudy) conditions.push(eq(memberships.yearOfStudy, filter.yearOfStudy));
  if (filter.expiringWithinDays !== null) {
    conditions.push(
      eq(memberships.status, 'active'),
      gte(memberships.validUntil, clubDate(now)),
      lte(memberships.validUntil, clubDatePlus(now, filter.expiringWithinDays)),
    );
  }
  if (filter.newThisMonth) {
    conditions.push(gte(memberships.createdAt, startOfClubMonth(now)));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const rosterColumns = {
  id: memberships.id,
  memberId: memberships.memberId,
  legalName: memberships.legalName,
  preferredName: memberships.preferredName,
  uottawaEmail: memberships.uottawaEmail,
  program: memberships.program,
  yearOfStudy: memberships.yearOfStudy,
  status: memberships.status,
  typeName: membershipTypes.name,
  year: memberships.year,
  validUntil: memberships.validUntil,
  createdAt: memberships.createdAt,
};

export type RosterRow = {
  id: number;
  memberId: string | null;
  legalName: string;
  preferredName: string;
  uottawaEmail: string;
  program: string;
  yearOfStudy: string;
  status: MembershipStatus;
  typeName: string;
  year: number;
  validUntil: string;
  createdAt: Date;
  /** Whether it is paid, in the roster CSV's words (./payment-words.ts): no amount. */
  payment: PaymentWords;
};

/** One page of the roster, newest application first, with the number of matches. */
export async function searchRoster(
  db: Database,
  filter: RosterFilter,
  now = new Date(),
  reader: RosterReader = { byPaymentReference: false },
): Promise<{ rows: RosterRow[]; hasMore: boolean; total: number }> {
  const where = rosterConditions(filter, now, reader);
  const [rows, [counted]] = await Promise.all([
    db
      .select(rosterColumns)
      .from(memberships)
      .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.typeId))
      .where(where)
      .orderBy(desc(memberships.createdAt), desc(memberships.id))
      .limit(ROSTER_PAGE_SIZE + 1)
      .offset((filter.page - 1) * ROSTER_PAGE_SIZE),
    db.select({ rows: count() }).from(memberships).where(where),
  ]);
  const shown = rows.slice(0, ROSTER_PAGE_SIZE);
  const words = await paymentWordsById(
    db,
    shown.map((row) => row.id),
  );
  return {
    rows: shown.map((row) => ({
      ...row,
      status: row.status as MembershipStatus,
      payment: words.get(row.id) ?? 'Not paid',
    })),
    hasMore: rows.length > ROSTER_PAGE_SIZE,
    total: counted?.rows ?? 0,
  };
}

/** Each membership's payment in words, by id, from its payments and refunds. */
async function paymentWordsById(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, PaymentWords>> {
  if (ids.length === 0) return new Map();
  const [payments, refunds] = await Promise.all([
    db
      .select({
        id: membershipPayments.id,
        membershipId: membershipPayments.membershipId,
        state: membershipPayments.state,
        amountCents: membershipPayments.amountCents,
      })
      .from(membershipPayments)
      .where(inArray(membershipPayments.membershipId, [...ids])),
    db
      .select({
        membershipId: membershipRefunds.membershipId,
        paymentId: membershipRefunds.paymentId,
        state: membershipRefunds.state,
        amountCents: membershipRefunds.amountCents,
      })
      .from(membershipRefunds)
      .where(inArray(membershipRefunds.membershipId, [...ids])),
  ]);
  return new Map(
    ids.map((id) => [
      id,
      paymentWords(
        payments.filter((payment) => payment.membershipId === id),
        refunds.filter((refund) => refund.membershipId === id),
      ),
    ]),
  );
}

/** The filters' choices: the types (every year) and the programs and years of study on file. */
export async function rosterChoices(db: Database) {
  const [types, programs, years] = await Promise.all([
    db
      .select({ id: membershipTypes.id, name: membershipTypes.name, year: membershipTypes.year })
      .from(membershipTypes)
      .orderBy(desc(membershipTypes.year), asc(membershipTypes.sortOrder), asc(membershipTypes.id)),
    db
      .selectDistinct({ value: memberships.program })
      .from(memberships)
      .where(confirmedApplication)
      .orderBy(asc(memberships.program)),
    db
      .selectDistinct({ value: memberships.yearOfStudy })
      .from(memberships)
      .where(confirmedApplication)
      .orderBy(asc(memberships.yearOfStudy)),
  ]);
  return {
    types,
    programs: programs.map((row) => row.value),
    yearsOfStudy: years.map((row) => row.value),
  };
}

/**
 * What a status change says to a role without payments.read: the moves finance makes (a payment
 * confirmed, a problem flagged, a refund) have reasons with amounts and references, so those
 * read as what happened, without them.
 */
export function withoutMoney<
  T extends { fromStatus: string | null; toStatus: string; reason: string | null },
>(change: T): T {
  const byPayment =
    change.toStatus === 'payment_review' ||
    change.toStatus === 'refunded' ||
    (change.toStatus === 'active' &&
      (change.fromStatus === 'pending' || change.fromStatus === 'payment_review'));
  if (!byPayment || change.reason === null) return change;
  const reason =
    change.toStatus === 'active'
      ? 'Payment confirmed by finance.'
      : change.toStatus === 'refunded'
        ? 'Refunded by finance.'
        : 'Finance found a problem with the payment.';
  return { ...change, reason };
}

/** One member's page: the application, its type, status history, and money for finance. */
export async function findMembership(
  db: Database,
  id: number,
  { withMoney }: { withMoney: boolean },
) {
  const [row] = await db
    .select({ membership: memberships, typeName: membershipTypes.name })
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.typeId))
    .where(eq(memberships.id, id));
  if (!row) return null;
  const [history, payments, refunds] = await Promise.all([
    db
      .select()
      .from(membershipStatusChanges)
      .where(eq(membershipStatusChanges.membershipId, id))
      .orderBy(asc(membershipStatusChanges.at), asc(membershipStatusChanges.id)),
    db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.membershipId, id))
      .orderBy(asc(membershipPayments.recordedAt), asc(membershipPayments.id)),
    db
      .select()
      .from(membershipRefunds)
      .where(eq(membershipRefunds.membershipId, id))
      .orderBy(asc(membershipRefunds.recordedAt), asc(membershipRefunds.id)),
  ]);
  return {
    membership: { ...row.membership, status: row.membership.status as MembershipStatus },
    typeName: row.typeName,
    history: withMoney ? history : history.map(withoutMoney),
    /** Whether it is paid, in the roster CSV's words: all a coordinator learns of the money. */
    payment: paymentWords(payments, refunds),
    // Amounts and references stay on the server for the roles without payments.read.
    payments: withMoney ? payments : null,
    refunds: withMoney ? refunds : null,
  };
}

export type MembershipDetail = NonNullable<Awaited<ReturnType<typeof findMembership>>>;

export type MembershipCounts = {
  total: number;
  active: number;
  pending: number;
  paymentReview: number;
  newThisMonth: number;
  expiringSoon: number;
  paymentsToConfirm: number;
  refundsPending: number;
};

/** The days ahead the dashboard's 'expiring soon' looks. */
export const EXPIRING_WITHIN_DAYS = 30;

/** The dashboard's figures: the members' by status and dates, and the money waiting. */
export async function membershipCounts(db: Database, now = new Date()): Promise<MembershipCounts> {
  const countWhere = async (where: SQL | undefined) =>
    (await db.select({ rows: count() }).from(memberships).where(where))[0]?.rows ?? 0;
  const [byStatus, newThisMonth, expiringSoon, [toConfirm], [refundsPending]] = await Promise.all([
    db
      .select({ status: memberships.status, rows: count() })
      .from(memberships)
      .where(confirmedApplication)
      .groupBy(memberships.status),
    countWhere(rosterConditions({ ...EMPTY_FILTER, newThisMonth: true }, now)),
    countWhere(
      rosterConditions({ ...EMPTY_FILTER, expiringWithinDays: EXPIRING_WITHIN_DAYS }, now),
    ),
    // As 'Payments to confirm' lists them (ledger.ts), of confirmed applications only.
    db
      .select({ rows: count() })
      .from(membershipPayments)
      .innerJoin(memberships, eq(memberships.id, membershipPayments.membershipId))
      .where(and(inArray(membershipPayments.state, ['recorded', 'flagged']), confirmedApplication)),
    db
      .select({ rows: count() })
      .from(membershipRefunds)
      .where(eq(membershipRefunds.state, 'pending')),
  ]);
  const ofStatus = (status: MembershipStatus) =>
    byStatus.find((row) => row.status === status)?.rows ?? 0;
  return {
    total: byStatus.reduce((sum, row) => sum + row.rows, 0),
    active: ofStatus('active'),
    pending: ofStatus('pending'),
    paymentReview: ofStatus('payment_review'),
    newThisMonth,
    expiringSoon,
    paymentsToConfirm: toConfirm?.rows ?? 0,
    refundsPending: refundsPending?.rows ?? 0,
  };
}
