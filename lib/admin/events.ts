import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { recordChange } from '@/lib/audit/record';
import type { SignedIn } from '@/lib/auth/session';
import type { Database } from '@/lib/db/client';
import { adminUsers, eventLeads, events, type Event } from '@/lib/db/schema';
import { clubDate, clubInstant, clubTime } from '@/lib/db/time';
import { requiredLine } from '@/lib/api/contract';
import { EVENT_CATEGORIES } from '@/lib/events/categories';
import { registrationCounts } from '@/lib/registrations/counts';
import { promoteAfterEventChange } from '@/lib/registrations/transitions';
import { noteUnannouncedChanges } from '@/lib/registrations/change-notices';
import { manageLinkKey } from '@/lib/registrations/manage-token';
import {
  checkbox,
  countWithDefault,
  mediaValue,
  optionalCount,
  optionalDateTime,
  optionalDate,
  optionalLine,
  optionalText,
  optionalTime,
} from './fields';
import { countOf } from '@/lib/site/plural';

/**
 * Events as the console edits them: the form's rules, creation and changes with their audit
 * entries, cancelling.
 */

/** Places taken (confirmed, and what confirmed becomes): what capacity counts. */
async function registrationCount(db: Pick<Database, 'select'>, eventId: number): Promise<number> {
  return (await registrationCounts(db, eventId)).placesTaken;
}

/** The longest title an event may have, in characters (UTF-16 units, as the form counts). */
export const EVENT_TITLE_MAX = 200;

/** The form's fields, by the names its inputs post. */
export function eventFormSchema(current: Pick<Event, 'posterImg' | 'thumbnailLink'> | null) {
  return z
    .object({
      title: requiredLine('Title', EVENT_TITLE_MAX),
      description: optionalText('Description', 5000),
      date: optionalDate('Date'),
      startTime: optionalTime('Start time'),
      duration: optionalLine('Duration', 60),
      location: optionalLine('Location', 200),
      organizer: optionalLine('Organizer', 200),
      posterImg: mediaValue('Poster', current?.posterImg ?? null),
      thumbnailLink: mediaValue('Thumbnail', current?.thumbnailLink ?? null),
      capacity: optionalCount('Capacity'),
      memberPlaces: countWithDefault('Member places', 0, 100_000),
      staffPlaces: countWithDefault('Staff places', 0, 100_000),
      membersOnly: checkbox(),
      memberRegistrationOpensAt: optionalDateTime('Member registration opens'),
      requiresDeposit: checkbox(),
      category: z.preprocess(
        (value) => (value === '' ? null : value),
        z.enum(EVENT_CATEGORIES, { error: 'Choose a category from the list.' }).nullable(),
      ),
      registrationOpensAt: optionalDateTime('Public registration opens'),
      registrationClosesAt: optionalDateTime('Registration deadline'),
      waitlistEnabled: checkbox(),
      autoPromote: z.preprocess(
        (value) => (value === '' || value === undefined ? 'auto' : value),
        z.enum(['auto', 'manual'], { error: 'Choose what happens when a place frees up.' }),
      ),
      requiresReview: checkbox(),
      cancellationCutoffHours: countWithDefault('Late cancellation cut-off', 24, 720),
    })
    .superRefine((value, context) => {
      const reserved = value.memberPlaces + value.staffPlaces;
      if (reserved > 0 && value.capacity === null) {
        context.addIssue({
          code: 'custom',
          path: [value.memberPlaces > 0 ? 'memberPlaces' : 'staffPlaces'],
          message: 'Set a capacity to keep places for members or staff.',
        });
      } else if (value.capacity !== null && reserved > value.capacity) {
        context.addIssue({
          code: 'custom',
          path: [value.memberPlaces > 0 ? 'memberPlaces' : 'staffPlaces'],
          message: `Member and staff places (${reserved}) cannot be more than the capacity (${value.capacity}).`,
        });
      }
      if (value.memberRegistrationOpensAt && value.memberPlaces === 0 && !value.membersOnly) {
        context.addIssue({
          code: 'custom',
          path: ['memberRegistrationOpensAt'],
          message:
            'Keep some member places (or make the event members only) to open it to members first.',
        });
      }
      if (
        value.memberRegistrationOpensAt &&
        value.registrationOpensAt &&
        value.registrationOpensAt < value.memberRegistrationOpensAt
      ) {
        context.addIssue({
          code: 'custom',
          path: ['registrationOpensAt'],
          message: 'Public registration cannot open before member registration.',
        });
      }
      if (
        value.memberRegistrationOpensAt &&
        value.registrationClosesAt &&
        value.registrationClosesAt <= value.memberRegistrationOpensAt
      ) {
        context.addIssue({
          code: 'custom',
          path: ['registrationClosesAt'],
          message: 'The registration deadline must come after member registration opens.',
        });
      }
      if (value.date && value.startTime && value.memberRegistrationOpensAt) {
        if (value.memberRegistrationOpensAt >= `${value.date}T${value.startTime}`) {
          context.addIssue({
            code: 'custom',
            path: ['memberRegistrationOpensAt'],
            message: 'Member registration must open before the event starts.',
          });
        }
      }
      if (
        value.registrationOpensAt &&
        value.registrationClosesAt &&
        value.registrationClosesAt <= value.registrationOpensAt
      ) {
        context.addIssue({
          code: 'custom',
          path: ['registrationClosesAt'],
          message: 'The registration deadline must come after registration opens.',
        });
      }
      if (value.date && value.startTime && value.registrationClosesAt) {
        if (value.registrationClosesAt > `${value.date}T${value.startTime}`) {
          context.addIssue({
            code: 'custom',
            path: ['registrationClosesAt'],
            message: 'The registration deadline must be before the event starts.',
          });
        }
      }
      if (value.date && !value.startTime) {
        context.addIssue({
          code: 'custom',
          path: ['startTime'],
          message: 'Start time is required when the event has a date.',
        });
      }
      if (value.startTime && !value.date) {
        context.addIssue({
          code: 'custom',
          path: ['date'],
          message: 'Date is required when the event has a start time.',
        });
      }
    });
}

