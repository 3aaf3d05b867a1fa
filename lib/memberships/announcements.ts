import 'server-only';
import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { recordChange } from '@/lib/audit/record';
import type { Database } from '@/lib/db/client';
import { announcements, emailOutbox, memberships } from '@/lib/db/schema';
import { clubDate } from '@/lib/db/time';
import { type QueuedEmail, queueEmails, type Queryable } from '@/lib/mail/outbox';
import { type ComposedEmail, paragraphsOf } from '@/lib/mail/templates';
import { composeMembershipEmail, type MembershipWords, membershipWords } from './emails';
import { membershipYearName } from './format';
import { EMPTY_FILTER, parseRosterFilter, rosterConditions, type RosterFilter } from './roster';
import { unsubscribeKey, unsubscribeToken, unsubscribeUrl } from './unsubscribe';

/**
 * Announcements to the club's members: staff's subject and words to every active member who
 * agreed to be emailed when they applied (`notification_consent`), or to those of a filter of
 * the roster (type, program, year of study, ending soon, new this month). One email per address,
 * each with the member's own unsubscribe link. Sending writes the announcement's row (who sent
 * what, to whom, to how many), one outbox email per member pointing to it (`announcement_id`:
 * the outbox sends such bulk mail at the relay's pace, after the transactional mail) and the
 * audit entry in one transaction; the form's one-time key makes a second submit send nothing.
 */

/** The part of the roster's filter an announcement may narrow by; the rest is fixed. */
export type AnnouncementAudience = Pick<
  RosterFilter,
  'typeId' | 'program' | 'yearOfStudy' | 'expiringWithinDays' | 'newThisMonth'
>;

export const EVERY_MEMBER: AnnouncementAudience = {
  typeId: null,
  program: null,
  yearOfStudy: null,
  expiringWithinDays: null,
  newThisMonth: false,
};

/**
 * The audience an address or a form asks for, read as the roster reads its filter (so the
 * members page's filter carries over); words, status and page are not part of it: the status is
 * always active, and a name search is not an audience.
 */
export function parseAudience(
  search: Record<string, string | string[] | undefined>,
): AnnouncementAudience {
  const { typeId, program, yearOfStudy, expiringWithinDays, newThisMonth } =
    parseRosterFilter(search);
  return { typeId, program, yearOfStudy, expiringWithinDays, newThisMonth };
}

/** The audience as the roster's address parameters: what `announcements.audience` stores. */
export function audienceParams(audience: AnnouncementAudience): Record<string, string> {
  const query = new URLSearchParams();
  if (audience.typeId !== null) query.set('type', String(audience.typeId));
  if (audience.program) query.set('program', audience.program);
  if (audience.yearOfStudy) query.set('study', audience.yearOfStudy);
  if (audience.expiringWithinDays !== null) {
    query.set('expiring', String(audience.expiringWithinDays));
  }
  if (audience.newThisMonth) query.set('new', 'month');
  return Object.fromEntries(query);
}

/** The stored audience back (an unreadable one reads as every member). */
export function storedAudience(value: unknown): AnnouncementAudience {
  if (typeof value !== 'object' || value === null) return EVERY_MEMBER;
  const search = Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  return parseAudience(search);
}

/** A membership type as the filters name it: 'Regular 2026–27'. */
export function typeLabel(type: { name: string; year: number }): string {
  return `${type.name} ${membershipYearName(type.year)}`;
}

/**
 * Who the audience is, in words: 'active members who agreed to be emailed', then each narrowing
 * ('of type Regular 2026–27', 'in BCom', 'in year of study 3'), the types named from `types`.
 */
