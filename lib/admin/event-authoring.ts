import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { clubDateTimeWords } from '@/lib/audit/changes';
import { recordChange } from '@/lib/audit/record';
import type { SignedIn } from '@/lib/auth/session';
import type { Database } from '@/lib/db/client';
import { adminUsers, type Event, eventLeads, eventQuestions, events } from '@/lib/db/schema';
import { clubDate, clubInstant } from '@/lib/db/time';
import { EVENT_TITLE_MAX } from './events';
import { publicationState } from '@/lib/events/visibility';

/**
 * Authoring events in the console: when an event reaches the site (a draft, a time, now), and
 * duplicating last term's event into a new draft.
 */

/** What the form's buttons ask of the event's publication. */
export type PublishChoice = 'now' | 'schedule' | 'draft' | 'keep';

export function publishChoiceOf(value: unknown, isNew: boolean): PublishChoice | null {
  // A form posted without a choice (Enter in a field of an older page) keeps the old behaviour:
  // a new event is published at once, a saved one stays as it is.
  if (value === null || value === undefined || value === '') return isNew ? 'now' : 'keep';
  return value === 'now' || value === 'schedule' || value === 'draft' || value === 'keep'
    ? value
    : null;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant of a date-and-time input's value on the club's wall clock ('2026-12-12T18:30',
 * seconds allowed), or null when it is not one.
 */
export function clubDateTimeOf(value: string): Date | null {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const instant = clubInstant({ year, month, day, hour, minute });
  // A day the calendar does not have (31 February) would roll over to another.
  if (clubDate(instant) !== match[0].slice(0, 10)) return null;
  return new Date(instant.getTime() + second * 1000);
}

export type PublicationDecision =
  | { ok: true; publishedAt: Date | null | undefined }
  | { ok: false; field: 'publishAt' | 'form'; message: string };

/**
 * The publication time a choice sets: now, the time typed for a schedule (to come), null for a
 * draft, undefined to keep the event's own.
 */
export function decidePublication(
  choice: PublishChoice,
  publishAt: string,
  now: Date = new Date(),
): PublicationDecision {
  switch (choice) {
    case 'keep':
      return { ok: true, publishedAt: undefined };
    case 'draft':
      return { ok: true, publishedAt: null };
    case 'now':
      return { ok: true, publishedAt: now };
    case 'schedule': {
      if (!publishAt.trim()) {
        return {
          ok: false,
          field: 'publishAt',
          message: 'Choose when the event appears on the site to schedule it.',
        };
      }
      const at = clubDateTimeOf(publishAt);
      if (!at) {
        return {
          ok: false,
          field: 'publishAt',
          message: 'Enter the date and the time it appears.',
        };
      }
      if (at.getTime() <= now.getTime()) {
        return {
          ok: false,
          field: 'publishAt',
          message: 'That time has passed: choose a later time, or press Publish now.',
        };
      }
      return { ok: true, publishedAt: at };
    }
  }
}

/** Where the event stands on the site, in words: 'Scheduled: appears Sat 12 Dec, 6:30 PM'. */
export function publicationWords(publishedAt: Date | null, now: Date = new Date()): string {
  const state = publicationState(publishedAt, now);
  if (state.kind === 'draft') return 'Draft: not on the site';
  if (state.kind === 'scheduled') return `Scheduled: appears ${clubDateTimeWords(state.at, now)}`;
  return 'Published';
}

export type PublicationOutcome =
  { ok: true; publishedAt: Date | null; changed: boolean } | { ok: false; message: string };

/** Sets when an event appears on the site, with its audit entry in words. */
export async function setPublication(
  db: Database,
  actor: SignedIn,
  id: number,
  publishedAt: Date | null,
  now: Date = new Date(),
): Promise<PublicationOutcome> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, id)).for('update');
    if (!before) return { ok: false, message: 'This event no longer exists.' };
    const was = publicationState(before.publishedAt, now);
    const next = publicationState(publishedAt, now);
    // Publishing an event already on the site keeps the time it first appeared.
    if (was.kind === 'published' && next.kind === 'published') {
      return { ok: true, publishedAt: before.publishedAt, changed: false };
    }
    if (before.publishedAt?.getTime() === publishedAt?.getTime()) {
      return { ok: true, publishedAt, changed: false };
    }
    await tx.update(events).set({ publishedAt }).where(eq(events.id, id));
    const summary =
      next.kind === 'draft'
        ? `Made the event "${before.title}" a draft: not on the site`
        : next.kind === 'scheduled'
          ? `Scheduled the event "${before.title}" to appear ${clubDateTimeWords(next.at, now)}`
          : `Published the event "${before.title}" on the site`;
    await recordChange(tx, actor, {
      action:
        next.kind === 'draft'
          ? 'event.unpublish'
          : next.kind === 'scheduled'
            ? 'event.schedule'
            : 'event.publish',
      recordType: 'event',
      recordId: id,
      summary,
      before: { publishedAt: before.publishedAt?.toISOString() ?? null },
      after: { publishedAt: publishedAt?.toISOString() ?? null },
    });
    return { ok: true, publishedAt, changed: true };
  });
}

