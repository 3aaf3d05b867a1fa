import 'server-only';
import { and, asc, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { emailOutbox, type OutboxEmail } from '@/lib/db/schema';
import type { ComposedEmail, MailAttachment } from './templates';

/**
 * The outbox: every email the server sends is a row here, written by the same transaction as
 * the change that causes it, so a change never happens without its email nor the other way
 * round. `dedupeKey` names the email's reason (`promoted:42`, `reminder:42`): queueing it again
 * does nothing, so a retried request or a scheduler run twice sends nothing twice.
 */

/** A database or one of its transactions: both can queue. */
export type Queryable = Pick<Database, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

export type QueuedEmail = {
  dedupeKey: string;
  kind: string;
  to: string;
  email: ComposedEmail;
  registrationId?: number | null;
};

/** Queues the email; returns false when one with the same key was queued before. */
export async function queueEmail(db: Queryable, queued: QueuedEmail): Promise<boolean> {
  const rows = await db
    .insert(emailOutbox)
    .values({
      dedupeKey: queued.dedupeKey,
      kind: queued.kind,
      toAddress: queued.to,
      subject: queued.email.subject,
      textBody: queued.email.text,
      htmlBody: queued.email.html,
      attachments: queued.email.attachments,
      registrationId: queued.registrationId ?? null,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

export function attachmentsOf(row: OutboxEmail): MailAttachment[] {
  return Array.isArray(row.attachments) ? (row.attachments as MailAttachment[]) : [];
}

/** Automatic attempts before the sender gives up (staff can still resend). */
export const MAX_ATTEMPTS = 8;
/** How long one sender holds a claimed email before another may try it. */
const CLAIM_MS = 2 * 60_000;

/** Wait before attempt n+1: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims up to `limit` emails that are due, for this sender alone: rows another sender holds are
 * skipped (FOR UPDATE SKIP LOCKED), and the claim lasts CLAIM_MS in case this process dies.
 */
export async function claimDueEmails(
  db: Database,
  now: Date,
  limit: number,
): Promise<OutboxEmail[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          isNull(emailOutbox.sentAt),
          isNull(emailOutbox.gaveUpAt),
          lte(emailOutbox.nextAttemptAt, now),
          or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(emailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(
        sql`${emailOutbox.id} in (${sql.join(
          due.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      )
      .returning();
  });
}

export async function markSent(db: Database, id: number, at: Date): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ sentAt: at, lockedUntil: null, lastError: null })
    .where(eq(emailOutbox.id, id));
}

export async function markFailed(db: Database, row: OutboxEmail, error: string, at: Date) {
  const attempts = row.attempts + 1;
  await db
    .update(emailOutbox)
    .set({
      attempts,
      lockedUntil: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: new Date(at.getTime() + retryDelayMs(attempts)),
      gaveUpAt: attempts >= MAX_ATTEMPTS ? at : null,
    })
    .where(eq(emailOutbox.id, row.id));
}

/** Staff's 'Resend': the email is due again now, with a fresh set of attempts. */
export async function resendEmail(db: Database, id: number, now: Date = new Date()) {
  const rows = await db
    .update(emailOutbox)
    .set({ sentAt: null, gaveUpAt: null, attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(eq(emailOutbox.id, id))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

export type OutboxFilter = 'unsent' | 'sent' | 'all';

export async function listOutbox(
  db: Database,
  {
    filter = 'all',
    limit = 50,
    offset = 0,
  }: { filter?: OutboxFilter; limit?: number; offset?: number } = {},
) {
  const where =
    filter === 'unsent'
      ? isNull(emailOutbox.sentAt)
      : filter === 'sent'
        ? sql`${emailOutbox.sentAt} is not null`
        : undefined;
  return db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      createdAt: emailOutbox.createdAt,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      sentAt: emailOutbox.sentAt,
      gaveUpAt: emailOutbox.gaveUpAt,
      nextAttemptAt: emailOutbox.nextAttemptAt,
    })
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.id))
    .limit(limit)
    .offset(offset);
}