export function audienceWords(
  audience: AnnouncementAudience,
  types: ReadonlyArray<{ id: number; name: string; year: number }>,
): string {
  const parts: string[] = [];
  if (audience.typeId !== null) {
    const type = types.find((one) => one.id === audience.typeId);
    parts.push(`of type ${type ? typeLabel(type) : `#${audience.typeId}`}`);
  }
  if (audience.program) parts.push(`in ${audience.program}`);
  if (audience.yearOfStudy) parts.push(`in year of study ${audience.yearOfStudy}`);
  if (audience.expiringWithinDays !== null) {
    parts.push(`whose membership ends within ${audience.expiringWithinDays} days`);
  }
  if (audience.newThisMonth) parts.push('who applied this month');
  return ['active members who agreed to be emailed', ...parts].join(', ');
}

/** '1 member', '12 members'. */
export function membersWord(count: number): string {
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}

/**
 * The members an announcement goes to: active and valid today, not erased, who agreed to be
 * emailed, narrowed by the audience as the roster narrows (its confirmed applications only).
 */
function recipientConditions(audience: AnnouncementAudience, now: Date) {
  const today = clubDate(now);
  return and(
    rosterConditions({ ...EMPTY_FILTER, ...audience }, now),
    eq(memberships.status, 'active'),
    lte(memberships.validFrom, today),
    gte(memberships.validUntil, today),
    eq(memberships.notificationConsent, true),
    isNull(memberships.erasedAt),
  );
}

export type AnnouncementRecipient = {
  membershipId: number;
  preferredName: string;
  email: string;
};

/**
 * The audience's members, one per uOttawa address (the latest year's membership of a person with
 * two).
 */
export async function announcementRecipients(
  db: Pick<Queryable, 'select'>,
  audience: AnnouncementAudience,
  now = new Date(),
): Promise<AnnouncementRecipient[]> {
  const rows = await db
    .select({
      membershipId: memberships.id,
      preferredName: memberships.preferredName,
      email: memberships.uottawaEmail,
      emailKey: memberships.uottawaEmailKey,
    })
    .from(memberships)
    .where(recipientConditions(audience, now))
    .orderBy(desc(memberships.year), desc(memberships.id));
  const byAddress = new Map<string, AnnouncementRecipient>();
  for (const { emailKey, ...row } of rows) {
    if (!byAddress.has(emailKey)) byAddress.set(emailKey, row);
  }
  return [...byAddress.values()];
}

export type AnnouncementDraft = { subject: string; body: string };

/**
 * The announcement as one member receives it: staff's words (plain text, a blank line between
 * paragraphs, escaped into the club's layout by `render`), then why they receive it and their own
 * link to stop, in the editors' `words` (read once for every copy of an announcement).
 */
export function announcementEmail(
  words: MembershipWords,
  person: { preferredName: string; unsubscribeUrl: string },
  draft: AnnouncementDraft,
): ComposedEmail {
  return composeMembershipEmail(words, person.preferredName, draft.subject, [
    ...paragraphsOf(draft.body),
    { kind: 'paragraph', text: words.announcementWhy },
    { kind: 'button', label: words.announcementUnsubscribe, href: person.unsubscribeUrl },
  ]);
}

export type AnnouncementPreview = {
  recipients: number;
  /** Who the shown copy is addressed to (the first of the audience). */
  shownFor: string | null;
  email: Pick<ComposedEmail, 'subject' | 'text'>;
};

/** Stands in for each member's own link in a preview: staff never see a member's link. */
const LINK_PLACEHOLDER = '(their own unsubscribe link)';

/** Exactly what the announcement sends, as the first member receives it, and to how many. */
export async function previewAnnouncement(
  db: Database,
  audience: AnnouncementAudience,
  draft: AnnouncementDraft,
  now = new Date(),
): Promise<AnnouncementPreview> {
  const recipients = await announcementRecipients(db, audience, now);
  const first = recipients[0];
  const email = announcementEmail(
    await membershipWords(),
    { preferredName: first?.preferredName ?? '(first name)', unsubscribeUrl: LINK_PLACEHOLDER },
    draft,
  );
  return {
    recipients: recipients.length,
    shownFor: first ? first.preferredName : null,
    email: { subject: email.subject, text: email.text },
  };
}

export type AnnouncementOutcome =
  | { kind: 'sent'; announcementId: number; recipients: number }
  /** The same form was sent before (a double submit): nothing more went out. */
  | { kind: 'already_sent'; recipients: number }
  /** The audience changed since the preview: nothing was sent. */
  | { kind: 'changed'; recipients: number }
  | { kind: 'nobody' };

type Sender = { id: string; name: string };

/** The audit log's action of an announcement. */
export const ANNOUNCE_ACTION = 'membership.announce';

/**
 * Sends staff's announcement to the audience: one email per member with their own unsubscribe
 * link. `expected` is how many the preview showed; when the audience changed since, nothing is
 * sent. `audienceText` is the audience in words, for the audit entry.
 */
export async function sendAnnouncement(
  db: Database,
  sender: Sender,
  draft: AnnouncementDraft & {
    audience: AnnouncementAudience;
    audienceText: string;
    sendKey: string;
    expected: number;
  },
  now = new Date(),
): Promise<AnnouncementOutcome> {
  const key = await unsubscribeKey(db);
  // The frame's words, read once before the transaction: every copy says the same.
  const words = await membershipWords();
  return db.transaction(async (tx): Promise<AnnouncementOutcome> => {
    const [earlier] = await tx
      .select({ recipients: announcements.recipients })
      .from(announcements)
      .where(eq(announcements.sendKey, draft.sendKey));
    if (earlier) return { kind: 'already_sent', recipients: earlier.recipients };
    const recipients = await announcementRecipients(tx, draft.audience, now);
    if (recipients.length === 0) return { kind: 'nobody' };
    if (recipients.length !== draft.expected) {
      return { kind: 'changed', recipients: recipients.length };
    }
    const [announcement] = await tx
      .insert(announcements)
      .values({
        subject: draft.subject,
        body: draft.body,
        audience: audienceParams(draft.audience),
        recipients: recipients.length,
        sentById: sender.id,
        sentByName: sender.name,
        sendKey: draft.sendKey,
        createdAt: now,
      })
      .onConflictDoNothing({ target: announcements.sendKey })
      .returning({ id: announcements.id });
    if (!announcement) return { kind: 'already_sent', recipients: recipients.length };
    const queued = recipients.map((recipient): QueuedEmail => ({
      dedupeKey: `announcement:${announcement.id}:${recipient.membershipId}`,
      kind: 'announcement',
      to: recipient.email,
      email: announcementEmail(
        words,
        {
          preferredName: recipient.preferredName,
          unsubscribeUrl: unsubscribeUrl(unsubscribeToken(key, recipient.membershipId)),
        },
        draft,
      ),
      membershipId: recipient.membershipId,
      // Ties the copy to its announcement: the outbox sends bulk copies at the relay's pace.
      announcementId: announcement.id,
    }));
    await queueEmails(tx, queued);
    await recordChange(
      tx,
      sender,
      {
        action: ANNOUNCE_ACTION,
        recordType: 'announcement',
        recordId: announcement.id,
        summary: `Emailed an announcement to ${membersWord(recipients.length)} (${draft.audienceText}): ${draft.subject}`,
        after: {
          audience: draft.audienceText,
          subject: draft.subject,
          recipients: recipients.length,
        },
      },
      now,
    );
    return { kind: 'sent', announcementId: announcement.id, recipients: recipients.length };
  });
}

const sentCount = sql<number>`count(${emailOutbox.sentAt})`.mapWith(Number);
const failedCount =
  sql<number>`count(*) filter (where ${emailOutbox.sentAt} is null and ${emailOutbox.gaveUpAt} is not null)`.mapWith(
    Number,
  );
const queuedCount = sql<number>`count(${emailOutbox.id})`.mapWith(Number);

export type AnnouncementRow = {
  id: number;
  subject: string;
  body: string;
  audience: AnnouncementAudience;
  recipients: number;
  sentByName: string;
  createdAt: Date;
  sent: number;
  failed: number;
  waiting: number;
};

/** The announcements sent, newest first, with how many of each went out. */
export async function listAnnouncements(
  db: Pick<Database, 'select'>,
  limit = 50,
): Promise<AnnouncementRow[]> {
  const rows = await db
    .select({
      id: announcements.id,
      subject: announcements.subject,
      body: announcements.body,
      audience: announcements.audience,
      recipients: announcements.recipients,
      sentByName: announcements.sentByName,
      createdAt: announcements.createdAt,
      queued: queuedCount,
      sent: sentCount,
      failed: failedCount,
    })
    .from(announcements)
    .leftJoin(emailOutbox, eq(emailOutbox.announcementId, announcements.id))
    .groupBy(announcements.id)
    .orderBy(desc(announcements.id))
    .limit(limit);
  return rows.map(({ queued, audience, ...row }) => ({
    ...row,
    audience: storedAudience(audience),
    waiting: Math.max(0, queued - row.sent - row.failed),
  }));
}

/** The outbox rows of one announcement (tests, and an announcement's own list). */
export function outboxOfAnnouncement(db: Pick<Database, 'select'>, announcementId: number) {
  return db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.announcementId, announcementId))
    .orderBy(emailOutbox.id);
}