export type DuplicateOutcome = { ok: true; id: number } | { ok: false; message: string };

/** How a copy's title is marked until someone edits it, so two events never read the same. */
export const COPY_TITLE_PREFIX = 'Copy of ';

/**
 * 'Copy of <title>', within the title's limit (counted as the form counts it), shortened with an
 * ellipsis at a whole character; a copy of a copy is not marked twice.
 */
export function copyTitle(title: string): string {
  if (title.startsWith(COPY_TITLE_PREFIX)) return title;
  const marked = `${COPY_TITLE_PREFIX}${title}`;
  if (marked.length <= EVENT_TITLE_MAX) return marked;
  const characters = Array.from(marked);
  while (characters.join('').length > EVENT_TITLE_MAX - 1) characters.pop();
  return `${characters.join('')}…`;
}

/**
 * A new draft made from an event: every field, picture and setting, its active leads and its
 * questions; its title marked 'Copy of …', its date and its registration dates left to set, and
 * no registration copied.
 */
export async function duplicateEvent(
  db: Database,
  actor: SignedIn,
  sourceId: number,
): Promise<DuplicateOutcome> {
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(events).where(eq(events.id, sourceId));
    if (!source) return { ok: false, message: 'This event no longer exists.' };
    // Every column is copied (one added later too), but for what makes the event itself: its
    // id, when it was made or cancelled, its dates and its publication.
    const fields: Partial<Event> = { ...source };
    delete fields.id;
    delete fields.createdAt;
    delete fields.cancelledAt;
    const [created] = await tx
      .insert(events)
      .values({
        ...fields,
        title: copyTitle(source.title),
        startsAt: null,
        registrationOpensAt: null,
        registrationClosesAt: null,
        memberRegistrationOpensAt: null,
        publishedAt: null,
      })
      .returning();
    const copy = created!;

    const leads = await tx
      .select({ userId: eventLeads.userId })
      .from(eventLeads)
      .innerJoin(adminUsers, eq(adminUsers.id, eventLeads.userId))
      .where(
        and(
          eq(eventLeads.eventId, sourceId),
          eq(adminUsers.role, 'event_lead'),
          isNull(adminUsers.deactivatedAt),
        ),
      );
    if (leads.length > 0) {
      await tx.insert(eventLeads).values(leads.map(({ userId }) => ({ eventId: copy.id, userId })));
    }

    const questions = await tx
      .select()
      .from(eventQuestions)
      .where(and(eq(eventQuestions.eventId, sourceId), isNull(eventQuestions.removedAt)))
      .orderBy(asc(eventQuestions.position), asc(eventQuestions.id));
    if (questions.length > 0) {
      await tx.insert(eventQuestions).values(
        questions.map(({ position, label, kind, choices, required }) => ({
          eventId: copy.id,
          position,
          label,
          kind,
          choices,
          required,
        })),
      );
    }

    const from = source.startsAt ? ` (${clubDate(source.startsAt)})` : '';
    await recordChange(tx, actor, {
      action: 'event.duplicate',
      recordType: 'event',
      recordId: copy.id,
      summary: `Made a draft copy of the event "${source.title}"${from}: its dates are left to set and no registrations were copied`,
      after: {
        eventId: sourceId,
        title: copy.title,
        capacity: copy.capacity,
        category: copy.category,
        posterImg: copy.posterImg,
        thumbnailLink: copy.thumbnailLink,
        leadIds: leads.map((lead) => lead.userId),
        questions: questions.length,
        publishedAt: null,
      },
    });
    return { ok: true, id: copy.id };
  });
}

/** The events among `ids` not on the site yet, in a word for the console's lists. */
export async function unpublishedOf(
  db: Database,
  ids: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, string>> {
  const words = new Map<number, string>();
  if (ids.length === 0) return words;
  const rows = await db
    .select({ id: events.id, publishedAt: events.publishedAt })
    .from(events)
    .where(inArray(events.id, [...ids]));
  for (const row of rows) {
    const state = publicationState(row.publishedAt, now);
    if (state.kind === 'draft') words.set(row.id, 'Draft');
    if (state.kind === 'scheduled') {
      words.set(row.id, `Scheduled: ${clubDateTimeWords(state.at, now)}`);
    }
  }
  return words;
}
