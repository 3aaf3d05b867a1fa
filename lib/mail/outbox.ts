import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { emailOutbox, type OutboxEmail } from '@/lib/db/schema';
import { withoutFinanceFacts } from '@/lib/memberships/finance-facts';
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
  /** The membership the email is about (application received, activation, reminder, ...). */
  membershipId?: number | null;
  /** The message to an event's registrants this email is one copy of. */
  eventMessageId?: number | null;
  /** The announcement to the members this email is one copy of. */
  announcementId?: number | null;
};

/** Queues the email; returns false when one with the same key was queued before. */
export async function queueEmail(db: Queryable, queued: QueuedEmail): Promise<boolean> {
  return (await queueEmails(db, [queued])) > 0;
}

/**
 * Queues several emails with one statement (a group of registrations); an email whose key was
 * queued before is skipped. Returns how many were queued.
 */
export async function queueEmails(db: Queryable, queued: QueuedEmail[]): Promise<number> {
  if (queued.length === 0) return 0;
  const rows = await db
    .insert(emailOutbox)
    .values(
      queued.map((one) => ({
        dedupeKey: one.dedupeKey,
        kind: one.kind,
        toAddress: one.to,
        subject: one.email.subject,
        textBody: one.email.text,
        htmlBody: one.email.html,
        attachments: one.email.attachments,
        registrationId: one.registrationId ?? null,
        membershipId: one.membershipId ?? null,
        eventMessageId: one.eventMessageId ?? null,
        announcementId: one.announcementId ?? null,
      })),
    )
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return rows.length;
}

export function attachmentsOf(row: OutboxEmail): MailAttachment[] {
  return Array.isArray(row.attachments) ? (row.attachments as MailAttachment[]) : [];
}

/** Automatic attempts before the sender gives up (staff can still resend). */
export const MAX_ATTEMPTS = 8;
/**
 * How long a claim lasts unless renewed. The sender renews its claims while it talks to the SMTP
 * server (every third of this), so a claim lapses only when its sender is gone: killed, or
 * stalled for this long.
 */
export const CLAIM_MS = 2 * 60_000;

/** Wait before attempt n+1: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/** A claimed email: the row, and the token that proves the claim is still this sender's. */
export type ClaimedEmail = OutboxEmail & { claimToken: string };

/**
 * A bulk copy: one person's copy of a message to an event's registrants or of an announcement to
 * the members. Everything else (a confirmation, a sign-in link, a promotion) is transactional:
 * one person waits for it, so it is sent first.
 */
const isBulkCopy = sql`(${emailOutbox.eventMessageId} is not null or ${emailOutbox.announcementId} is not null)`;

/**
 * The relay's pace: at most `perMinute` emails handed to the SMTP server in a clock minute,
 * across the outbox and every sender. Bulk copies stop a fifth short of it, so a confirmation
 * that arrives while a message to 190 people goes out is sent at once, not after them.
 */
export type Pace = { perMinute: number };

/** The share of each minute bulk copies leave to transactional emails. */
export function transactionalReserve(perMinute: number): number {
  return Math.floor(perMinute / 5);
}

/**
 * Any number will do, as long as nothing else takes this advisory lock: the key of the
 * transaction-scoped lock under which senders count the minute's emails and claim, so two of
 * them (two instances) cannot both spend the same room.
 */
const PACE_LOCK_KEY = 7_140_213;

/** The emails of this clock minute: sent in it, or claimed by a sender and not recorded yet. */
async function usedThisMinute(db: Pick<Database, 'select'>, now: Date): Promise<number> {
  const minuteStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const [row] = await db
    .select({ used: sql<number>`count(*)`.mapWith(Number) })
    .from(emailOutbox)
    .where(
      or(
        gte(emailOutbox.sentAt, minuteStart),
        and(isNull(emailOutbox.sentAt), gt(emailOutbox.lockedUntil, now)),
      ),
    );
  return row?.used ?? 0;
}

/**
 * Claims up to `limit` emails that are due (or only email `id`), for this sender alone:
 * transactional emails first, then bulk copies, each oldest first. Rows another sender holds are
 * skipped (FOR UPDATE SKIP LOCKED, and a claim that has not lapsed), and each claim writes a new
 * token. Renewal and the sent or failed record require that token, so a sender whose claim lapsed
 * and was taken over records nothing. With a `pace`, the claim also stays within the minute's
 * room (see Pace).
 */
export async function claimDueEmails(
  db: Database,
  now: Date,
  limit: number,
  { claimMs = CLAIM_MS, id, pace }: { claimMs?: number; id?: number; pace?: Pace } = {},
): Promise<ClaimedEmail[]> {
  const claimToken = randomUUID();
  const rows = await db.transaction(async (tx) => {
    let room = limit;
    let bulkRoom = limit;
    if (pace) {
      await tx.execute(sql`select pg_advisory_xact_lock(${PACE_LOCK_KEY})`);
      const used = await usedThisMinute(tx, now);
      room = Math.min(limit, pace.perMinute - used);
      bulkRoom = pace.perMinute - transactionalReserve(pace.perMinute) - used;
    }
    if (room <= 0) return [];
    const dueRows = (bulk: boolean, count: number) =>
      tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            id === undefined ? undefined : eq(emailOutbox.id, id),
            isNull(emailOutbox.sentAt),
            isNull(emailOutbox.gaveUpAt),
            lte(emailOutbox.nextAttemptAt, now),
            or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, now)),
            bulk ? isBulkCopy : not(isBulkCopy),
          ),
        )
        .orderBy(asc(emailOutbox.id))
        .limit(count)
        .for('update', { skipLocked: true });
    const due = await dueRows(false, room);
    const bulkCount = Math.min(room, bulkRoom) - due.length;
    if (bulkCount > 0) due.push(...(await dueRows(true, bulkCount)));
    if (due.length === 0) return [];
    const claimed = await tx
      .update(emailOutbox)
      .set({ lockedUntil: new Date(now.getTime() + claimMs), claimToken })
      .where(
        inArray(
          emailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    // Sent in the order claimed: transactional first.
    const order = new Map(due.map((row, index) => [row.id, index]));
    return claimed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  });
  return rows.map((row) => ({ ...row, claimToken }));
}