export type EventFormValues = z.infer<ReturnType<typeof eventFormSchema>>;

/** The form's values of a stored event, as its inputs show them. */
export function formValuesOf(event: Event | null): Record<string, string> {
  return {
    title: event?.title ?? '',
    description: event?.description ?? '',
    date: event?.startsAt ? clubDate(event.startsAt) : '',
    startTime: event?.startsAt ? clubTime(event.startsAt) : '',
    duration: event?.duration ?? '',
    location: event?.location ?? '',
    organizer: event?.organizer ?? '',
    posterImg: event?.posterImg ?? '',
    thumbnailLink: event?.thumbnailLink ?? '',
    capacity:
      event?.capacity === null || event?.capacity === undefined ? '' : String(event.capacity),
    memberPlaces: event?.memberPlaces ? String(event.memberPlaces) : '',
    staffPlaces: event?.staffPlaces ? String(event.staffPlaces) : '',
    membersOnly: event?.membersOnly ? 'on' : '',
    memberRegistrationOpensAt: event?.memberRegistrationOpensAt
      ? clubDateTimeValue(event.memberRegistrationOpensAt)
      : '',
    requiresDeposit: event?.requiresDeposit ? 'on' : '',
    category: event?.category ?? '',
    registrationOpensAt: event?.registrationOpensAt
      ? clubDateTimeValue(event.registrationOpensAt)
      : '',
    registrationClosesAt: event?.registrationClosesAt
      ? clubDateTimeValue(event.registrationClosesAt)
      : '',
    waitlistEnabled: event?.waitlistEnabled ? 'on' : '',
    autoPromote: event?.autoPromote === false ? 'manual' : 'auto',
    requiresReview: event?.requiresReview ? 'on' : '',
    cancellationCutoffHours: String(event?.cancellationCutoffHours ?? 24),
    // Shown by the form (its state in words and the time of a schedule); never read back.
    publishedAt: event?.publishedAt?.toISOString() ?? '',
    publishAt:
      event?.publishedAt && event.publishedAt.getTime() > Date.now()
        ? clubDateTimeValue(event.publishedAt)
        : '',
  };
}

/** 'YYYY-MM-DDTHH:MM' on the club's wall clock, as a date-and-time input shows it. */
function clubDateTimeValue(instant: Date): string {
  return `${clubDate(instant)}T${clubTime(instant)}`;
}

