import 'server-only';
import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
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

/** One page of the audit log, newest first, and whether older entries follow. */
export async function listAuditEntries(db: Database, filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.recordType) conditions.push(eq(auditLog.recordType, filter.recordType));
  const text = filter.text?.trim();
  if (text) conditions.push(ilike(auditLog.summary, `%${likeLiteral(text)}%`));
  const page = Math.max(1, Math.floor(filter.page ?? 1));
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE), hasOlder: rows.length > AUDIT_PAGE_SIZE, page };
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
