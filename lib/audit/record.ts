import 'server-only';
import type { Database } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';

/**
 * Who made a change: a signed-in account, someone without one (an applicant: id null, a name),
 * or the system itself (actor null).
 */
export type ChangeActor = { id: string | null; name: string } | null;

export type Change = {
  /** What was done, as `record.verb`: `account.invite`, `event.update`, … */
  action: string;
  recordType: string;
  recordId?: string | number | null;
  /** One line a person reads in the log: "Changed Mei Chen's role to coordinator". */
  summary: string;
  before?: unknown;
  after?: unknown;
};

/** The longest summary the log keeps; longer ones are cut with an ellipsis. */
const SUMMARY_LENGTH = 300;

/**
 * Writes one entry of the audit log. Call it with the transaction that makes the change, so
 * that the change and its entry are stored together or not at all.
 */
export async function recordChange(
  db: Pick<Database, 'insert'>,
  actor: ChangeActor,
  change: Change,
  at = new Date(),
): Promise<void> {
  const summary =
    change.summary.length > SUMMARY_LENGTH
      ? `${change.summary.slice(0, SUMMARY_LENGTH - 1)}…`
      : change.summary;
  await db.insert(auditLog).values({
    at,
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? 'System',
    action: change.action,
    recordType: change.recordType,
    recordId:
      change.recordId === undefined || change.recordId === null ? null : String(change.recordId),
    summary,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}