/**
 * Extends the claim `claimToken` on the emails it still holds (all of them, or only `id`) to
 * `until`; answers the ids still held. An email missing from the answer was taken over by
 * another sender after its claim lapsed, or was recorded.
 */
export async function renewClaim(
  db: Database,
  claimToken: string,
  until: Date,
  id?: number,
): Promise<number[]> {
  const rows = await db
    .update(emailOutbox)
    .set({ lockedUntil: until })
    .where(
      and(
        eq(emailOutbox.claimToken, claimToken),
        isNull(emailOutbox.sentAt),
        id === undefined ? undefined : eq(emailOutbox.id, id),
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.map((row) => row.id);
}

/** The row, only while `claim` is the row's current claim. */
function heldBy(claim: Pick<ClaimedEmail, 'id' | 'claimToken'>) {
  return and(eq(emailOutbox.id, claim.id), eq(emailOutbox.claimToken, claim.claimToken));
}

/** Records the email as sent, if the claim is still the sender's; answers whether it was. */
export async function markSent(
  db: Database,
  claim: Pick<ClaimedEmail, 'id' | 'claimToken'>,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ sentAt: at, lockedUntil: null, claimToken: null, lastError: null })
    .where(heldBy(claim))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/**
 * Gives back the emails of claim `claimToken` not recorded yet, untried (their attempts
 * unchanged): due at once for the next sender. Only rows the claim still holds are touched.
 */
export async function releaseClaim(db: Database, claimToken: string): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ lockedUntil: null, claimToken: null })
    .where(and(eq(emailOutbox.claimToken, claimToken), isNull(emailOutbox.sentAt)))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

export type FailureRecord = { attempts: number; nextAttemptAt: Date; gaveUp: boolean };

/**
 * Records a failed attempt, if the claim is still the sender's: the next attempt waits longer,
 * and after MAX_ATTEMPTS the sender gives up. Answers the record, or null when the claim was lost.
 */
export async function markFailed(
  db: Database,
  claim: Pick<ClaimedEmail, 'id' | 'claimToken'>,
  error: string,
  at: Date,
): Promise<FailureRecord | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ attempts: emailOutbox.attempts })
      .from(emailOutbox)
      .where(heldBy(claim))
      .for('update');
    if (!row) return null;
    const attempts = row.attempts + 1;
    const nextAttemptAt = new Date(at.getTime() + retryDelayMs(attempts));
    const gaveUp = attempts >= MAX_ATTEMPTS;
    await tx
      .update(emailOutbox)
      .set({
        attempts,
        lockedUntil: null,
        claimToken: null,
        lastError: error.slice(0, 500),
        nextAttemptAt,
        gaveUpAt: gaveUp ? at : null,
      })
      .where(heldBy(claim));
    return { attempts, nextAttemptAt, gaveUp };
  });
}

/**
 * Staff's 'Resend': the email is due again now, with a fresh set of attempts. A claim in
 * progress is left alone (its sender finishes and records it). An email that had been sent
 * counts one more resend, which gives the new one its own Message-ID: a mail system that drops
 * repeats must not drop what staff deliberately send again.
 */
export async function resendEmail(db: Queryable, id: number, now: Date = new Date()) {
  const rows = await db
    .update(emailOutbox)
    .set({
      sentAt: null,
      gaveUpAt: null,
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      resends: sql`${emailOutbox.resends} + case when ${emailOutbox.sentAt} is null then 0 else 1 end`,
    })
    .where(eq(emailOutbox.id, id))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/**
 * The email's Message-ID, the same on every attempt: a crash between the SMTP server's 'accepted'
 * and the record of it sends the email again after restart (no protocol avoids that window), and
 * mail systems drop a message whose Message-ID they already delivered. The row id makes it
 * unique on this site, the hash of its reason ties it to the email, and a deliberate resend of a
 * sent email is a new message.
 */
export function messageIdOf(
  row: Pick<OutboxEmail, 'id' | 'dedupeKey' | 'resends'>,
  host: string,
): string {
  const reason = createHash('sha256').update(row.dedupeKey).digest('hex').slice(0, 16);
  const resend = row.resends > 0 ? `-resend${row.resends}` : '';
  return `<outbox-${row.id}-${reason}${resend}@${host}>`;
}

export type OutboxFilter = 'unsent' | 'sent' | 'all';

/**
 * The console's list of emails, newest first. For a reader without payments.read (`withMoney`
 * false), subjects read without amounts or payment references: a refund's subject names its
 * amount (lib/memberships/finance-facts.ts).
 */
export async function listOutbox(
  db: Database,
  {
    filter = 'all',
    limit = 50,
    offset = 0,
    withMoney = true,
  }: { filter?: OutboxFilter; limit?: number; offset?: number; withMoney?: boolean } = {},
) {
  const where =
    filter === 'unsent'
      ? isNull(emailOutbox.sentAt)
      : filter === 'sent'
        ? sql`${emailOutbox.sentAt} is not null`
        : undefined;
  const rows = await db
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
  return withMoney
    ? rows
    : rows.map((row) => ({ ...row, subject: withoutFinanceFacts(row.subject) }));
}
