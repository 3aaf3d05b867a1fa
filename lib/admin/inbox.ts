import 'server-only';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import { recordChange } from '@/lib/audit/record';
import type { SignedIn } from '@/lib/auth/session';
import type { Database } from '@/lib/db/client';
import {
  contactMessages,
  jobApplications,
  membershipChangeRequests,
  serviceRequests,
} from '@/lib/db/schema';
import type { ChangeRequestStanding } from '@/lib/memberships/change-requests';
import { containsPattern } from './search';

/**
 * The inbox: contact messages, service requests, job applications and members' details change
 * requests in one list, newest first, each unread, read or handled. Erasing a person's data is
 * lib/admin/erasure.ts.
 */

export const INBOX_PAGE_SIZE = 25;

export const SUBMISSION_KINDS = {
  message: { table: contactMessages, label: 'Contact message' },
  request: { table: serviceRequests, label: 'Service request' },
  application: { table: jobApplications, label: 'Job application' },
  change: { table: membershipChangeRequests, label: 'Details change request' },
} as const;

export type SubmissionKind = keyof typeof SUBMISSION_KINDS;

export function isSubmissionKind(value: unknown): value is SubmissionKind {
  return typeof value === 'string' && Object.hasOwn(SUBMISSION_KINDS, value);
}

export type InboxState = 'open' | 'handled' | 'all';

export type InboxItem = {
  kind: SubmissionKind;
  id: number;
  name: string;
  email: string;
  /** The position applied for, or the member ID of a change request; null for the others. */
  subject: string | null;
  body: string | null;
  createdAt: Date;
  readAt: Date | null;
  handledAt: Date | null;
  /** Where a change request stands (confirmed from its address, matched, applied); null for the others. */
  standing: ChangeRequestStanding | null;
};

/** The standing column of the kinds that are not change requests. */
const noStanding = () => sql<ChangeRequestStanding | null>`null::varchar`.as('standing');

function selects(db: Database, text: string | null, state: InboxState) {
  const filters = (
    name: AnyPgColumn,
    email: AnyPgColumn,
    body: SQL | AnyPgColumn,
    handledAt: AnyPgColumn,
  ) => {
    const conditions: SQL[] = [];
    if (text) conditions.push(or(ilike(name, text), ilike(email, text), ilike(body, text))!);
    if (state === 'open') conditions.push(isNull(handledAt));
    if (state === 'handled') conditions.push(isNotNull(handledAt));
    return conditions.length > 0 ? and(...conditions) : undefined;
  };
  const messages = db
    .select({
      kind: sql<SubmissionKind>`'message'`.as('kind'),
      id: contactMessages.id,
      name: contactMessages.senderName,
      email: contactMessages.senderEmail,
      subject: sql<string | null>`null::varchar`.as('subject'),
      body: sql<string | null>`${contactMessages.message}`.as('body'),
      createdAt: contactMessages.createdAt,
      readAt: contactMessages.readAt,
      handledAt: contactMessages.handledAt,
      standing: noStanding(),
    })
    .from(contactMessages)
    .where(
      filters(
        contactMessages.senderName,
        contactMessages.senderEmail,
        contactMessages.message,
        contactMessages.handledAt,
      ),
    );
  const requests = db
    .select({
      kind: sql<SubmissionKind>`'request'`.as('kind'),
      id: serviceRequests.id,
      name: serviceRequests.name,
      email: serviceRequests.email,
      subject: sql<string | null>`null::varchar`.as('subject'),
      body: sql<string | null>`${serviceRequests.needs}`.as('body'),
      createdAt: serviceRequests.createdAt,
      readAt: serviceRequests.readAt,
      handledAt: serviceRequests.handledAt,
      standing: noStanding(),
    })
    .from(serviceRequests)
    .where(
      filters(
        serviceRequests.name,
        serviceRequests.email,
        serviceRequests.needs,
        serviceRequests.handledAt,
      ),
    );
  const applications = db
    .select({
      kind: sql<SubmissionKind>`'application'`.as('kind'),
      id: jobApplications.id,
      name: jobApplications.applicantName,
      email: jobApplications.applicantEmail,
      subject: sql<string | null>`${jobApplications.position}::varchar`.as('subject'),
      body: sql<string | null>`null::text`.as('body'),
      createdAt: jobApplications.createdAt,
      readAt: jobApplications.readAt,
      handledAt: jobApplications.handledAt,
      standing: noStanding(),
    })
    .from(jobApplications)
    .where(
      filters(
        jobApplications.applicantName,
        jobApplications.applicantEmail,
        sql`${jobApplications.position}`,
        jobApplications.handledAt,
      ),
    );
  const changes = db
    .select({
      kind: sql<SubmissionKind>`'change'`.as('kind'),
      id: membershipChangeRequests.id,
      name: membershipChangeRequests.name,
      email: membershipChangeRequests.uottawaEmail,
      subject: sql<string | null>`${membershipChangeRequests.memberId}::varchar`.as('subject'),
      body: sql<string | null>`${membershipChangeRequests.changes}`.as('body'),
      createdAt: membershipChangeRequests.createdAt,
      readAt: membershipChangeRequests.readAt,
      handledAt: membershipChangeRequests.handledAt,
      // As changeRequestStanding (lib/memberships/change-requests.ts) says it of one request.
      standing: sql<ChangeRequestStanding | null>`case
        when ${membershipChangeRequests.appliedAt} is not null then 'applied'
        when ${membershipChangeRequests.confirmedAt} is null then 'unconfirmed'
        when ${membershipChangeRequests.membershipId} is null then 'unmatched'
        else 'confirmed' end`.as('standing'),
    })
    .from(membershipChangeRequests)
    .where(
      filters(
        membershipChangeRequests.name,
        membershipChangeRequests.uottawaEmail,
        sql`coalesce(${membershipChangeRequests.memberId}, '') || ' ' || ${membershipChangeRequests.changes}`,
        membershipChangeRequests.handledAt,
      ),
    );
  return { messages, requests, applications, changes };
}