function instantOf(value: string | null): Date | null {
  if (!value) return null;
  const [date, time] = value.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return clubInstant({ year, month, day, hour, minute });
}

function columnsOf(values: EventFormValues) {
  let startsAt: Date | null = null;
  if (values.date && values.startTime) {
    const [year, month, day] = values.date.split('-').map(Number) as [number, number, number];
    const [hour, minute] = values.startTime.split(':').map(Number) as [number, number];
    startsAt = clubInstant({ year, month, day, hour, minute });
  }
  return {
    title: values.title,
    description: values.description,
    startsAt,
    duration: values.duration,
    location: values.location,
    organizer: values.organizer,
    posterImg: values.posterImg,
    thumbnailLink: values.thumbnailLink,
    capacity: values.capacity,
    memberPlaces: values.memberPlaces,
    staffPlaces: values.staffPlaces,
    membersOnly: values.membersOnly,
    memberRegistrationOpensAt: instantOf(values.memberRegistrationOpensAt),
    requiresDeposit: values.requiresDeposit,
    category: values.category,
    registrationOpensAt: instantOf(values.registrationOpensAt),
    registrationClosesAt: instantOf(values.registrationClosesAt),
    waitlistEnabled: values.waitlistEnabled,
    autoPromote: values.autoPromote === 'auto',
    requiresReview: values.requiresReview,
    cancellationCutoffHours: values.cancellationCutoffHours,
  };
}

/** What the audit log keeps of an event: enough to see what changed. */
function snapshot(event: Omit<Event, 'id' | 'createdAt' | 'cancelledAt'> & { leadIds?: string[] }) {
  return {
    title: event.title,
    startsAt: event.startsAt?.toISOString() ?? null,
    duration: event.duration,
    location: event.location,
    organizer: event.organizer,
    posterImg: event.posterImg,
    thumbnailLink: event.thumbnailLink,
    capacity: event.capacity,
    memberPlaces: event.memberPlaces,
    staffPlaces: event.staffPlaces,
    membersOnly: event.membersOnly,
    memberRegistrationOpensAt: event.memberRegistrationOpensAt?.toISOString() ?? null,
    requiresDeposit: event.requiresDeposit,
    category: event.category,
    registrationOpensAt: event.registrationOpensAt?.toISOString() ?? null,
    registrationClosesAt: event.registrationClosesAt?.toISOString() ?? null,
    waitlistEnabled: event.waitlistEnabled,
    autoPromote: event.autoPromote,
    requiresReview: event.requiresReview,
    cancellationCutoffHours: event.cancellationCutoffHours,
    publishedAt: event.publishedAt?.toISOString() ?? null,
    descriptionLength: event.description?.length ?? 0,
    ...(event.leadIds ? { leadIds: event.leadIds } : {}),
  };
}

export type EventChangeOutcome =
  { ok: true; id: number } | { ok: false; field?: string; message: string };

async function validLeadIds(db: Pick<Database, 'select'>, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(
      and(
        inArray(adminUsers.id, [...ids]),
        eq(adminUsers.role, 'event_lead'),
        isNull(adminUsers.deactivatedAt),
      ),
    );
  return rows.map((row) => row.id).sort();
}

export async function createEvent(
  db: Database,
  actor: SignedIn,
  values: EventFormValues,
  leadIds: readonly string[],
  /** When it appears on the site: null for a draft; left out, at once. */
  publishedAt?: Date | null,
): Promise<EventChangeOutcome> {
  return db.transaction(async (tx) => {
    const leads = await validLeadIds(tx, leadIds);
    if (leads.length !== new Set(leadIds).size) {
      return { ok: false, field: 'leads', message: 'Choose event leads from the list.' };
    }
    const [created] = await tx
      .insert(events)
      .values({ ...columnsOf(values), ...(publishedAt === undefined ? {} : { publishedAt }) })
      .returning();
    const event = created!;
    if (leads.length > 0) {
      await tx.insert(eventLeads).values(leads.map((userId) => ({ eventId: event.id, userId })));
    }
    await recordChange(tx, actor, {
      action: 'event.create',
      recordType: 'event',
      recordId: event.id,
      summary: `Created the event "${event.title}"${event.publishedAt === null ? ' as a draft' : event.publishedAt.getTime() > Date.now() ? ', scheduled' : ''}`,
      after: snapshot({ ...event, leadIds: leads }),
    });
    return { ok: true, id: event.id };
  });
}

