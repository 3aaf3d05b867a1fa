import 'server-only';
import { and, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import {
  adminUsers,
  auditLog,
  eventQuestions,
  eventRegistrations,
  events,
  membershipPayments,
  membershipRefunds,
  memberships,
  membershipTypes,
} from '@/lib/db/schema';
import { clubDate } from '@/lib/db/time';
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from '@/lib/memberships/statuses';
import { browserWords } from './browsers';
import { ID_FIELDS, RECORD_KINDS, type RecordKind, type RecordNames } from './changes';
import { clubDayWords, membershipYearWords, moneyWords } from './value-words';
import {
  auditEntryWithoutFinanceFacts,
  namesFinanceFacts,
  notFinanceAction,
} from '@/lib/memberships/finance-facts';
import { likeLiteral } from '../admin/search';

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = {
  /** Entries of one account (its id), as actor. */
  actorId?: string;
  /** Entries about one kind of record: `account`, `event`, … */
  recordType?: string;
  /** Words found in the entry's summary (case-insensitive). */
  text?: string;
  /** 1 for the newest entries. */
  page?: number;
};

/** Who reads the log: without `withMoney` (payments.read), entries read without finance facts. */
export type AuditReader = { withMoney: boolean };

/**
 * One page of the audit log, newest first, and whether older entries follow. A reader without
 * payments.read gets no entry of finance's own work, the others without amounts or payment
 * references (lib/memberships/finance-facts.ts), and no answer to a search for an amount or a
 * reference (its matches would say what the hidden words are).
 */
export async function listAuditEntries(
  db: Database,
  filter: AuditFilter,
  { withMoney }: AuditReader = { withMoney: true },
) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.recordType) conditions.push(eq(auditLog.recordType, filter.recordType));
  const text = filter.text?.trim();
  if (text) conditions.push(ilike(auditLog.summary, `%${likeLiteral(text)}%`));
  const page = Math.max(1, Math.floor(filter.page ?? 1));
  if (!withMoney) {
    if (text && namesFinanceFacts(text)) return { entries: [], hasOlder: false, page };
    conditions.push(notFinanceAction(auditLog.action));
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const entries = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: withMoney ? entries : entries.map(auditEntryWithoutFinanceFacts),
    hasOlder: rows.length > AUDIT_PAGE_SIZE,
    page,
  };
}

/** The people and kinds of record the log has entries for, for its filters. */
export async function auditFilterChoices(db: Database) {
  const [actors, recordTypes] = await Promise.all([
    db
      .selectDistinct({ id: auditLog.actorId, name: auditLog.actorName })
      .from(auditLog)
      .orderBy(auditLog.actorName),
    db
      .selectDistinct({ recordType: auditLog.recordType })
      .from(auditLog)
      .orderBy(auditLog.recordType),
  ]);
  return {
    actors: actors.filter((actor): actor is { id: string; name: string } => actor.id !== null),
    recordTypes: recordTypes.map((row) => row.recordType),
  };
}

type AuditEntry = typeof auditLog.$inferSelect;

/** The ids of each kind of record an entry points to, and its browser strings. */
type Pointers = Record<RecordKind, Set<string>> & { browsers: Set<string> };

/** Walks an entry's values (and the groups in them, an export's filter) for what they point to. */
function collectPointers(values: unknown, into: Pointers): void {
  if (Array.isArray(values)) {
    for (const one of values) collectPointers(one, into);
    return;
  }
  if (typeof values !== 'object' || values === null) return;
  for (const [key, value] of Object.entries(values)) {
    const field = ID_FIELDS[key];
    if (field) {
      for (const one of Array.isArray(value) ? value : [value]) {
        if (typeof one === 'string' || typeof one === 'number') into[field.kind].add(String(one));
      }
    } else if (key === 'payments' && Array.isArray(value)) {
      // A payment as it was before the change: `{ id, state }`.
      for (const payment of value) {
        const id = (payment as { id?: unknown } | null)?.id;
        if (typeof id === 'number' || typeof id === 'string') into.payments.add(String(id));
      }
    } else if (key === 'userAgent' && typeof value === 'string') {
      into.browsers.add(value);
    } else {
      collectPointers(value, into);
    }
  }
}

/** The ids that are whole numbers, for the tables whose ids are. */
function numeric(ids: Set<string>): number[] {
  return [...ids].map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
}

const when = <T>(ids: unknown[], read: () => Promise<T[]>): Promise<T[]> =>
  ids.length > 0 ? read() : Promise.resolve([]);

/**
 * The names of the records the entries point to (the record itself, and the accounts, events,
 * memberships, payments, refunds, types, questions and registrations in their values), one query
 * per kind for the page, and each browser string in words, for the log to read in words, not ids.
 * Without `withMoney`, payments and refunds are named without their amounts.
 */
