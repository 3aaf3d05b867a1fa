import 'server-only';
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import {
  type Event,
  type EventRegistration,
  eventRegistrations,
  events,
  memberships,
} from '@/lib/db/schema';
import { siteUrl } from '@/lib/env/public';
import { queueEmail, type Queryable } from '@/lib/mail/outbox';
import {
  type ComposedEmail,
  type RegistrationMailContext,
  cancelledEmail,
  confirmedEmail,
  declinedEmail,
  reminderEmail,
  reviewReceivedEmail,
  waitlistedEmail,
} from '@/lib/mail/templates';
import { eventCalendarSequence } from './event-messages';
import { manageLinkKey, manageUrl, unsealManageToken } from './manage-token';
import { waitlistPosition } from './reads';
import type { Step } from './transitions';

/** The staff link the door QR code encodes: it opens the person's card for signed-in staff. */
export function checkInUrl(registrationId: number): string {
  return new URL(`/admin/check-in/${registrationId}`, siteUrl()).toString();
}

/** What the caller knows already (a new registration's link and place in line) is not read again. */
type KnownMailContext = Partial<RegistrationMailContext>;

export async function mailContext(
  step: { tx: Queryable; key: Buffer },
  event: Event,
  registration: EventRegistration,
  extra: KnownMailContext = {},
): Promise<RegistrationMailContext> {
  let url = extra.manageUrl;
  if (url === undefined) {
    const token = registration.manageTokenSealed
      ? unsealManageToken(step.key, registration.manageTokenSealed)
      : null;
    url = token ? manageUrl(token) : null;
  }
  let memberId = extra.memberId;
  if (memberId === undefined && registration.membershipId !== null) {
    const [membership] = await step.tx
      .select({ memberId: memberships.memberId })
      .from(memberships)
      .where(eq(memberships.id, registration.membershipId));
    memberId = membership?.memberId ?? null;
  }
  return {
    event,
    person: { firstName: registration.firstName },
    checkInUrl: checkInUrl(registration.id),
    ...extra,
    memberId: memberId ?? null,
    manageUrl: url,
    waitlistPosition:
      extra.waitlistPosition !== undefined
        ? extra.waitlistPosition
        : await waitlistPosition(step.tx, registration),
  };
}

/** The email a change of status sends, if any. */
export async function emailFor(
  step: Step,
  event: Event,
  registration: EventRegistration,
  from: string | null,
  reason: string | null,
  known: KnownMailContext = {},
): Promise<{ kind: string; email: ComposedEmail } | null> {
  const to = registration.status;
  if (to === 'confirmed') {
    // Undoing a check-in or an excuse changes nothing for the person.
    if (from === 'attended' || from === 'no_show' || from === 'excused') return null;
    const context = await mailContext(step, event, registration, known);
    const promoted = from === 'waitlisted';
    return {
      kind: promoted ? 'promoted' : from === 'submitted' ? 'review_confirmed' : 'confirmed',
      email: await confirmedEmail(context, { promoted }),
    };
  }
  if (to === 'waitlisted') {
    return {
      kind: 'waitlisted',
      email: await waitlistedEmail(await mailContext(step, event, registration, known)),
    };
  }
  if (to === 'submitted') {
    return {
      kind: 'review_received',
      email: await reviewReceivedEmail(await mailContext(step, event, registration, known)),
    };
  }
  if (to === 'declined') {
    return {
      kind: 'review_declined',
      email: await declinedEmail(
        await mailContext(step, event, registration, { ...known, reason }),
      ),
    };
  }
  if (to === 'cancelled') {
    return {
      kind: 'cancelled',
      email: await cancelledEmail(
        await mailContext(step, event, registration, { ...known, reason }),
      ),
    };
  }
  return null;
}

/** The reminder goes this long before the event starts. */
export const REMINDER_LEAD_MS = 24 * 3_600_000;
/**
 * … but never within this long of the confirmation, which carries the same details: a
 * registration confirmed later than the lead before the event is reminded once it is this old,
 * and one confirmed less than this before the event is not reminded at all.
 */
export const REMINDER_AFTER_CONFIRMATION_MS = 3_600_000;

/**
 * The conditions under which a registration's reminder is due at `now`: confirmed (its
 * statusChangedAt is the confirmation, a promotion included) at least an hour ago, never reminded,
 * its event not cancelled and starting within the lead, not started.
 */
function reminderDue(db: Pick<Queryable, 'select'>, now: Date) {
  return and(
    eq(eventRegistrations.status, 'confirmed'),
    isNull(eventRegistrations.reminderQueuedAt),
    lte(
      eventRegistrations.statusChangedAt,
      new Date(now.getTime() - REMINDER_AFTER_CONFIRMATION_MS),
    ),
    // A subquery rather than a join, so that the claiming UPDATE takes the same conditions.
    inArray(
      eventRegistrations.eventId,
      db
        .select({ id: events.id })
        .from(events)
        .where(
          and(
            isNull(events.cancelledAt),
            gt(events.startsAt, now),
            lte(events.startsAt, new Date(now.getTime() + REMINDER_LEAD_MS)),
          ),
        ),
    ),
  );
}

/**
 * Queues each registration's one reminder, `REMINDER_LEAD_MS` before its event (later for one
 * confirmed within the lead, see REMINDER_AFTER_CONFIRMATION_MS). The UPDATE that sets
 * reminder_queued_at claims it, in the transaction that queues the email, so a second tick, a
 * second instance or a later change of the event's time queues no other; the dedupe key
 * `reminder:<id>` says the same in the outbox. Its calendar file carries the event's current
 * SEQUENCE, so that it never takes a calendar back to the time before a change notice.
 */
export async function queueReminders(db: Database, now: Date = new Date()): Promise<number> {
  const due = await db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(reminderDue(db, now))
    .orderBy(asc(eventRegistrations.id));
  if (due.length === 0) return 0;
  const key = await manageLinkKey(db);
  let queued = 0;
  for (const { id } of due) {
    const added = await db.transaction(async (tx) => {
      const [registration] = await tx
        .update(eventRegistrations)
        .set({ reminderQueuedAt: now })
        .where(and(eq(eventRegistrations.id, id), reminderDue(tx, now)))
        .returning();
      if (!registration) return false;
      const [event] = await tx.select().from(events).where(eq(events.id, registration.eventId));
      if (!event) return false;
      const context = await mailContext({ tx, key }, event, registration);
      return queueEmail(tx, {
        dedupeKey: `reminder:${registration.id}`,
        kind: 'reminder',
        to: registration.email,
        email: await reminderEmail(context, {
          now,
          sequence: await eventCalendarSequence(tx, event.id),
        }),
        registrationId: registration.id,
      });
    });
    if (added) queued += 1;
  }
  return queued;
}