/**
 * Saves the form over the event. `leadIds` is undefined when the account may not assign leads
 * (they stay as they are). Capacity cannot fall below the people already registered.
 */
export async function updateEvent(
  db: Database,
  actor: SignedIn,
  id: number,
  values: EventFormValues,
  leadIds: readonly string[] | undefined,
  now: Date = new Date(),
): Promise<EventChangeOutcome> {
  const key = await manageLinkKey(db);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, id)).for('update');
    if (!before) return { ok: false, message: 'This event no longer exists.' };
    const registered = await registrationCount(tx, id);
    if (values.capacity !== null && values.capacity < registered) {
      return {
        ok: false,
        field: 'capacity',
        message: `Capacity cannot be lower than the ${countOf(registered, 'place')} already taken.`,
      };
    }
    const previousLeads = (
      await tx.select({ id: eventLeads.userId }).from(eventLeads).where(eq(eventLeads.eventId, id))
    )
      .map((lead) => lead.id)
      .sort();
    let leads = previousLeads;
    if (leadIds) {
      leads = await validLeadIds(tx, leadIds);
      if (leads.length !== new Set(leadIds).size) {
        return { ok: false, field: 'leads', message: 'Choose event leads from the list.' };
      }
      await tx.delete(eventLeads).where(eq(eventLeads.eventId, id));
      if (leads.length > 0) {
        await tx.insert(eventLeads).values(leads.map((userId) => ({ eventId: id, userId })));
      }
    }
    const [after] = await tx
      .update(events)
      .set(columnsOf(values))
      .where(eq(events.id, id))
      .returning();
    await recordChange(tx, actor, {
      action: 'event.update',
      recordType: 'event',
      recordId: id,
      summary: `Changed the event "${after!.title}"`,
      before: snapshot({ ...before, leadIds: previousLeads }),
      after: snapshot({ ...after!, leadIds: leads }),
    });
    // A new date, time or place while people are registered: the console offers to tell them
    // until someone answers, however often the page is reloaded.
    await noteUnannouncedChanges(tx, before, after!);
    // A raised capacity (or promotion turned on) gives the freed places to the waitlist now.
    await promoteAfterEventChange(tx, id, key, now);
    return { ok: true, id };
  });
}

export type RemovalOutcome =
  { ok: true; outcome: 'deleted' | 'cancelled' | 'restored' } | { ok: false; message: string };

/**
 * Deletes an event nobody registered for. One with registrations is cancelled instead: visitors
 * no longer find it and its registrants stay on record.
 */
export async function deleteOrCancelEvent(
  db: Database,
  actor: SignedIn,
  id: number,
): Promise<RemovalOutcome> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
    if (!event) return { ok: false, message: 'This event no longer exists.' };
    const registered = await registrationCount(tx, id);
    if (registered === 0) {
      await tx.delete(events).where(eq(events.id, id));
      await recordChange(tx, actor, {
        action: 'event.delete',
        recordType: 'event',
        recordId: id,
        summary: `Deleted the event "${event.title}"`,
        before: snapshot(event),
      });
      return { ok: true, outcome: 'deleted' };
    }
    if (event.cancelledAt) return { ok: false, message: 'This event is already cancelled.' };
    await tx.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, id));
    await recordChange(tx, actor, {
      action: 'event.cancel',
      recordType: 'event',
      recordId: id,
      summary: `Cancelled the event "${event.title}" (${registered} registered)`,
      before: { cancelled: false },
      after: { cancelled: true },
    });
    return { ok: true, outcome: 'cancelled' };
  });
}

/** Shows a cancelled event to visitors again. */
export async function restoreEvent(
  db: Database,
  actor: SignedIn,
  id: number,
): Promise<RemovalOutcome> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .update(events)
      .set({ cancelledAt: null })
      .where(eq(events.id, id))
      .returning();
    if (!event) return { ok: false, message: 'This event no longer exists.' };
    await recordChange(tx, actor, {
      action: 'event.restore',
      recordType: 'event',
      recordId: id,
      summary: `Restored the cancelled event "${event.title}"`,
      before: { cancelled: true },
      after: { cancelled: false },
    });
    return { ok: true, outcome: 'restored' };
  });
}