/**
 * The view a page address asks for. Words searched look in every state, to handle and handled,
 * unless a tab is chosen with them: the tab filters the results, it does not limit where the
 * search looks. Without words, the inbox opens on what is to handle.
 */
export function inboxStateOf(stateParam: string, text: string): InboxState {
  if (stateParam === 'open' || stateParam === 'handled' || stateParam === 'all') return stateParam;
  return text.trim() ? 'all' : 'open';
}

/** How many submissions of every kind match the words, per tab (for the tabs' counts). */
export async function inboxCounts(
  db: Database,
  text?: string,
): Promise<Record<InboxState, number>> {
  const { messages, requests, applications, changes } = selects(db, containsPattern(text), 'all');
  const matching = unionAll(messages, requests, applications, changes).as('matching');
  const [row] = await db
    .select({
      all: count(),
      open: sql<number>`count(*) filter (where ${sql.identifier('matching')}.handled_at is null)`.mapWith(
        Number,
      ),
    })
    .from(matching);
  const all = row?.all ?? 0;
  const open = row?.open ?? 0;
  return { all, open, handled: all - open };
}

/** One page of the inbox, newest first. */
export async function listInbox(
  db: Database,
  { text, state, page }: { text?: string; state: InboxState; page: number },
): Promise<{ items: InboxItem[]; hasMore: boolean }> {
  const { messages, requests, applications, changes } = selects(db, containsPattern(text), state);
  const rows = await unionAll(messages, requests, applications, changes)
    .orderBy(desc(sql`created_at`), desc(sql`id`))
    .limit(INBOX_PAGE_SIZE + 1)
    .offset((page - 1) * INBOX_PAGE_SIZE);
  const items = rows.slice(0, INBOX_PAGE_SIZE).map((row) => ({
    ...row,
    // Dates of a union come back as the driver gives them.
    createdAt: new Date(row.createdAt),
    readAt: row.readAt ? new Date(row.readAt) : null,
    handledAt: row.handledAt ? new Date(row.handledAt) : null,
  }));
  return { items, hasMore: rows.length > INBOX_PAGE_SIZE };
}

/** How many submissions wait to be handled (the dashboard's count). */
export async function unhandledCount(db: Database): Promise<number> {
  const counts = await Promise.all(
    Object.values(SUBMISSION_KINDS).map(({ table }) =>
      db.select({ rows: count() }).from(table).where(isNull(table.handledAt)),
    ),
  );
  return counts.reduce((sum, [row]) => sum + (row?.rows ?? 0), 0);
}

/** Marks a submission read when it is first shown in full. */
export async function markRead(db: Database, kind: SubmissionKind, id: number): Promise<void> {
  const { table } = SUBMISSION_KINDS[kind];
  await db
    .update(table)
    .set({ readAt: new Date() })
    .where(and(eq(table.id, id), isNull(table.readAt)));
}

export async function setHandled(
  db: Database,
  actor: SignedIn,
  kind: SubmissionKind,
  id: number,
  handled: boolean,
): Promise<boolean> {
  const { table, label } = SUBMISSION_KINDS[kind];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set({
        handledAt: handled ? new Date() : null,
        readAt: sql`coalesce(${table.readAt}, now())`,
      })
      .where(eq(table.id, id))
      .returning({ id: table.id });
    if (!row) return false;
    await recordChange(tx, actor, {
      action: handled ? 'submission.handle' : 'submission.reopen',
      recordType: kind,
      recordId: id,
      summary: `${handled ? 'Marked handled' : 'Reopened'}: ${label.toLowerCase()} #${id}`,
    });
    return true;
  });
}

/** A submission of the inbox, as a bulk action names it. */
export type SubmissionRef = { kind: SubmissionKind; id: number };

/** The most submissions one bulk action takes: a few pages of the inbox. */
export const BULK_LIMIT = 100;

/** `message:12` (a bulk form's checkbox value) as a submission, or null. */
export function submissionRefOf(value: unknown): SubmissionRef | null {
  if (typeof value !== 'string') return null;
  const match = /^([a-z]+):(\d{1,9})$/.exec(value);
  if (!match || !isSubmissionKind(match[1])) return null;
  return { kind: match[1], id: Number(match[2]) };
}

/**
 * Marks each submission handled that is not already, in one transaction with an audit entry
 * per submission (as one at a time would write). Returns how many were marked: those already
 * handled, or gone, are left as they are.
 */
export async function markManyHandled(
  db: Database,
  actor: SignedIn,
  refs: readonly SubmissionRef[],
): Promise<number> {
  return db.transaction(async (tx) => {
    let marked = 0;
    const at = new Date();
    for (const { kind, id } of refs) {
      const { table, label } = SUBMISSION_KINDS[kind];
      const [row] = await tx
        .update(table)
        .set({ handledAt: at, readAt: sql`coalesce(${table.readAt}, now())` })
        .where(and(eq(table.id, id), isNull(table.handledAt)))
        .returning({ id: table.id });
      if (!row) continue;
      marked += 1;
      await recordChange(tx, actor, {
        action: 'submission.handle',
        recordType: kind,
        recordId: id,
        summary: `Marked handled: ${label.toLowerCase()} #${id}`,
      });
    }
    return marked;
  });
}

export async function findApplication(db: Database, id: number) {
  const [row] = await db.select().from(jobApplications).where(eq(jobApplications.id, id));
  return row ?? null;
}