export async function auditRecordNames(
  db: Database,
  entries: AuditEntry[],
  { withMoney }: AuditReader = { withMoney: true },
): Promise<RecordNames> {
  const pointers: Pointers = {
    accounts: new Set(),
    events: new Set(),
    memberships: new Set(),
    payments: new Set(),
    refunds: new Set(),
    types: new Set(),
    questions: new Set(),
    registrations: new Set(),
    browsers: new Set(),
  };
  for (const entry of entries) {
    const kind = RECORD_KINDS[entry.recordType];
    if (kind && entry.recordId) pointers[kind].add(entry.recordId);
    collectPointers(entry.before, pointers);
    collectPointers(entry.after, pointers);
  }
  const accountIds = [...pointers.accounts];
  const eventIds = numeric(pointers.events);
  const membershipIds = numeric(pointers.memberships);
  const paymentIds = numeric(pointers.payments);
  const refundIds = numeric(pointers.refunds);
  const typeIds = numeric(pointers.types);
  const questionIds = numeric(pointers.questions);
  const registrationIds = numeric(pointers.registrations);
  const [
    accountRows,
    eventRows,
    membershipRows,
    paymentRows,
    refundRows,
    typeRows,
    questionRows,
    registrationRows,
  ] = await Promise.all([
    when(accountIds, () =>
      db
        .select({ id: adminUsers.id, name: adminUsers.name })
        .from(adminUsers)
        .where(inArray(adminUsers.id, accountIds)),
    ),
    when(eventIds, () =>
      db
        .select({ id: events.id, name: events.title })
        .from(events)
        .where(inArray(events.id, eventIds)),
    ),
    when(membershipIds, () =>
      db
        .select({
          id: memberships.id,
          legalName: memberships.legalName,
          memberId: memberships.memberId,
        })
        .from(memberships)
        .where(inArray(memberships.id, membershipIds)),
    ),
    when(paymentIds, () =>
      db
        .select({
          id: membershipPayments.id,
          method: membershipPayments.method,
          amountCents: membershipPayments.amountCents,
          currency: membershipPayments.currency,
          receivedOn: membershipPayments.receivedOn,
        })
        .from(membershipPayments)
        .where(inArray(membershipPayments.id, paymentIds)),
    ),
    when(refundIds, () =>
      db
        .select({
          id: membershipRefunds.id,
          amountCents: membershipRefunds.amountCents,
          currency: membershipRefunds.currency,
          recordedAt: membershipRefunds.recordedAt,
        })
        .from(membershipRefunds)
        .where(inArray(membershipRefunds.id, refundIds)),
    ),
    when(typeIds, () =>
      db
        .select({ id: membershipTypes.id, name: membershipTypes.name, year: membershipTypes.year })
        .from(membershipTypes)
        .where(inArray(membershipTypes.id, typeIds)),
    ),
    when(questionIds, () =>
      db
        .select({ id: eventQuestions.id, label: eventQuestions.label })
        .from(eventQuestions)
        .where(inArray(eventQuestions.id, questionIds)),
    ),
    when(registrationIds, () =>
      db
        .select({
          id: eventRegistrations.id,
          firstName: eventRegistrations.firstName,
          lastName: eventRegistrations.lastName,
        })
        .from(eventRegistrations)
        .where(inArray(eventRegistrations.id, registrationIds)),
    ),
  ]);
  const amount = (cents: number, currency: string) =>
    withMoney ? ` of ${moneyWords(cents, currency)}` : '';
  return {
    accounts: new Map(accountRows.map((row) => [row.id, row.name])),
    events: new Map(eventRows.map((row) => [String(row.id), row.name])),
    memberships: new Map(
      membershipRows
        // An erased membership keeps its row without a name: it reads as erased.
        .filter((row) => row.legalName.trim() !== '')
        .map((row) => [
          String(row.id),
          `${row.legalName}${row.memberId ? ` (${row.memberId})` : ''}`,
        ]),
    ),
    payments: new Map(
      paymentRows.map((row) => [
        String(row.id),
        `${PAYMENT_METHOD_NAMES[row.method as PaymentMethod] ?? 'Payment'}${amount(row.amountCents, row.currency)} received ${clubDayWords(row.receivedOn)}`,
      ]),
    ),
    refunds: new Map(
      refundRows.map((row) => [
        String(row.id),
        `Refund${amount(row.amountCents, row.currency)} recorded ${clubDayWords(clubDate(row.recordedAt))}`,
      ]),
    ),
    types: new Map(
      typeRows.map((row) => [String(row.id), `${row.name} (${membershipYearWords(row.year)})`]),
    ),
    questions: new Map(questionRows.map((row) => [String(row.id), `“${row.label}”`])),
    registrations: new Map(
      registrationRows.map((row) => [String(row.id), `${row.firstName} ${row.lastName}`.trim()]),
    ),
    browsers: new Map([...pointers.browsers].map((text) => [text, browserWords(text)])),
  };
}
