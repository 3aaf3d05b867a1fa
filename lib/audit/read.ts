import 'server-only';
import { and, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { adminUsers, auditLog, events, memberships } from '@/lib/db/schema';
import type { RecordNames } from './changes';
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

/** The ids an entry points to: the record itself and the ids in its values. */
function idsIn(entry: AuditEntry, key: string, recordType: string): string[] {
  const ids: string[] = [];
  if (entry.recordType === recordType && entry.recordId) ids.push(entry.recordId);
  for (const values of [entry.before, entry.after]) {
    if (typeof values !== 'object' || values === null) continue;
    const value = (values as Record<string, unknown>)[key];
    for (const one of Array.isArray(value) ? value : [value]) {
      if (typeof one === 'string' || typeof one === 'number') ids.push(String(one));
    }
  }
  return ids;
}

/**
 * The names of the accounts, events and memberships the entries point to (the record, event
 * leads, an event or membership id in the values), for the log to show names, not ids.
 */
export async function auditRecordNames(db: Database, entries: AuditEntry[]): Promise<RecordNames> {
  const accountIds = [
    ...new Set(
      entries.flatMap((entry) => [
        ...idsIn(entry, 'leadIds', 'account'),
        ...idsIn(entry, 'accountId', 'account'),
      ]),
    ),
  ];
  const numeric = (ids: string[]) =>
    [...new Set(ids)].map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  const eventIds = numeric(entries.flatMap((entry) => idsIn(entry, 'eventId', 'event')));
  const membershipIds = numeric(
    entries.flatMap((entry) => idsIn(entry, 'membershipId', 'membership')),
  );
  const [accountRows, eventRows, membershipRows] = await Promise.all([
    accountIds.length > 0
      ? db
          .select({ id: adminUsers.id, name: adminUsers.name })
          .from(adminUsers)
          .where(inArray(adminUsers.id, accountIds))
      : [],
    eventIds.length > 0
      ? db
          .select({ id: events.id, name: events.title })
          .from(events)
          .where(inArray(events.id, eventIds))
      : [],
    membershipIds.length > 0
      ? db
          .select({
            id: memberships.id,
            name: memberships.preferredName,
            legalName: memberships.legalName,
            memberId: memberships.memberId,
          })
          .from(memberships)
          .where(inArray(memberships.id, membershipIds))
      : [],
  ]);
  return {
    accounts: new Map(accountRows.map((row) => [row.id, row.name])),
    events: new Map(eventRows.map((row) => [String(row.id), row.name])),
    memberships: new Map(
      membershipRows.map((row) => [
        String(row.id),
        `${row.legalName}${row.memberId ? ` (${row.memberId})` : ''}`,
      ]),
    ),
  };
}
